/**
 * What the lobby shows, kept fresh: this server's tables from the realtime LobbyRoom listing
 * (`rooms` / `+` / `-`), peers and their tables from /api/discovery (polled), and the game list.
 */
import type { Room } from '@colyseus/sdk';
import { LOBBY_ROOM, type TableMetadata } from '@parlor/shared/core/protocol';
import {
  fetchDiscovery,
  fetchGames,
  fetchInfo,
  type GameInfo,
  type ServerListing,
  type TableListing,
} from '../net/api';
import { colyseus } from '../net/client';
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
  gamesError: boolean;
  self: ServerListing | null;
  peers: ServerListing[];
  conn: ConnState;
}

const POLL_MS = 3000;

export class LobbyData {
  private events = new Emitter<{ change: LobbyModel }>();
  private room: Room | null = null;
  private rooms = new Map<string, RoomListing>();
  private model: LobbyModel = { games: [], gamesError: false, self: null, peers: [], conn: 'connecting' };
  private poll = 0;
  private retry = 0;
  private attempts = 0;
  private stopped = false;

  start(): void {
    void fetchGames()
      .then((games) => this.set({ games, gamesError: false }))
      .catch(() => this.set({ gamesError: true }));
    void fetchInfo()
      .then((self) =>
        this.set({ self: { ...self, self: true, tables: this.model.self?.tables ?? self.tables ?? [] } }),
      )
      .catch(() => undefined);
    void this.connect();
    void this.refreshPeers();
    this.poll = window.setInterval(() => void this.refreshPeers(), POLL_MS);
  }

  stop(): void {
    this.stopped = true;
    window.clearInterval(this.poll);
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
      const room = await colyseus().joinOrCreate(LOBBY_ROOM);
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
      this.set({ conn: 'connected' });
    } catch {
      if (this.stopped) return;
      this.set({ conn: this.attempts > 2 ? 'offline' : 'reconnecting' });
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    this.attempts++;
    const delay = Math.min(500 * 2 ** Math.min(this.attempts, 4), 8000);
    this.retry = window.setTimeout(() => void this.connect(), delay);
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

  private async refreshPeers(): Promise<void> {
    try {
      const d = await fetchDiscovery();
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
      this.set({ peers, self });
    } catch {
      // Discovery is optional (DISCOVERY=off, old server): keep what we have.
    }
  }
}
