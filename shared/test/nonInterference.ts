/**
 * Non-interference: what a seat cannot see cannot change anything the seat can observe (issue 31,
 * "Hidden means hidden"). The contract suite runs it at a few states sampled along each playout.
 *
 * At a state s it builds look-alikes s' of s:
 * - `def.redeal(s, k)` for a fresh key k: the same to every viewer. Every view (each seat's and the
 *   spectator's), every seat's legal actions, the phase, the seats due, the timer and the outcome
 *   must be the same as in s: a redeal that changes any of them deals something a seat has seen.
 * - for one seat, the states the plan's `lookalikes(s, seat, random)` makes (hidden enemy units moved
 *   or removed, a hidden card swapped): that seat's view and legal actions, the phase, the seats due
 *   and the timer must be the same in s' (or the generator is wrong, and the check says so).
 *
 * Then, for each seat, it sends the same probes in s and in s' as that seat and compares the answers.
 * The probes are what a client could send: the seat's own legal actions, the other seats' (in either
 * state), the timer's, actions accepted anywhere in the match (another turn's, another phase's),
 * and variants of them with one field changed (a number one off or far out of
 * range, a string replaced by another found anywhere in the full state, hidden ids included, a flag
 * flipped, an entry dropped), kept only if they pass the action schema as the room checks it first
 * (the schema does not see the state, so what it refuses tells nothing).
 *
 * The answer must be the same: accepted in both, or refused in both with the same code and the same
 * message. A refusal that depends on a hidden card or unit (NO_TARGET where a hidden unit stands) is
 * an oracle: probing it tells the seat what it may not know.
 *
 * A hint ("What would you do?", core/hint.ts) is an answer too: the seat's hint must be the same in
 * s and in s' (its action and every word of it), and the rules must accept its action.
 *
 * After an accepted action, what the seat is shown next may differ, and rightly so when the action
 * brings something hidden to light (a card drawn from the redealt deck, a battle with a hidden unit,
 * a move that brings a hidden unit into sight). What follows an action is compared only where that
 * cannot be: for a redeal, when the two states after the action differ only where the two states
 * before it did (the action took nothing from what was redealt into what it changed), the events the
 * seat is sent (public ones and its own) and its view must be equal. After a plan's look-alike,
 * nothing is compared after acceptance: sight itself changes with a move.
 */
import type { AnyGameDefinition, GameAction, GameEvent, Viewer } from '../src/core/contract';
import { SPECTATOR } from '../src/core/contract';
import { type HintResult, hintFor } from '../src/core/hint';
import { canonicalJson } from '../src/core/playout';
import type { Random } from '../src/core/rng';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyState = any;

/** States that look like `state` to `seat` (same view, same legal actions), from the plan. */
export type Lookalikes = (state: AnyState, seat: number, random: Random) => AnyState[];

export interface SecrecyPlan {
  /** Probe actions sent per seat and look-alike pair. */
  probes: number;
  /** Actions accepted anywhere in the match: probes too, and bases for malformed variants. */
  known: GameAction[];
  lookalikes?: Lookalikes;
  /** The hint under test (default: the platform's, core/hint.ts; the broken-game tests swap it). */
  hint?: (def: AnyGameDefinition, state: AnyState, seat: number) => HintResult;
}

/** A 256-bit key from the sampling generator: deterministic for a match, like everything else. */
export function freshKey(random: Random): string {
  let hex = '';
  for (let i = 0; i < 16; i++) hex += random.int(0, 0xffff).toString(16).padStart(4, '0');
  return hex;
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** The strings and the numbers anywhere in a state (hidden ones too): what a probe may swap in. */
function valuePools(state: AnyState): { strings: string[]; numbers: number[] } {
  const strings = new Set<string>();
  const numbers = new Set<number>();
  const seen = new Set<object>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') strings.add(v);
    else if (typeof v === 'number') numbers.add(v);
    else if (v && typeof v === 'object' && !seen.has(v)) {
      seen.add(v);
      for (const x of Object.values(v)) walk(x);
    }
  };
  walk(state);
  return { strings: [...strings], numbers: [...numbers] };
}

/** `value` with one part changed, the way a client could get it wrong (or try its luck). */
function mutate(value: unknown, random: Random, pools: { strings: string[]; numbers: number[] }): unknown {
  if (typeof value === 'number') {
    const choices = [value + 1, value - 1, -1, 1_000_000];
    if (pools.numbers.length) choices.push(random.pick(pools.numbers));
    return random.pick(choices);
  }
  if (typeof value === 'string') return pools.strings.length ? random.pick(pools.strings) : `${value}?`;
  if (typeof value === 'boolean') return !value;
  if (Array.isArray(value)) {
    if (value.length === 0) return pools.strings.length ? [random.pick(pools.strings)] : [0];
    const i = random.int(0, value.length - 1);
    if (random.int(0, 2) === 0) return value.filter((_, k) => k !== i);
    return value.map((x, k) => (k === i ? mutate(x, random, pools) : x));
  }
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).filter((k) => k !== 'type');
    if (keys.length === 0) return value;
    const key = random.pick(keys);
    return { ...value, [key]: mutate((value as Record<string, unknown>)[key], random, pools) };
  }
  return value;
}

/** What `seat` may send as probes in `states` (deduplicated, parsed by the action schema). */
function probeActions(
  def: AnyGameDefinition,
  states: AnyState[],
  seat: number,
  seats: number,
  random: Random,
  count: number,
  known: GameAction[],
): GameAction[] {
  const pools = valuePools(states[0]);
  const own = def.legalActions(states[0], seat) as GameAction[];
  const others = states.flatMap((s) =>
    Array.from({ length: seats }, (_, o) =>
      o === seat ? [] : (def.legalActions(s, o) as GameAction[]),
    ).flat(),
  );
  const timer = def.timeout(states[0]);
  const candidates: unknown[] = [];
  const pick = (from: GameAction[], n: number) => {
    for (let i = 0; i < n && from.length; i++) candidates.push(random.pick(from));
  };
  pick(own, Math.ceil(count / 4));
  pick(others, Math.ceil(count / 4));
  pick(known, Math.ceil(count / 4));
  if (timer) candidates.push(timer.action);
  const bases = [...own, ...others, ...known];
  for (let i = 0; bases.length && i < count; i++) candidates.push(mutate(random.pick(bases), random, pools));

  const out = new Map<string, GameAction>();
  for (const c of candidates) {
    const parsed = def.actionSchema.safeParse(c);
    if (parsed.success) out.set(canonicalJson(parsed.data), parsed.data);
  }
  return [...out.values()].slice(0, count + 1);
}

/** Leaf paths where two JSON values differ (`prefix` names the place). */
function differences(a: unknown, b: unknown, prefix: string, out: Set<string>): Set<string> {
  if (a === b) return out;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys)
      differences(
        (a as Record<string, unknown>)[k],
        (b as Record<string, unknown>)[k],
        `${prefix}/${k}`,
        out,
      );
    return out;
  }
  if (!same(a, b)) out.add(prefix);
  return out;
}

/** The events a seat is sent: public ones and its own. */
const seen = (events: GameEvent[], seat: number) => events.filter((e) => e.to === undefined || e.to === seat);

/** Throws unless `a` and `b` look the same to every viewer in `viewers`. */
function expectLookalike(
  def: AnyGameDefinition,
  a: AnyState,
  b: AnyState,
  viewers: Viewer[],
  where: string,
): void {
  for (const v of viewers) {
    if (!same(def.view(a, v), def.view(b, v)))
      throw new Error(`${where} changes what ${v === SPECTATOR ? 'a spectator' : `seat ${v}`} sees`);
    if (v !== SPECTATOR && !same(def.legalActions(a, v), def.legalActions(b, v)))
      throw new Error(`${where} changes seat ${v}'s legal actions`);
  }
  for (const [name, of] of [
    ['phase', def.phase],
    ['seats due', def.toAct],
    ['timer', def.timeout],
    ['outcome', def.outcome],
  ] as const)
    if (!same(of(a), of(b))) throw new Error(`${where} changes the ${name}`);
}

/** Sends each probe as `seat` in `s` and in its look-alike `t`; throws on the first different answer. */
function compareAnswers(
  def: AnyGameDefinition,
  s: AnyState,
  t: AnyState,
  seat: number,
  probes: GameAction[],
  afterwards: boolean,
  where: string,
): void {
  const before = afterwards ? differences(s, t, '', new Set()) : null;
  for (const probe of probes) {
    const what = `${where}: seat ${seat}'s ${JSON.stringify(probe)}`;
    const a = def.apply(s, seat, probe);
    const b = def.apply(t, seat, probe);
    if (!a.ok && !b.ok) {
      if (a.error.code !== b.error.code || a.error.message !== b.error.message)
        throw new Error(
          `${what} is refused differently in a state that looks the same to it: ` +
            `${a.error.code} "${a.error.message}" / ${b.error.code} "${b.error.message}"`,
        );
      continue;
    }
    if (a.ok !== b.ok)
      throw new Error(
        `${what} is ${a.ok ? 'accepted' : 'refused'} in one state and ${b.ok ? 'accepted' : 'refused'} ` +
          `in one that looks the same to it (${a.ok ? '' : `${a.error.code} "${a.error.message}"`}${b.ok ? '' : `${b.error.code} "${b.error.message}"`})`,
      );
    if (!a.ok || !b.ok || !before) continue;
    // Only where the action took nothing from what differs (see the header) must what follows agree.
    const after = differences(a.state, b.state, '', new Set());
    if ([...after].some((p) => !before.has(p))) continue;
    if (!same(seen(a.events, seat), seen(b.events, seat)))
      throw new Error(`${what} sends it different events in states that look the same to it`);
    if (!same(def.view(a.state, seat), def.view(b.state, seat)))
      throw new Error(`${what} leaves it a different view in states that looked the same to it`);
  }
}

/** The seat's hint in `s` and in its look-alike `t` must be the same, and its action accepted. */
function compareHints(
  def: AnyGameDefinition,
  s: AnyState,
  t: AnyState,
  seat: number,
  hint: NonNullable<SecrecyPlan['hint']>,
  where: string,
): void {
  const a = hint(def, s, seat);
  const b = hint(def, t, seat);
  if (!same(a, b))
    throw new Error(
      `${where}: seat ${seat}'s hint differs in a state that looks the same to it: ` +
        `${JSON.stringify(a)} / ${JSON.stringify(b)}`,
    );
  if (!a.ok) return;
  const applied = def.apply(s, seat, a.hint.action);
  if (!applied.ok)
    throw new Error(
      `${where}: seat ${seat}'s hint ${JSON.stringify(a.hint.action)} is refused: ${applied.error.code}`,
    );
}

/** Every non-interference check at one state (see the header). */
export function checkNonInterference(
  def: AnyGameDefinition,
  s: AnyState,
  seats: number,
  random: Random,
  plan: SecrecyPlan,
): void {
  const where = `${def.id}, in phase ${def.phase(s)}`;
  if (!def.redeal) throw new Error(`${def.id} has no redeal`);
  const key = freshKey(random);
  const redealt = def.redeal(s, key);
  if (!same(redealt, def.redeal(s, key))) throw new Error(`${where}: the same key redeals differently`);
  const everyone = [SPECTATOR, ...Array.from({ length: seats }, (_, i) => i)];
  expectLookalike(def, s, redealt, everyone, `${where}: a redeal`);
  if (def.outcome(s)) return;
  const hint = plan.hint ?? hintFor;
  for (let seat = 0; seat < seats; seat++) {
    const lookalikes = plan.lookalikes?.(s, seat, random) ?? [];
    for (const t of lookalikes)
      expectLookalike(def, s, t, [seat], `${where}: the plan's look-alike for seat ${seat}`);
    compareHints(def, s, redealt, seat, hint, `${where}, redealt`);
    for (const t of lookalikes) compareHints(def, s, t, seat, hint, `${where}, a look-alike`);
    compareAnswers(
      def,
      s,
      redealt,
      seat,
      probeActions(def, [s, redealt], seat, seats, random, plan.probes, plan.known),
      true,
      `${where}, redealt`,
    );
    for (const t of lookalikes)
      compareAnswers(
        def,
        s,
        t,
        seat,
        probeActions(def, [s, t], seat, seats, random, plan.probes, plan.known),
        false,
        `${where}, a look-alike`,
      );
  }
}
