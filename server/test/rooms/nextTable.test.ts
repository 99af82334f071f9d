/**
 * A next table (party mode, nextTable.ts): a person seated at a private table opens another private
 * table with `after`; the old table's spectators (a table screen among them) learn its room id and
 * join code, and nobody else does: not its seated people, not another table's spectators. The
 * message holds that id and code alone (no seat token of anyone's), a forged token or a gone table
 * tells nobody anything and the new table opens all the same, and a spectator who comes later hears
 * of it too. Real @colyseus/sdk clients against the app's own rooms.
 */
import { ServerMsg, type NextTableMessage } from '@parlor/shared';
import { screenJoinOptions } from '@parlor/shared/core/screenJoin';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { type Tracked, messagesOf, sleep, track, waitUntil } from '../helpers/clients';
import { framesOf, frameHas, installFrameCapture } from '../helpers/leakDetector';
import { type Booted, bootParlor } from '../helpers/testServer';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
jest.setTimeout(60_000);
let app: Booted;

beforeAll(async () => {
  installFrameCapture();
  app = await bootParlor(PORT);
});
afterAll(async () => {
  await app.server.shutdown();
});
afterEach(async () => {
  await app.server.cleanup();
});

/** A private two-seat table with both seats taken, a table screen and a plain spectator. */
async function privateTable(prefix: string) {
  const host = track(await app.client().create('bankout', { name: `${prefix}0`, seats: 2, private: true }));
  const guest = track(await app.client().joinById(host.room.roomId, { name: `${prefix}1` }));
  const screen = track(await app.client().joinById(host.room.roomId, screenJoinOptions()));
  const watcher = track(
    await app.client().joinById(host.room.roomId, { name: `${prefix}w`, spectator: true }),
  );
  await waitUntil(() => [host, guest, screen, watcher].every((t) => t.welcome !== null), 'welcomes');
  const room = app.server.getRoomById(host.room.roomId) as unknown as GameRoom;
  await waitUntil(() => room.state.code !== '', 'a join code');
  return { host, guest, screen, watcher, room };
}

const told = (t: Tracked) => messagesOf<NextTableMessage>(t, ServerMsg.nextTable);

test("a private table's spectators learn the next table its person opened, and nobody else does", async () => {
  const a = await privateTable('a');
  const other = await privateTable('o');
  const seatToken = a.guest.welcome!.seatToken;
  expect(seatToken).not.toBe('');

  const next = track(
    await app.client().create('bankout', {
      name: 'a1',
      seats: 2,
      private: true,
      after: { roomId: a.room.roomId, seatToken },
    }),
  );
  await waitUntil(() => next.welcome !== null, 'the next table’s welcome');
  const nextRoom = app.server.getRoomById(next.room.roomId) as unknown as GameRoom;
  await waitUntil(() => told(a.screen).length > 0 && told(a.watcher).length > 0, 'the spectators told');

  const expected = { roomId: next.room.roomId, code: nextRoom.state.code };
  expect(nextRoom.state.isPrivate).toBe(true);
  expect(told(a.screen)).toEqual([expected]);
  expect(told(a.watcher)).toEqual([expected]);

  // A spectator who comes to the old table later hears of it on joining.
  const late = track(await app.client().joinById(a.room.roomId, screenJoinOptions()));
  await waitUntil(() => told(late).length > 0, 'the late screen told');
  expect(told(late)).toEqual([expected]);

  // Nobody else: the old table's seated people, the other table's people and spectators, the new
  // table's creator.
  await sleep(200);
  for (const t of [a.host, a.guest, other.host, other.guest, other.screen, other.watcher, next])
    expect(told(t)).toEqual([]);

  // Nobody else's secret goes with it: no seat token (the old seats', the creator's new one) in
  // anything a spectator received.
  const secrets = [a.host.welcome!.seatToken, seatToken, next.welcome!.seatToken];
  for (const t of [a.screen, a.watcher, late]) {
    for (const secret of secrets) {
      expect(framesOf(t.room).some((f) => frameHas(f, secret))).toBe(false);
      expect(JSON.stringify(t.messages)).not.toContain(secret);
    }
  }
});

test('a forged seat token or a gone table tells nobody, and the new table opens all the same', async () => {
  const a = await privateTable('f');
  const forged = track(
    await app.client().create('bankout', {
      name: 'mallory',
      seats: 2,
      after: { roomId: a.room.roomId, seatToken: 'not-a-seat-token-of-this-table' },
    }),
  );
  // A spectator's own (empty) token is no seat: refused as malformed options before any table opens.
  await expect(
    app.client().create('bankout', { name: 'x', after: { roomId: a.room.roomId, seatToken: '' } }),
  ).rejects.toThrow(/BAD_OPTIONS/);
  const nowhere = track(
    await app.client().create('bankout', {
      name: 'ada',
      seats: 2,
      after: { roomId: 'no-such-room', seatToken: a.host.welcome!.seatToken },
    }),
  );
  await waitUntil(() => forged.welcome !== null && nowhere.welcome !== null, 'both tables open');
  expect(forged.welcome!.seat).toBe(0);
  expect(nowhere.welcome!.seat).toBe(0);
  // The real person's call, made after the forged one, is the first thing the screen hears.
  const real = track(
    await app.client().create('bankout', {
      name: 'f0',
      seats: 2,
      after: { roomId: a.room.roomId, seatToken: a.host.welcome!.seatToken },
    }),
  );
  await waitUntil(() => told(a.screen).length > 0, 'the screen told of the real next table');
  expect(told(a.screen).map((m) => m.roomId)).toEqual([real.room.roomId]);
});
