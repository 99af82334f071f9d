/**
 * The reducer. `apply` validates the shape, refuses what the phase forbids, then performs the action
 * on a copy; every refusal names the rule. `legalActions` (legal.ts) lists only actions `apply`
 * accepts; the property tests hold the two together.
 */
import type { ApplyResult, RuleError, SeatIndex } from '../../core/contract';
import * as engine from '../../devices-engine';
import { ruleError } from '../../devices-engine';
import { actionSchema } from './actions';
import { choicesOpen, emergencyTimeUp, emergencyVote, setPanic } from './emergency';
import { Rules as ProposalRules, checkDraft, checkSubmit, checkVote, submit } from './proposals';
import type { Events } from './state';
import { cloneState, ctxOf, stamp } from './state';
import { endNday, startClock } from './time';
import type { DevicesAction, DevicesState } from './types';

export const Err = {
  GAME_OVER: 'GAME_OVER',
  NOT_A_SEAT: 'NOT_A_SEAT',
  BAD_ACTION: 'BAD_ACTION',
  EMERGENCY: 'EMERGENCY',
  NO_EMERGENCY: 'NO_EMERGENCY',
  ROLLBACK_USED: 'ROLLBACK_USED',
  CLOCK_OFF: 'CLOCK_OFF',
  ALREADY_PASSED: 'ALREADY_PASSED',
  PANIC_UNCHANGED: 'PANIC_UNCHANGED',
  HOST_ONLY: 'HOST_ONLY',
  STALE_TICK: 'STALE_TICK',
  NOT_ENOUGH_POINTS: 'NOT_ENOUGH_POINTS',
} as const;

export const Rules = {
  ...ProposalRules,
  TIME: 'Devices rules: ndays and the Clock',
  PANIC: 'Devices rules: Panic Buttons and the emergency',
  CONVERT: 'Devices rules: Points and mackerel',
  END: 'Devices rules: the end of the game',
  PLAYERS: 'Devices rules: 2 to 8 players',
  ACTIONS: 'Devices rules: Game Actions',
};

/**
 * Seats expected to act: players who have not passed; emergency voters. Nobody while the Clock is
 * Off: the table's host (the room knows who that is) or the timer starts it.
 */
export function toAct(s: DevicesState): SeatIndex[] {
  if (s.phase === 'finished') return [];
  const seats = s.names.map((_, i) => i);
  if (s.phase === 'emergency') return seats.filter((i) => s.emergency!.votes[i] === null);
  if (!s.clockOn) return [];
  return seats.filter((i) => !s.passed[i]);
}

export function phaseOf(s: DevicesState): string {
  if (s.phase === 'running' && !s.clockOn) return 'clockOff';
  return s.phase;
}

const EMERGENCY_ACTIONS: ReadonlySet<DevicesAction['type']> = new Set(['panic', 'emergencyVote', 'tick']);

function perform(s: DevicesState, seat: number, a: DevicesAction, events: Events): RuleError | null {
  const ctx = ctxOf(s, events);
  const e = s.engine;
  switch (a.type) {
    case 'purchase':
      return engine.purchase(e, seat, a.blueprint, ctx);
    case 'bid':
      return engine.bid(e, seat, a.blueprint, a.amount, ctx);
    case 'activate': {
      const { type: _type, ...activation } = a;
      return engine.activate(e, seat, activation, s.clockOn, ctx);
    }
    case 'destroy':
      return engine.destroyOwn(e, seat, a.device, ctx);
    case 'offer':
      return engine.offer(e, seat, a.device, a.to, ctx);
    case 'accept':
      return engine.accept(e, seat, a.offer, ctx);
    case 'decline':
      return engine.decline(e, seat, a.offer, ctx);
    case 'convert': {
      const w = e.wallets[seat]!;
      if (w.score < a.points)
        return ruleError(Err.NOT_ENOUGH_POINTS, Rules.CONVERT, `You have ${w.score} Points.`);
      w.score -= a.points;
      w.money += a.points * ctx.units.pointValue;
      events.push({
        type: 'converted',
        text: `${s.names[seat]} converts ${a.points} Point(s) to m${a.points * ctx.units.pointValue}`,
        seat,
      });
      return null;
    }
    case 'draft': {
      const err = checkDraft(s, a.spec);
      if (err) return err;
      s.drafts[seat] = structuredClone(a.spec);
      events.push({ type: 'draft', text: `Draft saved: ${a.spec.name}`, seat, to: seat });
      return null;
    }
    case 'submit': {
      const err = checkSubmit(s, seat);
      if (err) return err;
      submit(s, seat, events);
      return null;
    }
    case 'vote': {
      const err = checkVote(s, seat, a.proposal);
      if (err) return err;
      const p = s.proposals.find((x) => x.id === a.proposal)!;
      p.votes[seat] = a.yes;
      events.push({
        type: 'vote',
        text: `${s.names[seat]} votes ${a.yes ? 'for' : 'against'} proposal #${p.id} (${p.spec.name})`,
        seat,
      });
      return null;
    }
    case 'pass': {
      if (!s.clockOn)
        return ruleError(Err.CLOCK_OFF, Rules.TIME, 'The Clock is Off: there is no nday to pass.');
      if (s.passed[seat])
        return ruleError(Err.ALREADY_PASSED, Rules.TIME, 'You have already passed this nday.');
      s.passed[seat] = true;
      events.push({ type: 'pass', text: `${s.names[seat]} passes`, seat });
      if (s.passed.every(Boolean)) endNday(s, events);
      return null;
    }
    case 'panic':
      if (s.panic[seat] === a.on)
        return ruleError(
          Err.PANIC_UNCHANGED,
          Rules.PANIC,
          `Your Panic Button is already ${a.on ? 'On' : 'Off'}.`,
        );
      setPanic(s, seat, a.on, events);
      return null;
    case 'emergencyVote':
      if (s.phase !== 'emergency') return ruleError(Err.NO_EMERGENCY, Rules.PANIC, 'There is no emergency.');
      if (!choicesOpen(s).includes(a.choice))
        return ruleError(Err.ROLLBACK_USED, Rules.PANIC, 'This nweek has already been rolled back once.');
      emergencyVote(s, seat, a.choice, events);
      return null;
    case 'tick':
      // The timer's action; a player may send it only as the table's host, which the room checks
      // (the rules cannot know who hosts: the host can change during a match).
      if (a.window !== s.window)
        return ruleError(Err.STALE_TICK, Rules.TIME, 'That time window is already over.');
      if (s.phase === 'emergency') emergencyTimeUp(s, events);
      else if (!s.clockOn) startClock(s, events);
      else endNday(s, events);
      return null;
  }
}

export function apply(
  state: DevicesState,
  seat: SeatIndex,
  action: DevicesAction,
): ApplyResult<DevicesState> {
  const no = (code: string, rule: string, message: string) => ({
    ok: false as const,
    error: ruleError(code, rule, message),
  });
  if (state.phase === 'finished') return no(Err.GAME_OVER, Rules.END, 'The game is over.');
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.names.length)
    return no(Err.NOT_A_SEAT, Rules.PLAYERS, 'Only the players can act.');
  const parsed = actionSchema.safeParse(action);
  if (!parsed.success) return no(Err.BAD_ACTION, Rules.ACTIONS, 'That is not a Devices action.');
  const a = parsed.data;
  if (state.phase === 'emergency' && !EMERGENCY_ACTIONS.has(a.type))
    return {
      ok: false,
      error: ruleError(
        Err.EMERGENCY,
        Rules.PANIC,
        'During an emergency only Panic Buttons and the emergency vote count.',
      ),
    };
  const s = cloneState(state);
  const events: Events = [];
  const err = perform(s, seat, a, events);
  if (err) return { ok: false, error: err };
  stamp(s, events);
  return { ok: true, state: s, events };
}
