/**
 * Boots the real app config (createAppConfig + testConfig) on a port of the test file's own, plus
 * any fixture game rooms, and gives real colyseus.js clients.
 */
import { boot, type ColyseusTestServer } from '@colyseus/testing';
import { Client } from 'colyseus.js';
import { createAppConfig } from '../../src/app';
import { type ServerConfig, testConfig } from '../../src/config';
import type { AnyGameAdapter } from '../../src/rooms/GameAdapter';
import { registerGameRoom } from '../../src/rooms/registerRooms';

export interface Booted {
  server: ColyseusTestServer;
  cfg: ServerConfig;
  port: number;
  client(): Client;
}

export async function bootParlor(
  port: number,
  overrides: Partial<ServerConfig> = {},
  extraRooms: { name: string; adapter: AnyGameAdapter }[] = [],
): Promise<Booted> {
  const cfg = testConfig({ port, ...overrides });
  const server = await boot(createAppConfig(cfg), port);
  for (const { name, adapter } of extraRooms) registerGameRoom(server.server, adapter, cfg, name);
  return { server, cfg, port, client: () => new Client(`ws://localhost:${port}`) };
}
