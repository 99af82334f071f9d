/** Test-only helpers (never imported by product code): build a game and drive it with actions that must succeed. */
import * as core from '../../core/testkit';
import type { RuleError } from '../../core/contract';
import { optionsSchema } from './options';
import { SEAT_NAMES } from './playout';
import { apply } from './rules';
import { setup } from './setup';
import type { DevicesAction, DevicesOptions, DevicesState } from './types';

export function newGame(seats = 3, options: Partial<DevicesOptions> = {}, seed = 1): DevicesState {
  const names = SEAT_NAMES.slice(0, seats).map((name) => ({ name, bot: false }));
  return setup(optionsSchema.parse(options), names, seed);
}

export type Step = core.Step<DevicesState>;

/** Applies an action that must be accepted. */
export const act = core.accepting(apply);

export function refused(state: DevicesState, seat: number, action: DevicesAction): RuleError {
  const r = apply(state, seat, action);
  if (r.ok) throw new Error(`accepted ${JSON.stringify(action)}`);
  return r.error;
}

/** The host seat starts the Clock. */
export function clockOn(s: DevicesState): DevicesState {
  return act(s, 0, { type: 'startClock' }).state;
}

/** Every seat passes: the nday ends. */
export function passAll(s: DevicesState): Step {
  let step: Step = { state: s, events: [] };
  for (let seat = 0; seat < s.names.length; seat++) {
    if (step.state.passed[seat]) continue;
    const next = act(step.state, seat, { type: 'pass' });
    step = { state: next.state, events: [...step.events, ...next.events] };
  }
  return step;
}

/** Moves time on (Clock On if needed) until the given nday of the current nweek begins. */
export function toNday(s: DevicesState, nday: number): DevicesState {
  let state = s.clockOn ? s : clockOn(s);
  while (state.nday !== nday) state = passAll(state).state;
  return state;
}

/** Id of the first Device named `name` owned by `seat`. */
export function deviceId(s: DevicesState, seat: number, name: string): number {
  const d = s.engine.devices.find((x) => x.owner === seat && x.name === name);
  if (!d) throw new Error(`seat ${seat} owns no ${name}`);
  return d.id;
}
