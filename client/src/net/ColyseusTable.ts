/**
 * A table on a server: joins the room, keeps a TableSnapshot up to date, and gets back to it: after
 * a dropped connection @colyseus/sdk reconnects the same Room by itself (reconnection token); when
 * that cannot work (the server restarted, or shut down), this rejoins with the seat token the
 * server issued on the first join.
 */
import { CloseCode, type Room } from '@colyseus/sdk';
import { ClientMsg, ServerMsg } from '@parlor/shared/core/protocol';
import type {
  ChatLine,
  ClientMsgType,
  PongMessage,
  HintMessage,
  NextTableMessage,
  SavedMatch,
  SeatClaim,
  WelcomeMessage,
} from '@parlor/shared/core/protocol';
import type { GameAction, GameEvent, RuleError } from '@parlor/shared/core/contract';
import { loadedGame } from '../games';
import { prefs } from '../ui/storage';
import { describeError } from './client';
import { colyseus } from './colyseus';
import { ClockSync } from './clock';
import { Emitter } from './emitter';
import { rememberSeatClaim, seatClaimOf } from './seatClaims';
import { toSnapshot } from './stateAdapter';
import { screenJoinOptions } from '@parlor/shared/core/screenJoin';
import type { PlainState } from '../games/types';
import type { ConnState, TableConnection, TableEvents, TableSnapshot } from './TableConnection';

export interface JoinRequest {
  roomId: string;
  name: string;
  spectator: boolean;
  /** Party mode's table screen: a spectator for good (its join options, whatever the welcome says). */
  screen?: boolean;
}

/**
 * Tabs of this browser tell each other when they take a seat with a stored token, so the tab that
 * loses it can say so even when the server's words change.
 */
const seatChannel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('parlor-seats') : null;
const takenElsewhere = new Map<string, number>();
seatChannel?.addEventListener('message', (e: MessageEvent<{ roomId?: string }>) => {
  if (typeof e.data?.roomId === 'string') takenElsewhere.set(e.data.roomId, Date.now());
});
function tookOverElsewhere(roomId: string): boolean {
  return Date.now() - (takenElsewhere.get(roomId) ?? 0) < 15_000;
}
function announceSeat(roomId: string): void {
  seatChannel?.postMessage({ roomId });
}

/** About five minutes of retries (backoff caps at 8 s); a restarting server gets twice that. */
const MAX_ATTEMPTS = 40;

export class ColyseusTable implements TableConnection {
  readonly kind = 'online' as const;
  readonly hints = true;
  private room: Room | null = null;
  private events = new Emitter<TableEvents>();
  private snap: TableSnapshot | null = null;
  private state: ConnState = 'connecting';
  private seat = -1;
  private clock = new ClockSync(
    (id) => this.room?.send(ClientMsg.ping, { id }),
    () => this.rebuild(),
  );
  private leaving = false;
  private serverRestarting = false;
  private retryTimer = 0;
  private attempts = 0;

  private constructor(
    private request: JoinRequest,
    room: Room,
  ) {
    this.attach(room);
  }

  /** The game id known before the first patch (the room name). */
  get gameHint(): string {
    return this.room?.name ?? '';
  }

  get roomId(): string {
    return this.request.roomId;
  }

  /** Join an existing room (as a player with a stored seat token if any, or as a spectator). */
  static async join(req: JoinRequest): Promise<ColyseusTable> {
    const options = ColyseusTable.joinOptions(req);
    if (options.seatToken) announceSeat(req.roomId);
    const room = await colyseus().joinById(req.roomId, options);
    return new ColyseusTable(req, room);
  }

  /**
   * Create a table and sit at it as its host. It names the table this browser last sat at (with
   * that seat's token), so a table screen watching that one follows this one (docs/protocol.md).
   */
  static async create(game: string, options: Record<string, unknown>, name: string): Promise<ColyseusTable> {
    const last = prefs.lastSeatedTable;
    const seatToken = last ? prefs.seatToken(last) : undefined;
    const after = last && seatToken ? { after: { roomId: last, seatToken } } : {};
    const room = await colyseus().create(game, { ...options, ...after, name });
    return new ColyseusTable({ roomId: room.roomId, name, spectator: false }, room);
  }

  private static joinOptions(req: JoinRequest): Record<string, unknown> {
    if (req.screen) return screenJoinOptions();
    if (req.spectator) return { name: req.name, spectator: true };
    const seatToken = prefs.seatToken(req.roomId);
    return seatToken ? { name: req.name, seatToken } : { name: req.name };
  }

  /** Build the snapshot again (the game's code arrived: its view can now be read). */
  refresh(): void {
    this.rebuild();
  }

  snapshot(): TableSnapshot | null {
    return this.snap;
  }

  connState(): ConnState {
    return this.state;
  }

  on<K extends keyof TableEvents>(type: K, fn: (payload: TableEvents[K]) => void): () => void {
    return this.events.on(type, fn);
  }

  send(action: GameAction): void {
    this.command(ClientMsg.action, action);
  }

  command(type: ClientMsgType, payload?: unknown): void {
    if (!this.room || this.state !== 'connected') {
      this.events.emit('error', { code: 'OFFLINE', message: 'Not connected: your move was not sent.' });
      return;
    }
    this.room.send(type, payload ?? {});
  }

  /** Tests: cut the socket without leaving (as a network drop would); the SDK reconnects. */
  simulateDrop(): void {
    this.room?.connection.close(CloseCode.MAY_TRY_RECONNECT, 'simulated drop');
  }

  /** Tests: the room state as this connection decoded it (what it received, before any view). */
  decoded(): PlainState | null {
    const st = this.room?.state as { toJSON?: () => PlainState } | undefined;
    return st?.toJSON?.() ?? null;
  }

  /** Server clock minus this page's (ms) and the round trip it was measured with. */
  clockInfo(): { offset: number; rtt: number } {
    return { offset: this.clock.offset, rtt: this.clock.bestRtt };
  }

  leave(): void {
    this.leaving = true;
    this.clock.stop();
    window.clearTimeout(this.retryTimer);
    const room = this.room;
    this.room = null;
    if (room) void room.leave(true).catch(() => undefined);
    this.setConn('offline');
    this.events.emit('closed', { reason: 'left' });
    this.events.clear();
  }

  private setConn(state: ConnState): void {
    if (this.state === state) return;
    this.state = state;
    this.events.emit('conn', state);
  }

  private attach(room: Room): void {
    this.room = room;
    this.request = { ...this.request, roomId: room.roomId };
    room.onMessage(ServerMsg.welcome, (msg: WelcomeMessage) => {
      this.seat = msg.seat;
      this.clock.welcome(msg.serverTime);
      if (msg.seat >= 0 && msg.seatToken) {
        prefs.setSeatToken(room.roomId, msg.seatToken);
        prefs.lastSeatedTable = room.roomId;
      }
      this.request.spectator = msg.seat < 0;
      this.rebuild();
    });
    room.onMessage(ServerMsg.pong, (msg: PongMessage) => this.clock.pong(msg));
    room.onMessage(ServerMsg.error, (msg: RuleError) => this.events.emit('error', msg));
    room.onMessage(ServerMsg.events, (list: GameEvent[]) => {
      for (const e of Array.isArray(list) ? list : []) this.events.emit('event', e);
    });
    room.onMessage(ServerMsg.chat, (msg: ChatLine) => this.events.emit('chat', msg));
    room.onMessage(ServerMsg.saved, (file: SavedMatch) => this.events.emit('saved', file));
    room.onMessage(ServerMsg.hint, (hint: HintMessage) => this.events.emit('hint', hint));
    room.onMessage(ServerMsg.nextTable, (msg: NextTableMessage) => {
      if (msg && typeof msg.roomId === 'string' && msg.roomId) this.events.emit('nextTable', msg);
    });
    room.onMessage(ServerMsg.claim, (claim: SeatClaim) => {
      if (!claim || typeof claim.lineage !== 'string' || typeof claim.code !== 'string') return;
      // Told once per code (it comes again at each save and each return to the seat).
      const known = seatClaimOf(claim.lineage);
      rememberSeatClaim(claim);
      if (known?.code !== claim.code || known.seat !== claim.seat) this.events.emit('claim', claim);
    });
    room.onMessage(ServerMsg.shutdown, (msg: { reason?: string }) => {
      this.serverRestarting = true;
      this.events.emit('error', { code: 'SHUTDOWN', message: msg?.reason || 'The server is restarting…' });
    });
    room.onMessage(ServerMsg.kicked, (msg: { reason?: string } | undefined) => {
      this.leaving = true;
      const reason = typeof msg?.reason === 'string' ? msg.reason : '';
      // Taken over with our own seat token (another tab or device): the token still claims the
      // seat, so keep it to offer taking the seat back. The host's removal ends it.
      const takenOver = /taken over|re-?claim/i.test(reason) || tookOverElsewhere(room.roomId);
      if (!takenOver) {
        prefs.setSeatToken(room.roomId, null);
        prefs.setKicked(room.roomId, true);
      }
      this.events.emit('kicked', { reason, takenOver });
    });
    room.onStateChange(() => this.rebuild());
    room.onLeave((code: number) => this.onLeave(room, code));
    // A dropped connection: the SDK reconnects this same Room by itself (reconnection token).
    room.reconnection.minUptime = 0;
    room.onDrop(() => {
      if (room === this.room && !this.leaving) this.setConn('reconnecting');
    });
    room.onReconnect(() => {
      if (room !== this.room) return;
      this.attempts = 0;
      this.setConn('connected');
      this.rebuild();
    });
    room.onError((code: number, message?: string) =>
      this.events.emit('error', { code: String(code), message: message ?? 'Room error' }),
    );
    this.attempts = 0;
    this.setConn('connected');
    this.clock.start();
    this.rebuild();
  }

  private rebuild(): void {
    const room = this.room;
    if (!room || !room.state) return;
    const raw = (room.state as { toJSON?: () => PlainState }).toJSON?.() ?? (room.state as PlainState);
    this.snap = toSnapshot(raw, this.seat, this.clock.offset, loadedGame(String(raw.game ?? '')));
    this.events.emit('change', this.snap);
  }

  private onLeave(room: Room, code: number): void {
    if (room !== this.room) return;
    this.room = null;
    this.clock.stop();
    if (this.leaving) {
      this.setConn('offline');
      this.events.emit('closed', { reason: 'kicked' });
      return;
    }
    // The SDK could not reconnect (the server restarted: reconnection tokens die with the process,
    // or it shut down and said so): sit down again with the seat token, once the server is back.
    console.info(`table connection closed (${code}); rejoining`);
    this.setConn('reconnecting');
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    const delay = Math.min(500 * 2 ** Math.min(this.attempts, 4), 8000);
    this.retryTimer = window.setTimeout(() => void this.retry(), delay);
  }

  private async retry(): Promise<void> {
    if (this.leaving) return;
    this.attempts++;
    let room: Room | null = null;
    try {
      room = await colyseus().joinById(this.request.roomId, ColyseusTable.joinOptions(this.request));
    } catch (err) {
      console.info(`rejoin failed: ${describeError(err)}`);
    }
    if (this.leaving) {
      if (room) void room.leave(true);
      return;
    }
    if (room) {
      this.serverRestarting = false;
      this.attach(room);
      return;
    }
    if (this.attempts >= (this.serverRestarting ? MAX_ATTEMPTS * 2 : MAX_ATTEMPTS)) {
      this.setConn('offline');
      this.events.emit('closed', { reason: 'The table is gone or the server cannot be reached.' });
      return;
    }
    this.scheduleRetry();
  }
}
