/**
 * Test-only: the hints of seeded bot matches, for each game's explain tests. Every `every`-th state
 * of each match, each seat due is asked for its hint (core/hint.ts, the platform's path: the normal
 * bot's choice and the game's explain over that seat's view). Seeds are labels, hashed to keys.
 */
import { createHash } from 'node:crypto';
import type { AnyGameDefinition, GameAction } from '../src/core/contract';
import { type Hint, hintFor } from '../src/core/hint';
import { canonicalJson, isListed, playout } from '../src/core/playout';

export interface HintSample<S> {
  state: S;
  seat: number;
  hint: Hint;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyState = any;

export function hintSamples<S = AnyState>(
  def: AnyGameDefinition,
  options: unknown,
  seeds: readonly string[],
  { seats, every = 1, maxActions }: { seats: number; every?: number; maxActions?: number },
): HintSample<S>[] {
  const out: HintSample<S>[] = [];
  for (const label of seeds) {
    // A 256-bit key per match, as the server's tables have (from a readable label).
    const seed = createHash('sha256').update(label).digest('hex');
    let n = 0;
    playout(def, def.optionsSchema.parse(options), seed, Array(seats).fill(def.bot), {
      maxActions,
      atLimit: 'stop',
      onStep: ({ before }) => {
        if (n++ % every !== 0) return;
        for (const seat of def.toAct(before)) {
          const r = hintFor(def, before, seat);
          if (r.ok) out.push({ state: before as S, seat, hint: r.hint });
        }
      },
    });
  }
  return out;
}

/** The hint's action is one the rules list for the seat (or, a fuller form of one, accepted by them). */
export function acceptedHere(def: AnyGameDefinition, s: AnyState, seat: number, action: GameAction): boolean {
  return isListed(def.legalActions(s, seat) as GameAction[], action) || def.apply(s, seat, action).ok;
}

/** Words of a hint as one string (what the seat reads). */
export const wordsOf = (h: Hint): string => `${h.label} ${h.why}`;

/** Strings of the state the seat's view never shows (`candidates` that appear nowhere in the view). */
export function unseen(
  def: AnyGameDefinition,
  s: AnyState,
  seat: number,
  candidates: Iterable<string>,
): string[] {
  const view = canonicalJson(def.view(s, seat));
  return [...new Set(candidates)].filter((c) => c.length > 2 && !view.includes(c));
}
