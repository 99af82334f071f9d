/**
 * The contract every registered game keeps, checked over seeded bot playouts (fast-check draws the
 * seed, the kind of seed, the number of seats and the options). A game gets all of it by being in a
 * registry: shared/test/contract.test.ts runs it for every game of shared/src/games and of
 * shared/test/games.
 *
 * - purity: every state, action, option, view and legal list is deep-frozen before the rules or the
 *   bot see it, so any change in place throws;
 * - legality: sampled legal actions of every seat are accepted by `apply`; the bots answer with a
 *   listed action; the timer's action is accepted (and listed, for a seat's timer, unless it is
 *   one of the clock's own actions, `table.clockOnly`, which no legal list ever offers);
 * - views: the public part is the same for every viewer, a spectator's private part is null, a
 *   seat's private part is `privateView` where the game has it;
 * - a finished match asks nothing more (nobody due, no legal action, no timer);
 * - determinism: the same seed and bots give the same states and events, and replaying the recorded
 *   actions (core/replay.ts) gives the same end;
 * - non-interference (nonInterference.ts, where its reasoning is written down): at a few states
 *   sampled along each match, a redeal (`def.redeal` from a fresh key) and the plan's look-alikes
 *   look the same to every seat concerned, and every probe a seat may send (its legal actions, the
 *   others', the timer's, malformed variants with ids from the whole state) is answered the same in
 *   both: accepted in both, or refused with the same code and message. After an accepted action what
 *   the seat is shown next must agree too, where the action drew nothing from what was redealt; and
 *   the seat's hint (core/hint.ts) is the same in both, its action one the rules accept;
 * - play goes on after a redeal: from one sampled state, redealt, the bots play on with every check
 *   above, and the record with the dealer's redeal in it (core/redeal.ts) replays to the same state.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { AnyGameDefinition, GameAction, GameView, SeatSetup } from '../src/core/contract';
import { SPECTATOR } from '../src/core/contract';
import { type PlayoutRules, canonicalJson, isListed, playout } from '../src/core/playout';
import { ReplayModel } from '../src/core/replay';
import { Random, type Seed, seedRng } from '../src/core/rng';
import { sameAction } from '../src/core/actions';
import { DEALER_SEAT, applyRecorded, redealAction } from '../src/core/redeal';
import type { ContractPlan as BasePlan } from '../src/core/testPlan';
import { type Lookalikes, type SecrecyPlan, checkNonInterference, freshKey } from './nonInterference';

/** A game's contract plan (its test plan's `contract`, core/testPlan.ts), and the hint under test. */
export interface ContractPlan extends BasePlan<AnyState> {
  /** The hint under test (default: the platform's; the broken-game tests swap in a leaky one). */
  hint?: SecrecyPlan['hint'];
}

/** A plan with its defaults filled in. */
type FullPlan = Required<Omit<ContractPlan, 'lookalikes' | 'hint'>> &
  Pick<ContractPlan, 'lookalikes' | 'hint'>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyState = any;

const deepFrozen = new WeakSet<object>();

/** Freezes `value` and everything it reaches (once: states share most of their parts). */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || deepFrozen.has(value)) return value;
  deepFrozen.add(value);
  if (ArrayBuffer.isView(value))
    throw new Error('a typed array in a state or view cannot be frozen (use plain arrays)');
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<string | symbol, unknown>)[key]);
  Object.freeze(value);
  return value;
}

/**
 * The game's rules with every input frozen (strict mode: a write to a frozen object throws). What
 * they return is frozen where it goes back in (a state, a listed action, a view given to the bot),
 * not before: freezing every trial `apply`'s new state and every list and view the checks only
 * read cost a fifth of the suite's time and guarded nothing more.
 */
function frozenRules(def: AnyGameDefinition): PlayoutRules<AnyState, GameAction, unknown, unknown, unknown> {
  return {
    setup: (options, seats, seed) => deepFreeze(def.setup(deepFreeze(options), deepFreeze(seats), seed)),
    legalActions: (s, seat) => def.legalActions(deepFreeze(s), seat),
    apply: (s, seat, action) => def.apply(deepFreeze(s), seat, deepFreeze(action)),
    view: (s, viewer) => def.view(deepFreeze(s), viewer),
    toAct: (s) => def.toAct(deepFreeze(s)),
    timeout: (s) => def.timeout(deepFreeze(s)),
    outcome: (s) => def.outcome(deepFreeze(s)),
    table: def.table,
  };
}

/** The frozen rules as a whole definition, redeal included. */
function frozenDefinition(def: AnyGameDefinition): AnyGameDefinition {
  return {
    ...def,
    ...frozenRules(def),
    table: def.table,
    phase: (s) => def.phase(deepFreeze(s)),
    redeal: def.redeal && ((s, seed) => deepFreeze(def.redeal!(deepFreeze(s), seed))),
  };
}

/** A 32-bit FNV-1a hash (of a game's id: its default CONTRACT_SEED). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * A step's fingerprint: the determinism check keeps one per step, not whole states (a native
 * digest: a hash loop in JavaScript over every step's JSON took a third of the suite's time).
 */
function digest(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}

function seatsOf(n: number): SeatSetup[] {
  return Array.from({ length: n }, (_, i) => ({ name: `Seat ${i + 1}`, bot: true }));
}

/** Every check that holds in any single state. */
function checkState(
  def: AnyGameDefinition,
  s: AnyState,
  seats: number,
  sample: Random,
  plan: FullPlan,
): void {
  const { legalSample } = plan;
  const where = `${def.id}, in phase ${def.phase(s)}`;
  const phase = def.phase(s);
  expect(typeof phase).toBe('string');
  const spectator = def.view(s, SPECTATOR);
  if (spectator.private !== null) throw new Error(`${where}: a spectator's view has a private part`);
  const publicJson = canonicalJson(spectator.public);
  for (let seat = 0; seat < seats; seat++) {
    const v = def.view(s, seat);
    if (canonicalJson(v.public) !== publicJson)
      throw new Error(`${where}: seat ${seat}'s public part differs from the spectator's`);
    if (def.privateView && canonicalJson(def.privateView(s, seat)) !== canonicalJson(v.private))
      throw new Error(`${where}: privateView(${seat}) differs from view(${seat}).private`);
  }
  const toAct = def.toAct(s);
  for (const seat of toAct) expect(seat >= 0 && seat < seats).toBe(true);
  const outcome = def.outcome(s);
  if (outcome) {
    expect(toAct).toEqual([]);
    expect(def.timeout(s)).toBeNull();
    for (let seat = 0; seat < seats; seat++) expect(def.legalActions(s, seat)).toEqual([]);
    for (const w of outcome.winners) expect(w >= 0 && w < seats).toBe(true);
    return;
  }
  const clockOnly = def.table?.clockOnly;
  for (let seat = 0; seat < seats; seat++) {
    const legal = def.legalActions(s, seat);
    const offered = clockOnly && legal.find((a) => clockOnly(a));
    if (offered) throw new Error(`${where}: seat ${seat} is offered the clock's ${JSON.stringify(offered)}`);
    for (const action of legal) checkSchemaGivesBack(def, where, seat, action);
    const tried =
      legal.length <= legalSample ? legal : Array.from({ length: legalSample }, () => sample.pick(legal));
    for (const action of tried) {
      const r = def.apply(s, seat, action);
      if (!r.ok)
        throw new Error(`${where}: seat ${seat}'s legal ${JSON.stringify(action)} refused: ${r.error.code}`);
    }
  }
  const timer = def.timeout(s);
  if (timer) {
    const r = def.apply(s, timer.seat, timer.action);
    if (!r.ok)
      throw new Error(`${where}: the timer's ${JSON.stringify(timer.action)} refused: ${r.error.code}`);
    if (
      !plan.unlistedTimerAction &&
      timer.seat !== SPECTATOR &&
      !clockOnly?.(timer.action) &&
      !isListed(def.legalActions(s, timer.seat), timer.action)
    )
      throw new Error(`${where}: the timer's ${JSON.stringify(timer.action)} is not a legal action`);
  }
}

const schemaChecked = new WeakMap<object, Set<string>>();

/**
 * A legal action passes the game's action schema and comes out equal to itself: the server hands on
 * a payload sent exactly as listed without the schema (server/src/rooms/listedAction.ts, which also
 * runs each listed action through it once, and skips it only where the output is identical, key
 * order included), so the schema must accept every listed action, as it would from a client.
 */
function checkSchemaGivesBack(def: AnyGameDefinition, where: string, seat: number, action: GameAction): void {
  // Each distinct action once per schema (a legal list repeats most of the last one's).
  let seen = schemaChecked.get(def.actionSchema);
  if (!seen) schemaChecked.set(def.actionSchema, (seen = new Set()));
  const json = JSON.stringify(action);
  if (seen.has(json)) return;
  seen.add(json);
  const parsed = def.actionSchema.safeParse(action);
  if (!parsed.success)
    throw new Error(
      `${where}: seat ${seat}'s legal ${JSON.stringify(action)} fails the action schema: ${parsed.error.message}`,
    );
  if (!sameAction(parsed.data as GameAction, action))
    throw new Error(
      `${where}: the action schema turns seat ${seat}'s legal ${JSON.stringify(action)} into ${JSON.stringify(parsed.data)}`,
    );
}

interface Match {
  seed: Seed;
  seats: number;
  options: unknown;
}

/** The seed of the non-interference sampling: the match seed changed (neither the rules' nor the bots'). */
function secrecySeed(seed: Seed): Seed {
  if (typeof seed === 'number') return seed + 2;
  const tail = (parseInt(seed.slice(-8), 16) ^ 0x5ec2e7) >>> 0;
  return seed.slice(0, -8) + tail.toString(16).padStart(8, '0');
}

/** The plan's look-alikes, given a frozen state (a generator must not change it either). */
function frozenLookalikes(lookalikes: Lookalikes): Lookalikes {
  return (s, seat, random) => lookalikes(deepFreeze(s), seat, random).map((t) => deepFreeze(t));
}

/** One match through the frozen rules with every check at every step; the per-step hashes. */
function checkedMatch(def: AnyGameDefinition, m: Match, plan: FullPlan) {
  const rules = frozenRules(def);
  const checked = frozenDefinition(def);
  const bot = {
    decide: (view: GameView<unknown, unknown>, legal: GameAction[], random: () => number) =>
      def.bot.decide(deepFreeze(view), deepFreeze(legal), random),
  };
  const sample = new Random(seedRng(typeof m.seed === 'number' ? m.seed + 1 : m.seed));
  const hashes: string[] = [];
  // A uniform sample of the match's states for the non-interference check (reservoir sampling).
  const secrecy = new Random(seedRng(secrecySeed(m.seed)));
  /** Each sampled state, and how many actions of the match led to it. */
  const sampled: { state: AnyState; step: number }[] = [];
  let steps = 0;
  const offer = (state: AnyState) => {
    const step = steps++;
    if (sampled.length < plan.secrecyStates) sampled.push({ state, step });
    else {
      const i = secrecy.int(0, steps - 1);
      if (i < plan.secrecyStates) sampled[i] = { state, step };
    }
  };
  let first = true;
  const result = playout(rules, m.options, m.seed, Array(m.seats).fill(bot), {
    seats: seatsOf(m.seats),
    maxActions: plan.maxActions,
    atLimit: 'stop',
    unlisted: plan.unlistedBotAnswers ? 'apply' : 'throw',
    label: def.id,
    onStep: ({ before, after, events }) => {
      if (first) {
        checkState(checked, before, m.seats, sample, plan);
        offer(before);
      }
      first = false;
      checkState(checked, after, m.seats, sample, plan);
      offer(after);
      hashes.push(digest(canonicalJson({ after, events })));
    },
  });
  // Every distinct action the match accepted, each seat's: probes from other turns and phases.
  const known = new Map(result.actions.map(({ action }) => [canonicalJson(action), action]));
  const secrecyPlan = {
    known: [...known.values()],
    probes: plan.secrecyProbes,
    lookalikes: plan.lookalikes && frozenLookalikes(plan.lookalikes),
    hint: plan.hint,
  };
  for (const { state } of sampled) checkNonInterference(checked, state, m.seats, secrecy, secrecyPlan);
  // Checked last (checkContract), once the match itself is known to replay.
  const [at] = sampled.filter(({ state }) => !def.outcome(state));
  const resumed = at && { at, key: freshKey(secrecy) };
  return { result, hashes, resumed };
}

/** Actions played on from a redealt state, with every check at every step. */
const ACTIONS_AFTER_REDEAL = 30;

/**
 * The match loaded from a save at the sampled state: redealt from `key` (the dealer's recorded
 * action), then played on by the bots with every check, a valid match like any other. Its record
 * (the actions that led there, the dealer's redeal, the actions after) replays to the same state.
 */
function checkPlayAfterRedeal(
  def: AnyGameDefinition,
  m: Match,
  plan: FullPlan,
  at: { state: AnyState; step: number },
  before: readonly { seat: number; action: GameAction }[],
  key: string,
): void {
  const checked = frozenDefinition(def);
  const sample = new Random(seedRng(key));
  const redealt = checked.redeal(at.state, key);
  checkState(checked, redealt, m.seats, sample, plan);
  const after = playout(
    { ...frozenRules(def), setup: () => redealt },
    m.options,
    key,
    Array(m.seats).fill(def.bot),
    {
      seats: seatsOf(m.seats),
      maxActions: ACTIONS_AFTER_REDEAL,
      atLimit: 'stop',
      unlisted: plan.unlistedBotAnswers ? 'apply' : 'throw',
      label: `${def.id} after a redeal`,
      onStep: ({ after: s }) => checkState(checked, s, m.seats, sample, plan),
    },
  );
  const record = [
    ...before.slice(0, at.step),
    { seat: DEALER_SEAT, action: redealAction(key) },
    ...after.actions,
  ];
  let s = def.setup(m.options, seatsOf(m.seats), m.seed);
  for (const { seat, action } of record) {
    const r = applyRecorded(def, s, seat, action);
    if (!r.ok) throw new Error(`${def.id}: a record with a redeal does not replay (${r.error.code})`);
    s = r.state;
  }
  if (canonicalJson(s) !== canonicalJson(after.state))
    throw new Error(`${def.id}: a record with a redeal replays to a different state`);
}

/** Plays the plan's matches with every check; throws on the first broken promise. */
export function checkContract(def: AnyGameDefinition, partial: ContractPlan = {}): void {
  const plan: FullPlan = {
    options: [{}],
    seats: Array.from({ length: def.seats.max - def.seats.min + 1 }, (_, i) => def.seats.min + i),
    matches: 6,
    maxActions: 400,
    legalSample: 3,
    unlistedBotAnswers: '',
    unlistedTimerAction: '',
    secrecyStates: 3,
    secrecyProbes: 10,
    ...partial,
  };

  let finished = 0;
  const matchArb = fc.record({
    n: fc.integer({ min: 1, max: 0x7fffffff }),
    key: fc.boolean(),
    seats: fc.constantFrom(...plan.seats),
    options: fc.constantFrom(...plan.options),
  });
  const details = fc.check(
    fc.property(matchArb, ({ n, key, seats, options }) => {
      const parsed = def.optionsSchema.safeParse(options);
      if (!parsed.success) throw new Error(`${def.id}: the plan's options do not parse`);
      // A 256-bit key (every new match) or a legacy number (older records).
      const seed: Seed = key ? n.toString(16).padStart(8, '0').repeat(8) : n;
      const m: Match = { seed, seats, options: parsed.data };
      const { result, hashes, resumed } = checkedMatch(def, m, plan);

      // Determinism: the same match again (unfrozen rules) steps through the same states and events.
      const again: string[] = [];
      playout(def, m.options, m.seed, Array(seats).fill(def.bot), {
        seats: seatsOf(seats),
        maxActions: plan.maxActions,
        atLimit: 'stop',
        onStep: ({ after, events }) => again.push(digest(canonicalJson({ after, events }))),
      });
      const differs = hashes.findIndex((h, i) => again[i] !== h);
      if (differs >= 0 || again.length !== hashes.length)
        throw new Error(
          `${def.id}: the same seed and bots gave a different state or events at step ${differs + 1}`,
        );

      // Replay: the seed and the recorded actions rebuild the same end.
      const end = canonicalJson(result.state);
      let s = def.setup(m.options, seatsOf(seats), m.seed);
      for (const { seat, action } of result.actions) {
        const r = def.apply(s, seat, action);
        if (!r.ok) throw new Error(`${def.id}: a recorded action does not replay (${r.error.code})`);
        s = r.state;
      }
      if (canonicalJson(s) !== end)
        throw new Error(`${def.id}: the recorded actions replay to a different end`);
      const outcome = def.outcome(result.state);
      if (outcome) {
        finished++;
        const replay = ReplayModel.build(def, {
          id: 'contract',
          game: def.id,
          tableName: 'contract',
          options: m.options,
          seed: m.seed,
          seats: seatsOf(seats),
          actions: result.actions.map((a, i) => ({ ...a, at: i })),
          outcome,
          startedAt: 0,
          finishedAt: result.actions.length,
        });
        if (canonicalJson(replay.stateAt(replay.length)) !== end)
          throw new Error(`${def.id}: the replay model ends in a different state`);
        expect(replay.outcome).toEqual(outcome);
      }
      if (resumed) checkPlayAfterRedeal(def, m, plan, resumed.at, result.actions, resumed.key);
    }),
    {
      numRuns: plan.matches,
      seed: Number(process.env.CONTRACT_SEED ?? hash(def.id) | 0),
      // Every option set and every seat count is played at least once, whatever fast-check draws.
      examples: Array.from({ length: Math.max(plan.options.length, plan.seats.length) }, (_, i) => [
        {
          n: 1000 + i,
          key: i % 2 === 1,
          seats: plan.seats[i % plan.seats.length]!,
          options: plan.options[i % plan.options.length],
        },
      ]),
    },
  );
  if (details.failed) {
    // The broken promise itself leads the message; the shrunk match and the seed replay it.
    const cause = details.errorInstance;
    const message = cause instanceof Error ? cause.message : String(cause);
    throw new Error(
      `${message}\n(match ${JSON.stringify(details.counterexample)}; CONTRACT_SEED=${details.seed})`,
      { cause },
    );
  }
  // Whole matches were checked, not only their openings.
  if (finished === 0) throw new Error(`${def.id}: no match of the plan finished; raise maxActions`);
}

/** The contract as one jest test per game. */
export function contractSuite(def: AnyGameDefinition, plan: ContractPlan = {}): void {
  test(`${def.id} keeps the game contract over seeded bot matches`, () => {
    checkContract(def, plan);
  });
}
