/**
 * On SIGTERM every connected player is told before the rooms close, and discovery says goodbye;
 * once they are closed, the store's last writes (history files) are waited for, for a while.
 */
import { Room } from '@colyseus/core';
import { boot, type ColyseusTestServer } from '@colyseus/testing';
import { ServerMsg } from '@parlor/shared';
import { createAppConfig } from '../../src/app';
import { testConfig } from '../../src/config';
import { SHUTDOWN_REASON, afterShutdown, beforeShutdown } from '../../src/http/gracefulShutdown';

const PORT = 2653;

class QuietRoom extends Room {
  override onCreate() {
    this.onMessage('*', () => undefined);
  }
}

let server: ColyseusTestServer;

beforeAll(async () => {
  server = await boot(createAppConfig(testConfig({ port: PORT })), PORT);
  server.server.define('quiet', QuietRoom);
});

afterAll(async () => {
  await server?.shutdown();
});

test('every client of every room receives the shutdown message, then discovery stops', async () => {
  const rooms = [await server.createRoom('quiet'), await server.createRoom('quiet')];
  const clients = await Promise.all([
    server.connectTo(rooms[0]),
    server.connectTo(rooms[0]),
    server.connectTo(rooms[1]),
  ]);
  const received = clients.map((c) => c.waitForMessage(ServerMsg.shutdown, 3000));
  const stopDiscovery = jest.fn(async () => undefined);
  jest.spyOn(console, 'log').mockImplementation(() => undefined);

  await beforeShutdown({ serverName: 'Test', stopDiscovery })();

  for (const message of await Promise.all(received)) expect(message).toEqual({ reason: SHUTDOWN_REASON });
  expect(stopDiscovery).toHaveBeenCalledTimes(1);
});

test('a discovery stop that hangs does not hold the shutdown', async () => {
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
  const started = Date.now();
  await beforeShutdown({ serverName: 'Test', stopDiscovery: () => new Promise<void>(() => undefined) })();
  expect(Date.now() - started).toBeLessThan(2500);
});

test("once the rooms are closed, the store's writes under way are waited for, but not for ever", async () => {
  let landed = false;
  const settle = () => new Promise<void>((resolve) => setTimeout(() => resolve(void (landed = true)), 50));
  await afterShutdown(settle)();
  expect(landed).toBe(true);
  const started = Date.now();
  await afterShutdown(() => new Promise<void>(() => undefined), 200)();
  expect(Date.now() - started).toBeLessThan(1000);
  // A failing store does not fail the exit.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await expect(afterShutdown(() => Promise.reject(new Error('EIO')))()).resolves.toBeUndefined();
});
