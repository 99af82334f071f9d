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
import { freePort } from '../helpers/freePort';
import { endsCleanly } from '../helpers/testServer';

const PORT = freePort();

class QuietRoom extends Room {
  override onCreate() {
    this.onMessage('*', () => undefined);
  }
}

let server: ColyseusTestServer;

beforeAll(async () => {
  server = endsCleanly(await boot(createAppConfig(testConfig({ port: PORT })), PORT));
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

/**
 * Runs `work` on a fake clock (I/O still flows), advancing it by `ms`: whether the work is over by
 * then says what its timeouts do, whatever the machine's load.
 */
async function overAfter(work: () => Promise<unknown>, ms: number): Promise<boolean> {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  try {
    let over = false;
    const running = work().then(() => (over = true));
    await jest.advanceTimersByTimeAsync(ms);
    const result = over;
    await jest.runOnlyPendingTimersAsync();
    await running;
    return result;
  } finally {
    jest.useRealTimers();
  }
}

test('a discovery stop that hangs does not hold the shutdown', async () => {
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
  const hanging = () =>
    beforeShutdown({ serverName: 'Test', stopDiscovery: () => new Promise<void>(() => undefined) })();
  // Given up after its 1.5 s (the announcement before it has 1 s at most): over by 2.5 s, not before 1.5 s.
  expect(await overAfter(hanging, 1400)).toBe(false);
  expect(await overAfter(hanging, 2500)).toBe(true);
});

test("once the rooms are closed, the store's writes under way are waited for, but not for ever", async () => {
  let landed = false;
  const settle = () => new Promise<void>((resolve) => setTimeout(() => resolve(void (landed = true)), 50));
  await afterShutdown(settle)();
  expect(landed).toBe(true);
  const hanging = () => afterShutdown(() => new Promise<void>(() => undefined), 200)();
  expect(await overAfter(hanging, 150)).toBe(false);
  expect(await overAfter(hanging, 200)).toBe(true);
  // A failing store does not fail the exit.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await expect(afterShutdown(() => Promise.reject(new Error('EIO')))()).resolves.toBeUndefined();
});
