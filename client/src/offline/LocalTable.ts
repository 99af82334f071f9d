/**
 * A match played in this page, with no server: the same rules module the server runs
 * (setup / apply / view / legalActions / timeout), its bot for AI seats, and hot-seat play when two
 * people share the screen (the view then follows the seat to act). Implements TableConnection.
 */
import type {
  AnyGameDefinition,
  BotLevel,
  GameAction,
  GameEvent,
  GameView,
  Outcome,
} from '@parlor/shared/core/contract';
import type { ClientMsgType } from '@parlor/shared/core/protocol';
import { Limits } from '@parlor/shared/core/protocol';
import { freshSeed } from '@parlor/shared/core/rng';
import { LocalConnection } from '../net/LocalConnection';
import type { LogLine, TableConnection } from '../net/TableConnection';

export interface LocalSeat {
  name: string;
  bot: boolean;
  /** An AI seat's level (default normal). */
  level?: BotLevel;
}

export interface LocalTableOptions {
  game: AnyGameDefinition;
  seats: LocalSeat[];
  options: Record<string, unknown>;
  botDelayMs?: number;
  /** The scene's view of the rules' view, when its client reads another shape (a wire fold). */
  viewOf?: (view: unknown, seat: number) => GameView<unknown, unknown>;
}

export class LocalTable extends LocalConnection implements TableConnection {
  readonly roomId = 'local';
  readonly hotSeat: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private state: any;
  private log: LogLine[] = [];
  private viewer: number;
  private timeoutKey = '';
  private deadline = 0;
  private deadlineSeat = -1;
  private timer = 0;
  private botTimer = 0;
  private closed = false;
  private readonly options: Record<string, unknown>;

  constructor(private readonly cfg: LocalTableOptions) {
    super();
    const humans = cfg.seats.map((s, i) => (s.bot ? -1 : i)).filter((i) => i >= 0);
    this.hotSeat = humans.length > 1;
    this.viewer = humans[0] ?? 0;
    this.options = cfg.game.optionsSchema.parse(cfg.options) as Record<string, unknown>;
    this.newMatch();
  }

  private newMatch(): void {
    this.state = this.cfg.game.setup(this.options, this.cfg.seats, freshSeed());
    this.log = [{ at: Date.now(), seat: -1, text: 'A new match begins.' }];
    this.timeoutKey = '';
    this.afterChange([]);
  }

  send(action: GameAction): void {
    this.act(this.viewer, action);
  }

  command(type: ClientMsgType, _payload?: unknown): void {
    if (type === 'rematch') this.newMatch();
  }

  leave(): void {
    this.closed = true;
    window.clearTimeout(this.timer);
    window.clearTimeout(this.botTimer);
    this.events.emit('closed', { reason: 'left' });
    this.events.clear();
  }

  private act(seat: number, action: GameAction): void {
    if (this.closed) return;
    const result = this.cfg.game.apply(this.state, seat, action);
    if (!result.ok) {
      this.events.emit('error', result.error);
      return;
    }
    this.state = result.state;
    this.afterChange(result.events);
  }

  private outcome(): Outcome | null {
    return this.cfg.game.outcome(this.state);
  }

  private afterChange(events: GameEvent[]): void {
    const g = this.cfg.game;
    for (const e of events) {
      if (e.to === undefined) this.log.push({ at: Date.now(), seat: e.seat ?? -1, text: e.text });
    }
    this.log = this.log.slice(-Limits.logEntries);
    const toAct = this.outcome() ? [] : g.toAct(this.state);
    if (this.hotSeat) {
      const human = toAct.find((s) => !this.cfg.seats[s]?.bot);
      if (human !== undefined) this.viewer = human;
    }
    this.armTimeout();
    this.rebuild(toAct);
    for (const e of events) {
      if (e.to === undefined || e.to === this.viewer) this.events.emit('event', e);
    }
    this.scheduleBot(toAct);
  }

  private rebuild(toAct: number[]): void {
    const g = this.cfg.game;
    const outcome = this.outcome();
    this.snap = {
      game: g.id,
      tableName: this.hotSeat ? 'Hot seat' : 'Versus the AI',
      status: outcome ? 'finished' : 'playing',
      phase: g.phase(this.state),
      deadline: this.deadline,
      deadlineSeat: this.deadlineSeat,
      host: -1,
      code: '',
      isPrivate: true,
      options: this.options,
      seats: this.cfg.seats.map((s) => ({
        name: s.name,
        occupied: true,
        connected: true,
        bot: s.bot,
        botControlled: s.bot,
        botLevel: s.level,
      })),
      spectators: 0,
      log: this.log.slice(),
      result: outcome,
      toAct,
      mySeat: this.viewer,
      legal: outcome ? [] : g.legalActions(this.state, this.viewer),
      view: this.cfg.viewOf
        ? this.cfg.viewOf(g.view(this.state, this.viewer), this.viewer)
        : g.view(this.state, this.viewer),
    };
    this.events.emit('change', this.snap);
  }

  private armTimeout(): void {
    const rule = this.outcome() ? null : this.cfg.game.timeout(this.state);
    if (!rule) {
      window.clearTimeout(this.timer);
      this.timeoutKey = '';
      this.deadline = 0;
      this.deadlineSeat = -1;
      return;
    }
    if (rule.key === this.timeoutKey) return;
    window.clearTimeout(this.timer);
    this.timeoutKey = rule.key;
    this.deadline = Date.now() + rule.durationMs;
    this.deadlineSeat = rule.seat;
    this.timer = window.setTimeout(() => {
      if (this.timeoutKey === rule.key) this.act(rule.seat, rule.action);
    }, rule.durationMs);
  }

  private scheduleBot(toAct: number[]): void {
    window.clearTimeout(this.botTimer);
    const seat = toAct.find((s) => this.cfg.seats[s]?.bot);
    if (seat === undefined || this.closed) return;
    this.botTimer = window.setTimeout(() => {
      const g = this.cfg.game;
      const legal = g.legalActions(this.state, seat);
      if (legal.length === 0) return;
      const action = g.bot.decide(g.view(this.state, seat), legal, Math.random, this.cfg.seats[seat]?.level);
      this.act(seat, action);
    }, this.cfg.botDelayMs ?? 900);
  }
}
