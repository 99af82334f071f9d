/**
 * Plays a whole match between bots through the public contract only (setup, toAct, view,
 * legalActions, apply, timeout, outcome), for tests, benchmarks and simulations. One loop for every
 * game: each game's `playout.ts` is a thin wrapper that names its seats and options.
 *
 * Deterministic for a given seed: the bots draw from their own generator, seeded from the match seed.
 * Each step asks one seat due to act (the first, or one drawn by that generator where everyone may
 * act at once); when nobody is due, the timer's action is applied, as the room does.
 */
import type {
  Bot,
  BotLevel,
  GameAction,
  GameDefinition,
  GameEvent,
  SeatSetup,
  TableHabits,
} from './contract';
import { Random, type Seed, seedRng } from './rng';

/** What a playout needs of a game: its rules, not its lobby metadata. */
export type PlayoutRules<S, A extends GameAction, O, Pub, Priv> = Pick<
  GameDefinition<S, A, O, Pub, Priv>,
  'setup' | 'legalActions' | 'apply' | 'view' | 'toAct' | 'timeout' | 'outcome'
> & { table?: Pick<TableHabits<S, A>, 'hostOnly'> };

export interface PlayoutStep<S, A> {
  before: S;
  seat: number;
  action: A;
  after: S;
  events: GameEvent[];
  /** The timer's action (nobody was due to act), not a bot's choice. */
  timedOut: boolean;
}

export interface PlayoutOptions<S, A> {
  /** Who sits where (default: one bot seat per bot, named `Seat 1`, `Seat 2`, ...). */
  seats?: SeatSetup[];
  /** At most this many actions (default 100,000). */
  maxActions?: number;
  /** At the limit: throw (default), or stop and return the unfinished match. */
  atLimit?: 'throw' | 'stop';
  /** Which due seat acts: the first of `toAct` (default), or one drawn by the bots' generator. */
  seatChoice?: 'first' | 'random';
  /**
   * A bot's answer that is not one of its listed actions: `apply` judges it (default), or it is an
   * error (the room never applies an unlisted answer: it plays a random legal action instead).
   */
  unlisted?: 'apply' | 'throw';
  /** Called after every accepted action. */
  onStep?: (step: PlayoutStep<S, A>) => void;
  /** A clock for measuring decision times (benchmarks pass performance.now). */
  clock?: () => number;
  /** With a clock: called after every decision with its duration (ms) and the state it was taken in. */
  onDecide?: (seat: number, ms: number, state: S) => void;
  /** Each seat's bot level, by seat (default: every bot plays `normal`). */
  levels?: readonly BotLevel[];
  /** Names the loop in error messages (default `playout`). */
  label?: string;
}

/** What a game's own playout wrapper lets its callers set (its `playout.ts`). */
export type GamePlayoutOptions<S, A> = Pick<PlayoutOptions<S, A>, 'maxActions' | 'onStep' | 'clock'>;

export interface PlayoutResult<S, A> {
  state: S;
  /** Every accepted action, in order. */
  actions: { seat: number; action: A }[];
  /** Per seat, the milliseconds each decision took (empty without a clock). */
  decideMs: number[][];
}

/** The bots' generator seed: the match seed, changed so the bots never replay the rules' draws. */
export function botSeed(seed: Seed): Seed {
  if (typeof seed === 'number') return seed ^ 0x5eed;
  const tail = (parseInt(seed.slice(-4), 16) ^ 0x5eed).toString(16).padStart(4, '0');
  return seed.slice(0, -4) + tail;
}

/**
 * JSON with sorted keys: two actions are the same when their canonical JSON is. The same text as
 * `JSON.stringify` with a replacer that rebuilds each object from its sorted entries (so integer-like
 * keys first, in numeric order, as an object lists them), written out directly: the replacer's
 * rebuilt objects cost the contract suite a fifth of its time, and the room runs this per action.
 */
export function canonicalJson(value: unknown): string {
  return canonical(value, '') as string;
}

/** An array index as an object orders its keys (integer-like, below 2^32 - 1). */
function isIndexKey(k: string): boolean {
  const c = k.charCodeAt(0);
  return c >= 48 && c <= 57 && /^(?:0|[1-9]\d{0,9})$/.test(k) && Number(k) < 4294967295;
}
const byCodeUnits = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
/** Each key's quoted text, written once (states use the same few keys over and over). */
const quoted = new Map<string, string>();
function quote(k: string): string {
  let q = quoted.get(k);
  if (q === undefined) {
    q = JSON.stringify(k) + ':';
    if (quoted.size < 10_000) quoted.set(k, q);
  }
  return q;
}

/** One value's canonical JSON, or undefined where JSON leaves it out (undefined, a function, a symbol). */
function canonical(value: unknown, key: string): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      break;
    default:
      return JSON.stringify(value); // undefined, a function, a symbol: left out; a bigint throws
  }
  let v: object = value;
  if (typeof (v as { toJSON?: unknown }).toJSON === 'function') {
    const j = (v as { toJSON(k: string): unknown }).toJSON(key);
    if (j === null || typeof j !== 'object') return JSON.stringify(j);
    v = j;
  }
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) {
      if (i) out += ',';
      out += canonical(v[i], String(i)) ?? 'null';
    }
    return out + ']';
  }
  const keys = Object.keys(v);
  if (keys.length > 1) {
    let indices = 0;
    for (const k of keys) if (isIndexKey(k)) indices++;
    if (indices === 0) keys.sort(byCodeUnits);
    else {
      const ints = keys.filter(isIndexKey).sort((a, b) => Number(a) - Number(b));
      const rest = keys.filter((k) => !isIndexKey(k)).sort(byCodeUnits);
      keys.length = 0;
      keys.push(...ints, ...rest);
    }
  }
  let out = '{';
  let first = true;
  for (const k of keys) {
    const text = canonical((v as Record<string, unknown>)[k], k);
    if (text === undefined) continue;
    out += first ? quote(k) : ',' + quote(k);
    out += text;
    first = false;
  }
  return out + '}';
}

/** Is `action` one of `legal` (the same object, or the same canonical JSON)? */
export function isListed<A>(legal: readonly A[], action: A): boolean {
  if (legal.includes(action)) return true;
  const json = canonicalJson(action);
  return legal.some((l) => canonicalJson(l) === json);
}

export function playout<S, A extends GameAction, O, Pub, Priv>(
  rules: PlayoutRules<S, A, O, Pub, Priv>,
  options: O,
  seed: Seed,
  bots: readonly Bot<A, Pub, Priv>[],
  opts: PlayoutOptions<S, A> = {},
): PlayoutResult<S, A> {
  const label = opts.label ?? 'playout';
  const seats = opts.seats ?? bots.map((_, i) => ({ name: `Seat ${i + 1}`, bot: true }));
  let state = rules.setup(options, seats, seed);
  const random = new Random(seedRng(botSeed(seed)));
  const rand = () => random.float();
  const actions: PlayoutResult<S, A>['actions'] = [];
  const decideMs: number[][] = bots.map(() => []);
  const max = opts.maxActions ?? 100_000;
  while (rules.outcome(state) === null) {
    if (actions.length >= max) {
      if (opts.atLimit === 'stop') break;
      throw new Error(`${label}: no end after ${max} actions (seed ${seed})`);
    }
    const due = rules.toAct(state);
    let seat: number;
    let action: A;
    let timedOut = false;
    // Nobody due and no timer: the table waits for its host (a first clock the host starts); seat 0 hosts.
    const hostMove =
      due.length === 0 && !rules.timeout(state)
        ? rules.legalActions(state, 0).find((a) => rules.table?.hostOnly?.(a))
        : undefined;
    if (hostMove) {
      seat = 0;
      action = hostMove;
    } else if (due.length === 0) {
      const timer = rules.timeout(state);
      if (!timer) throw new Error(`${label}: nobody is due to act and no timer runs (seed ${seed})`);
      ({ seat, action } = timer);
      timedOut = true;
    } else {
      seat = opts.seatChoice === 'random' ? random.pick(due) : due[0]!;
      const bot = bots[seat];
      if (!bot) throw new Error(`${label}: no bot for seat ${seat}`);
      const legal = rules.legalActions(state, seat);
      if (legal.length === 0)
        throw new Error(`${label}: seat ${seat} is due but has no legal action (seed ${seed})`);
      const t0 = opts.clock?.();
      action = bot.decide(rules.view(state, seat), legal, rand, opts.levels?.[seat]);
      if (opts.clock && t0 !== undefined) {
        const ms = opts.clock() - t0;
        decideMs[seat]!.push(ms);
        opts.onDecide?.(seat, ms, state);
      }
      if (opts.unlisted === 'throw' && !isListed(legal, action))
        throw new Error(`${label}: seat ${seat} chose an unlisted ${JSON.stringify(action)} (seed ${seed})`);
    }
    const r = rules.apply(state, seat, action);
    if (!r.ok)
      throw new Error(
        `${label}: ${JSON.stringify(action)} refused: ${r.error.code} ${r.error.message} (seed ${seed})`,
      );
    opts.onStep?.({ before: state, seat, action, after: r.state, events: r.events, timedOut });
    actions.push({ seat, action });
    state = r.state;
  }
  return { state, actions, decideMs };
}
