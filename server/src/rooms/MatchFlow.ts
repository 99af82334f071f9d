/**
 * The match inside a GameRoom: start, apply (players, bots and timeouts alike), events, and THE
 * projection of the rules' views into the schema, followed by timers and bots. The authoritative
 * game state lives here and is never synchronised.
 */
import {
  type AnyGameDefinition,
  DEALER_SEAT,
  ErrorCode,
  type GameAction,
  type GameEvent,
  type MatchRecord,
  type Outcome,
  type Random,
  type RuleError,
  SPECTATOR,
  type Seed,
  type SeatSetup,
  applyRecorded,
  type BotLevel,
} from '@parlor/shared';
import { sameAction } from '@parlor/shared/core/actions';
import type { AnyGameAdapter } from './GameAdapter';
import type { GameRoomState } from './schema';
import { itemsOf, syncArray, syncSet } from './sync';
import { listedAction } from './listedAction';
import { type Timers, TurnScheduler } from './TurnScheduler';
import { rebuildState } from '../storage/replay';
import type { BotAnswer, BotPool } from '../bots/botPool';
import { forkRng } from '../bots/botDecision';
import { recordBotDecision } from '../bots/botStats';

/** A recorded match to carry on after a restart (see storage/). */
export interface ResumedMatch {
  record: MatchRecord;
  outcome: Outcome | null;
  /** The window that was running, and how long it had left when the server stopped. */
  resume: { key: string; remainingMs: number } | null;
}

/** Who sent an action: a seat's person, its bot, the timer, or the room itself (a take-over). */
export type ApplySource = 'player' | 'bot' | 'timeout' | 'room';

/** What the flow needs from its room. */
export interface MatchHost {
  readonly state: GameRoomState;
  readonly timers: Timers;
  readonly botDelayMs: number;
  /** Test-only TEST_PACE_SCALE (config.ts). */
  readonly paceScale?: number;
  readonly label: string;
  newSeed(): Seed;
  /** The bots' randomness (their choices, and a refused answer's replacement). */
  newBotRandom(): Random;
  log(seat: number, text: string): void;
  /** One action's events: public ones to everyone, a private one (with `to`) to that seat only. */
  sendEvents(events: GameEvent[]): void;
  /** Patch now and refresh the lobby listing. */
  touch(): void;
  matchStarted(record: MatchRecord): void;
  actionAccepted(seat: number, action: GameAction, at: number): void;
  matchFinished(record: MatchRecord): void;
  /** A timed window began (persistence writes it, so a restart resumes the time left). */
  deadlineSet?(key: string, deadlineAt: number): void;
  /** Bot threads (bots/botPool.ts); null or absent: every bot decides in process. */
  readonly botPool?: BotPool | null;
}

/** A decision that came back after the table moved on is taken again from the new view, this often. */
const STALE_RETRIES = 2;

export class MatchFlow {
  /** The authoritative game state and its match record; null until the first start. */
  match: { state: unknown; record: MatchRecord } | null = null;
  private readonly def: AnyGameDefinition;
  private readonly scheduler: TurnScheduler;
  private readonly botRandom: Random;
  /** Bot seats whose decision is in a bot thread now. */
  private readonly thinking = new Set<number>();
  private disposed = false;
  /** Each seat's legal actions as the last refresh listed them, and the game state they are of. */
  private listed: GameAction[][] = [];
  private listedFor: unknown = null;

  constructor(
    private readonly adapter: AnyGameAdapter,
    private readonly host: MatchHost,
  ) {
    this.def = adapter.definition;
    this.botRandom = host.newBotRandom();
    this.scheduler = new TurnScheduler(
      host.timers,
      host.botDelayMs,
      {
        onDeadline: (seat, action) => this.apply(seat, action, 'timeout'),
        onBotTurn: (seat) => this.botTurn(seat),
        onDeadlineSet: (key, deadlineAt) => host.deadlineSet?.(key, deadlineAt),
      },
      () => this.botRandom.float(),
      host.paceScale,
    );
  }

  private get state(): GameRoomState {
    return this.host.state;
  }

  start(options: unknown): RuleError | null {
    const seats: SeatSetup[] = this.state.seats.map((s) => ({ name: s.name, bot: s.bot }));
    const seed = this.host.newSeed();
    let gameState: unknown;
    try {
      gameState = this.def.setup(options, seats, seed);
    } catch (e) {
      console.error(`[${this.host.label}] setup failed`, e);
      return { code: ErrorCode.INTERNAL, message: 'The game could not be set up.' };
    }
    const record: MatchRecord = {
      game: this.def.id,
      options,
      seats,
      seed,
      actions: [],
      startedAt: Date.now(),
    };
    this.match = { state: gameState, record };
    this.state.status = 'playing';
    this.state.result = '';
    this.host.log(-1, 'The match begins');
    this.logOpening(options, seats, seed);
    this.host.matchStarted(record);
    this.refresh();
    return null;
  }

  /** The set-up's public events (the first turn's start), logged like an action's. */
  private logOpening(options: unknown, seats: SeatSetup[], seed: Seed): void {
    let events: GameEvent[] = [];
    try {
      events = this.def.openingEvents?.(options, seats, seed) ?? [];
    } catch (e) {
      // The match is set up already: a failing log hook costs only its lines.
      console.error(`[${this.host.label}] openingEvents failed`, e);
    }
    for (const event of events) {
      if (event.to === undefined && event.text) this.host.log(event.seat ?? -1, event.text);
    }
  }

  /**
   * Carries on a recorded match: its state is rebuilt from the seed and the accepted actions (the
   * rules are deterministic), the running window resumes with the time it had left. No hook runs
   * for what is already recorded. Throws if the rules refuse a recorded action.
   */
  restore(saved: ResumedMatch): void {
    const { record } = saved;
    const state = rebuildState(this.def, record);
    this.match = { state, record };
    this.state.status = saved.outcome ? 'finished' : 'playing';
    this.state.result = saved.outcome ? JSON.stringify(saved.outcome) : '';
    if (saved.resume) this.scheduler.resume(saved.resume.key, saved.resume.remainingMs);
    this.refresh();
  }

  /** Shape already validated by the caller; the rules judge the rest. Nothing changes on refusal. */
  apply(seat: number, action: GameAction, source: ApplySource): RuleError | null {
    if (!this.match || this.state.status !== 'playing') {
      return { code: ErrorCode.NOT_PLAYING, message: 'No match is being played.' };
    }
    // Seats, and the clock (-1); the dealer's seat (-2) only for the room's own take-over
    // (applyRecorded judges it as a replay will), never its redeal.
    if (seat < SPECTATOR && !(seat === DEALER_SEAT && source === 'room'))
      return { code: ErrorCode.SPECTATOR, message: 'Not a seat of this table.' };
    let result;
    try {
      result = applyRecorded(this.def, this.match.state, seat, action);
    } catch (e) {
      console.error(`[${this.host.label}] apply threw for seat ${seat}`, action, e);
      return { code: ErrorCode.INTERNAL, message: 'The server failed on that action.' };
    }
    if (!result.ok) {
      // A person's own request refused is ordinary; a bot's or the timer's is worth a look.
      if (source === 'bot' || source === 'timeout')
        console.warn(`[${this.host.label}] ${source} action refused`, seat, action, result.error);
      return result.error;
    }
    const at = Date.now();
    this.match.state = result.state;
    this.match.record.actions.push({ seat, action, at });
    this.host.actionAccepted(seat, action, at);
    for (const event of result.events) {
      if (event.to === undefined && event.text) this.host.log(event.seat ?? -1, event.text);
    }
    if (result.events.length) this.host.sendEvents(result.events);
    this.refresh();
    return null;
  }

  /**
   * The very action listed for `seat` now that `payload` is exactly, when the game's schema need not
   * look at it (listedAction.ts); null otherwise (the schema then judges the payload).
   */
  listedAction(seat: number, payload: Record<string, unknown>): GameAction | null {
    const legal = this.listed[seat];
    if (!legal || this.match === null || this.listedFor !== this.match.state) return null;
    return listedAction(this.def.actionSchema, legal, payload);
  }

  /** A bot's think time is over: it chooses from its own view and the legal actions. */
  private botTurn(seat: number, retries = 0): void {
    const due = this.botDue(seat);
    if (!due) return;
    const { legal, level } = due;
    const gameState = this.match!.state;
    const view = this.def.view(gameState, seat);
    const pool = this.host.botPool;
    if (!pool?.wants(this.def.id, level)) {
      this.decideInline(seat, view, legal, level);
      return;
    }
    // Off the loop: the table's other seats and every other table go on meanwhile.
    const match = this.match;
    const moves = match!.record.actions.length;
    this.thinking.add(seat);
    const job = { game: this.def.id, view, legal, rng: forkRng(this.botRandom), level };
    void pool
      .decide(job)
      .then((answer) => {
        this.thinking.delete(seat);
        if (this.disposed || this.match !== match) return;
        this.landed(seat, answer, moves, retries);
      })
      .catch((e: unknown) => console.error(`[${this.host.label}] bot move failed for seat ${seat}`, e));
  }

  /** The seat's legal actions and level when a bot should decide for it now; null otherwise. */
  private botDue(seat: number): { legal: GameAction[]; level: BotLevel | undefined } | null {
    const seatState = this.state.seats[seat];
    if (!this.match || this.state.status !== 'playing' || !seatState) return null;
    if (!seatState.bot && !seatState.botControlled) return null;
    if (this.thinking.has(seat)) return null;
    const gameState = this.match.state;
    if (!this.def.toAct(gameState).includes(seat)) return null;
    // The last refresh's list when it is of this very state (the rules are pure: the same list).
    const legal =
      this.listedFor === gameState && this.listed[seat]
        ? this.listed[seat]
        : this.def.legalActions(gameState, seat);
    if (legal.length === 0) return null;
    return { legal, level: seatState.botLevel };
  }

  private decideInline(seat: number, view: unknown, legal: GameAction[], level: BotLevel | undefined): void {
    let action: GameAction | undefined;
    const before = process.threadCpuUsage();
    try {
      const random = () => this.botRandom.float();
      action = this.def.bot.decide(view as never, legal, random, level);
    } catch (e) {
      console.error(`[${this.host.label}] bot failed for seat ${seat}`, e);
    }
    const used = process.threadCpuUsage(before);
    const cpuMs = (used.user + used.system) / 1000;
    if (this.host.botPool) this.host.botPool.decidedInline(this.def.id, level, cpuMs);
    else recordBotDecision(this.def.id, cpuMs, 'inline');
    this.play(seat, legal, action);
  }

  /** A bot thread's answer, back on the loop: played if the table has not moved on since it was asked. */
  private landed(seat: number, answer: BotAnswer, moves: number, retries: number): void {
    const due = this.botDue(seat);
    if (!due) return; // no longer this bot's move (a timeout, a person taking the seat back, the end)
    if (answer.ok || answer.reason !== 'unavailable') {
      if (this.match!.record.actions.length !== moves && retries < STALE_RETRIES) {
        this.botTurn(seat, retries + 1);
        return;
      }
      this.scheduler.botActs(() =>
        this.play(seat, due.legal, answer.ok ? answer.action : undefined, answer.ok ? answer.index : -1),
      );
      return;
    }
    // No thread could take it: decided here, as without a pool.
    const view = this.def.view(this.match!.state, seat);
    this.scheduler.botActs(() => this.decideInline(seat, view, due.legal, due.level));
  }

  /**
   * A listed answer, or one of the game's action shape that its rules accept: a game may list
   * templates where its bot, like its players, sends a fuller action (one-unit buys listed,
   * several units bought at once by its bot and its purchase form). Otherwise a random listed one.
   */
  private play(seat: number, legal: GameAction[], action: GameAction | undefined, index = -1): void {
    const listed = action !== undefined && isListed(legal, action, index);
    if (action !== undefined && (listed || this.def.actionSchema.safeParse(action).success)) {
      if (this.apply(seat, action, 'bot') === null) return;
    }
    this.apply(seat, this.botRandom.pick(legal), 'bot');
  }

  /**
   * THE projection: the game's views -> schema, then the common fields, each seat's legal actions,
   * the outcome, timers and bots, then an immediate patch. Called after every change.
   */
  refresh(): void {
    const match = this.match;
    if (match && this.state.status !== 'waiting') {
      const s = match.state;
      // The plain array behind the schema's (its Proxy parses every index: see sync.ts).
      const seats = itemsOf(this.state.seats);
      this.project(s);
      const phase = this.def.phase(s);
      if (this.state.phase !== phase) this.state.phase = phase;
      const toAct = this.def.toAct(s);
      syncArray(this.state.toAct, toAct);
      const { syncedLegal, legalAsSet } = this.adapter;
      this.listedFor = s;
      seats.forEach((seat, i) => {
        const legal = this.def.legalActions(s, i);
        this.listed[i] = legal;
        const synced = legal.length ? (syncedLegal ? syncedLegal(legal, i) : legal).map(actionJson) : NONE;
        (legalAsSet ? syncSet : syncArray)(seat.private.legal, synced);
      });
      const outcome = this.state.status === 'playing' ? this.def.outcome(s) : null;
      if (outcome) {
        this.state.status = 'finished';
        // No log line of our own: the game's final event says it (and `result` carries it).
        this.state.result = JSON.stringify(outcome);
        this.host.matchFinished(match.record);
      }
      if (this.state.status === 'playing') {
        this.scheduler.updateDeadline(this.state, this.def.timeout(s));
        const botSeats = toAct.filter((i) => seats[i]?.bot || seats[i]?.botControlled);
        this.scheduler.updateBots(botSeats, this.adapter.botPace?.(s) ?? null);
      } else {
        this.scheduler.clearAll(this.state);
      }
    }
    this.host.touch();
  }

  /** The rules' views into the schema: the public part once, each seat's private part. */
  private project(s: unknown): void {
    const seats = itemsOf(this.state.seats);
    const { privateView } = this.def;
    if (privateView) {
      const pub = this.def.view(s, SPECTATOR).public;
      const privates = seats.map((_, i) => privateView(s, i));
      this.adapter.project(this.state, pub, privates);
      return;
    }
    const views = seats.map((_, i) => this.def.view(s, i));
    // `public` is the same in every view (the contract): no extra view just for it.
    const pub = views[0]?.public ?? this.def.view(s, SPECTATOR).public;
    this.adapter.project(
      this.state,
      pub,
      views.map((v) => v.private),
    );
  }

  dispose(): void {
    this.disposed = true;
    this.scheduler.clearAll(this.state);
  }
}

const NONE: readonly string[] = [];

/**
 * A legal action's JSON (the `legal` lists' entries), made once per frozen action object: a game
 * whose rules hand out the same frozen actions again is not stringified after every
 * action. Anything else (a fresh or a mutable object) is stringified each time, as it may change.
 */
const jsonOfFrozen = new WeakMap<object, string>();
function actionJson(action: GameAction): string {
  if (!Object.isFrozen(action)) return JSON.stringify(action);
  let json = jsonOfFrozen.get(action);
  if (json === undefined) jsonOfFrozen.set(action, (json = JSON.stringify(action)));
  return json;
}

/**
 * Whether `action` is one of `legal`: the same object (a bot in process hands back a listed one),
 * the one at `index` (a bot thread says where its answer was in the list it was sent), or else any
 * equal one. A war game's seat lists hundreds: no JSON text is made for the comparison.
 */
function isListed(legal: GameAction[], action: GameAction, index: number): boolean {
  const at = legal[index];
  if (at !== undefined && (at === action || sameAction(at, action))) return true;
  if (legal.includes(action)) return true;
  const type = action.type;
  for (const l of legal) if (l.type === type && sameAction(l, action)) return true;
  return false;
}
