/**
 * Boots the real app config (createAppConfig + testConfig) on the given port (a file takes one from
 * freePort()), plus any fixture game rooms, and gives real colyseus.js clients.
 */
import { boot, type ColyseusTestServer } from '@colyseus/testing';
import { Room, matchMaker } from '@colyseus/core';
import { Client } from '@colyseus/sdk';
import { type AppServices, createAppConfig } from '../../src/app';
import { type ServerConfig, testConfig } from '../../src/config';
import type { AnyGameAdapter } from '../../src/rooms/GameAdapter';
import type { RoomLimits } from '../../src/rooms/GameRoom';
import { type RoomVariant, registerGameRoom } from '../../src/rooms/registerRooms';

/** Limits loose enough for scripted clients that play as fast as the server answers. */
export const FAST_LIMITS: RoomLimits = {
  rateBurst: 1000,
  ratePerSecond: 1000,
  chatBurst: 100,
  chatPerSecond: 100,
  hintBurst: 1000,
  hintPerSecond: 1000,
};

export interface Booted {
  server: ColyseusTestServer;
  cfg: ServerConfig;
  port: number;
  client(): Client;
}

/**
 * Rooms that opened a reconnection window (a seat waiting for its dropped player). Colyseus disposes
 * a room without clearing those windows' timers (Room.allowReconnection, RECONNECT_SECONDS: 60 s
 * here): after a file's last cleanup or shutdown they kept its jest worker alive for up to a minute,
 * and jest said "A worker process has failed to exit gracefully" (a timer made by allowReconnection
 * in guestAttacks.test.ts was what the force-exited worker still held). The real server exits on
 * its own after a shutdown; a test server clears them once its rooms are gone.
 */
type WithWindows = { _reservedSeatTimeouts: Record<string, ReturnType<typeof setTimeout> | undefined> };
const windows = new Set<ReturnType<typeof setTimeout>>();
const allowReconnection = Room.prototype.allowReconnection;
Room.prototype.allowReconnection = function (this: Room, ...args: Parameters<Room['allowReconnection']>) {
  const deferred = allowReconnection.apply(this, args);
  // Kept by itself: a window the room's disposal rejects leaves Colyseus's map without its timer.
  const timer = (this as unknown as WithWindows)._reservedSeatTimeouts[args[0].sessionId];
  if (timer) windows.add(timer);
  return deferred;
};
function clearReconnectionWindows(): void {
  for (const timer of windows) clearTimeout(timer);
  windows.clear();
}

export async function bootParlor(
  port: number,
  overrides: Partial<ServerConfig> = {},
  extraRooms: ({ name: string; adapter: AnyGameAdapter } & RoomVariant)[] = [],
  services: AppServices = {},
): Promise<Booted> {
  const cfg = testConfig({ port, ...overrides });
  const server = endsCleanly(await boot(createAppConfig(cfg, services), port));
  for (const { adapter, ...variant } of extraRooms) registerGameRoom(server.server, adapter, cfg, variant);
  return { server, cfg, port, client: () => new Client(`ws://localhost:${port}`) };
}

/**
 * A test server whose cleanup and shutdown leave no timer behind (every test server: bootParlor's,
 * and a file's own `boot`). Returns the same server.
 */
export function endsCleanly(server: ColyseusTestServer): ColyseusTestServer {
  for (const end of ['cleanup', 'shutdown'] as const) {
    const original = server[end].bind(server);
    server[end] = async () => {
      await original();
      clearReconnectionWindows();
      // Colyseus's room count is written at most once a second: a create, join or leave schedules
      // the next write 1 s ahead, and a shutdown leaves that timer, which outlived a worker's last
      // file by more than jest waits (0.5 s) (api.test and shutdown.test, which boot on their own).
      if (end === 'shutdown') matchMaker.stats.reset(true);
    };
  }
  return server;
}
