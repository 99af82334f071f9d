/**
 * Boots the real app config (createAppConfig + testConfig) on the given port (a file takes one from
 * freePort()), plus any fixture game rooms, and gives real colyseus.js clients.
 */
import { boot, type ColyseusTestServer } from '@colyseus/testing';
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

export async function bootParlor(
  port: number,
  overrides: Partial<ServerConfig> = {},
  extraRooms: ({ name: string; adapter: AnyGameAdapter } & RoomVariant)[] = [],
  services: AppServices = {},
): Promise<Booted> {
  const cfg = testConfig({ port, ...overrides });
  const server = await boot(createAppConfig(cfg, services), port);
  for (const { adapter, ...variant } of extraRooms) registerGameRoom(server.server, adapter, cfg, variant);
  return { server, cfg, port, client: () => new Client(`ws://localhost:${port}`) };
}
