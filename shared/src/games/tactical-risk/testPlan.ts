/** Tactical Risk's test plan (core/testPlan.ts): how the platform's checks play it. */
import { defineTestPlan } from '../../core/testPlan';
import { fogLookalikes } from './fogLookalike';
import { tacticalRisk } from './index';
import type { TacticalRiskAction, TacticalRiskState } from './types';
import type { TrView } from './wireView';

type Json = Readonly<Record<string, unknown>>;

/** Every `Faction@Territory` a decoded table state names: public stacks and stack strings. */
export function decodedStacks(json: Json): Set<string> {
  const out = new Set<string>();
  for (const [at, t] of Object.entries((json.territories ?? {}) as Record<string, Json>))
    for (const f of Object.keys((t.units ?? {}) as Json)) out.add(`${f}@${at}`);
  const walk = (v: unknown): void => {
    if (typeof v === 'string') for (const m of v.matchAll(/([A-Za-z]+@[^:;]+):/g)) out.add(m[1]!);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  const { log: _log, ...rest } = json;
  walk(rest);
  return out;
}

/** Plays from the legal lists: a few buys and moves per phase, every battle fought, then the phase ends. */
function tacticalRiskChoice() {
  let phase = '';
  let inPhase = 0;
  return (legal: TacticalRiskAction[], view: TrView, _seat: number, random: () => number) => {
    if (view.public.phase !== phase) [phase, inPhase] = [view.public.phase, 0];
    inPhase++;
    const busy = legal.filter((a) => a.type === 'buy' || a.type === 'move' || a.type === 'place');
    const end = legal.find((a) => a.type === 'endPhase');
    if (end && (busy.length === 0 || inPhase > 3 || random() < 0.2)) return end;
    return busy.length > 0 ? busy[Math.floor(random() * busy.length)]! : legal[0]!;
  };
}

export const testPlan = defineTestPlan<TacticalRiskState, TacticalRiskAction, TrView>()({
  contract: {
    options: [{ roundLimit: 1 }, { roundLimit: 1, fogOfWar: true, mode: 'ffa' }],
    seats: [2, 3, 5],
    matches: 2,
    // Two matches: more states each for non-interference (with fog, hidden units).
    secrecyStates: 5,
    // Under fog: the same board with hidden enemy units removed, moved or added.
    lookalikes: (state, seat, random) => fogLookalikes(state, seat, () => random.float()),
    unlistedBotAnswers:
      'the bot buys several units in one action (`{ infantry: 8 }`) where legalActions lists one-unit templates, as the purchase form does; the room accepts such an answer when the rules do (MatchFlow.botTurn)',
  },
  choose: tacticalRiskChoice,
  clock: { options: { phaseSeconds: 60, bankSeconds: 300 }, action: { type: 'timeBank' } },
  leak: {
    options: { fogOfWar: true },
    steps: 90,
    partial: true,
    lateJoin: (step) => step === 45,
    secretsPerStep: 40,
    verify: ({ state, decoded }) => {
      const failed: string[] = [];
      if (state.turnNumber <= 3) failed.push(`only ${state.turnNumber} turns were played`);
      // Under fog a spectator decodes no units at all; each seat decodes its own.
      for (const { seat, json } of decoded) {
        const stacks = decodedStacks(json).size;
        if (seat < 0 && stacks > 0) failed.push(`a spectator decoded ${stacks} stacks`);
        if (seat >= 0 && stacks === 0) failed.push(`seat ${seat} decoded no stack`);
      }
      return failed;
    },
    hooks: {
      // Under fog of war: enemy stacks (`Faction@Territory`) the seat's view does not show.
      secrets: (s, viewer) => {
        const view = tacticalRisk.view(s, viewer);
        const visible = new Set(
          [...view.public.units, ...(view.private?.units ?? [])].map((u) => `${u.owner}@${u.at}`),
        );
        return [...new Set(s.units.map((u) => `${u.owner}@${u.at}`))].filter((k) => !visible.has(k));
      },
      spellings: (stack) => [{ text: `${stack}:` }],
      decoded: (json) => {
        const stacks = decodedStacks(json);
        return (stack) => stacks.has(stack);
      },
      privateParts:
        'its private parts are public words (faction and territory names): which faction stands where is the secret, checked as stacks',
    },
  },
});
