/**
 * What the lobby shows, kept fresh: this server's tables from the realtime LobbyRoom listing
 * (`rooms` / `+` / `-`), peers and their tables from /api/discovery (polled), and the game list.
 */
import type { Room } from '@colyseus/sdk';
import { LOBBY_ROOM, type TableMetadata } from '@parlor/shared/core/protocol';
import { fetchDiscovery, type GameInfo, primeGames, type ServerListing, type TableListing } from '../net/api';
import { backoffMs, isUnreachable, getJsonRetrying, type RetryProgress } from '../net/client';
import { Emitter } from '../net/emitter';
import type { ConnState } from '../net/TableConnection';

interface RoomListing {
  roomId: string;
  name: string;
  clients: number;
  maxClients: number;
  metadata?: TableMetadata;
}

export interface LobbyModel {
  games: GameInfo[];
  /** While the game list has not arrived: the attempt under way (it is retried until it does). */
  gamesProgress: RetryProgress | null;
  /** While no server has been listed yet (neither the live listing nor discovery): the attempt. */
  serversProgress: RetryProgress | null;
  self: ServerListing | null;
  peers: ServerListing[];
  conn: ConnState;
}

const POLL_MS = 3000;
/** A lobby join that neither opens nor fails (a seat reservation that expired) is given up on. */
const CONNECT_TIMEOUT_MS = 10_000;

export class LobbyData {
  private events = new Emitter<{ change: LobbyModel }>();
  private room: Room | null = null;
  private rooms = new Map<string, RoomListing>();
  private model: LobbyModel = {
    games: [],
    gamesProgress: { attempt: 1, lastError: '' },
    serversProgress: { attempt: 1, lastError: '' },
    self: null,
    peers: [],
    conn: 'connecting',
  };
  private discoveryAttempts = 0;
  private poll = 0;
  private retry = 0;
  private attempts = 0;
  private stopped = false;

  /** The server's game list, once it has come (the create dialog needs its option fields). */
  readonly catalog: Promise<GameInfo[]>;
  private gotCatalog!: (games: GameInfo[]) => void;
  private noCatalog!: (err: unknown) => void;

  constructor() {
    this.catalog = new Promise((resolve, reject) => {
      this.gotCatalog = resolve;
      this.noCatalog = reject;
    });
    this.catalog.catch(() => undefined); // nobody may be waiting for it
  }

  start(): void {
    const stopped = (): boolean => this.stopped;
    void getJsonRetrying<GameInfo[]>('/api/games', (p) => this.set({ gamesProgress: p }), stopped)
      .then((games) => {
        primeGames(games);
        this.gotCatalog(games);
        this.set({ games, gamesProgress: null });
      })
      .catch((err: unknown) => {
        this.noCatalog(err);
        this.set({ gamesProgress: { attempt: 0, lastError: err instanceof Error ? err.message : '' } });
      });
    void getJsonRetrying<ServerListing>('/api/info', () => undefined, stopped).then((self) =>
      this.set({
        self: { ...self, self: true, tables: this.model.self?.tables ?? self.tables ?? [] },
        serversProgress: null,
      }),
    );
    void this.connect();
    void this.pollPeers();
  }

  stop(): void {
    this.stopped = true;
    window.clearTimeout(this.poll);
    window.clearTimeout(this.retry);
    const room = this.room;
    this.room = null;
    if (room) void room.leave(true).catch(() => undefined);
    this.events.clear();
  }

  on(fn: (m: LobbyModel) => void): () => void {
    return this.events.on('change', fn);
  }

  get current(): LobbyModel {
    return this.model;
  }

  private set(patch: Partial<LobbyModel>): void {
    this.model = { ...this.model, ...patch };
    this.events.emit('change', this.model);
  }

  private async connect(): Promise<void> {
    try {
      // The SDK is a chunk of its own: the lobby has shown before it is needed here.
      const { colyseus } = await import('../net/colyseus');
      if (this.stopped) return;
      const joining = colyseus().joinOrCreate(LOBBY_ROOM);
      let timedOut = false;
      const room = await Promise.race([
        joining,
        new Promise<never>((_, reject) =>
          window.setTimeout(() => {
            timedOut = true;
            reject(new Error('lobby join timed out'));
          }, CONNECT_TIMEOUT_MS),
        ),
      ]).catch((err: unknown) => {
        // A join that opens after we gave up on it is left at once.
        if (timedOut) void joining.then((late) => late.leave(true)).catch(() => undefined);
        throw err;
      });
      if (this.stopped) {
        void room.leave(true);
        return;
      }
      this.room = room;
      this.attempts = 0;
      room.onMessage('rooms', (list: RoomListing[]) => {
        this.rooms = new Map(list.map((r) => [r.roomId, r]));
        this.publishSelf();
      });
      room.onMessage('+', ([roomId, r]: [string, RoomListing]) => {
        this.rooms.set(roomId, { ...r, roomId });
        this.publishSelf();
      });
      room.onMessage('-', (roomId: string) => {
        this.rooms.delete(roomId);
        this.publishSelf();
      });
      room.onLeave(() => {
        if (this.stopped || this.room !== room) return;
        this.room = null;
        this.set({ conn: 'reconnecting' });
        this.scheduleReconnect();
      });
      this.set({ conn: 'connected', serversProgress: null });
      // The server answers again: anything still pending is retried now, not at its next backoff.
      window.clearTimeout(this.poll);
      void this.pollPeers();
    } catch {
      if (this.stopped) return;
      this.set({ conn: this.attempts > 2 ? 'offline' : 'reconnecting' });
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    this.attempts++;
    this.retry = window.setTimeout(() => void this.connect(), backoffMs(this.attempts + 1));
  }

  private publishSelf(): void {
    const tables: TableListing[] = [...this.rooms.values()]
      .filter((r) => r.metadata)
      .map((r) => ({ roomId: r.roomId, ...(r.metadata as TableMetadata) }));
    const self = this.model.self ?? {
      id: 'self',
      name: 'This server',
      url: location.origin,
      version: '',
      games: [],
      tables: [],
    };
    this.set({ self: { ...self, self: true, tables } });
  }

  /** Discovery every POLL_MS while it answers; with backoff (and progress shown) while it does not. */
  private async pollPeers(): Promise<void> {
    if (this.stopped) return;
    window.clearTimeout(this.poll);
    const ok = await this.refreshPeers();
    if (this.stopped) return;
    this.discoveryAttempts = ok ? 0 : this.discoveryAttempts + 1;
    if (!ok && this.model.serversProgress)
      this.set({ serversProgress: { attempt: this.discoveryAttempts + 1, lastError: 'no answer yet' } });
    const delay = ok ? POLL_MS : Math.max(POLL_MS, backoffMs(this.discoveryAttempts));
    this.poll = window.setTimeout(() => void this.pollPeers(), delay);
  }

  private async refreshPeers(): Promise<boolean> {
    try {
      const d = await fetchDiscovery(Math.min(4000 * 2 ** this.discoveryAttempts, 30_000));
      const peers = d.servers.filter((s) => !s.self && s.id !== d.self.id);
      const selfListing = d.servers.find((s) => s.self || s.id === d.self.id);
      const live = this.room !== null;
      const self = {
        ...d.self,
        self: true,
        tables: live
          ? (this.model.self?.tables ?? [])
          : (selfListing?.tables ?? this.model.self?.tables ?? []),
      };
      this.set({ peers, self, serversProgress: null });
      return true;
    } catch (err) {
      // Discovery is optional (DISCOVERY=off, old server): keep what we have, and keep asking.
      return !isUnreachable(err);
    }
  }
}
