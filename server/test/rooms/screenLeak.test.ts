/**
 * Party mode's table screen is a spectator: joined with the very options the client's screen sends
 * (`shared/src/core/screenJoin.ts`), over whole matches of the games with hidden hands (Bankout,
 * Kingpin), it never decodes nor receives in any raw frame a secret of any seat (the leak detector
 * of leak.test.ts), it decodes no seat's private part, gets no seat, and it stays a spectator through
 * the host's rematch (the new deal checked too).
 */
import { ClientMsg } from '@parlor/shared';
import { bankout } from '@parlor/shared/games/bankout/index';
import { kingpin } from '@parlor/shared/games/kingpin/index';
import type { AnyGameDefinition } from '@parlor/shared';
import { screenJoinOptions } from '@parlor/shared/core/screenJoin';
import { gameAdapter } from '../../src/games';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { bankoutBotChoice } from '../helpers/bankoutClient';
import { type Tracked, track, waitUntil } from '../helpers/clients';
import { kingpinChoice } from '../helpers/kingpinClient';
import { LeakDetector, installFrameCapture } from '../helpers/leakDetector';
import { plannedAdapters } from '../helpers/plannedAdapters';
import { type Choose, driveToEnd, waitSynced } from '../helpers/matchDriver';
import { type Booted, FAST_LIMITS, bootParlor } from '../helpers/testServer';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
jest.setTimeout(120_000);
let app: Booted;
let seed = 20261129;

const games: [AnyGameDefinition, number, Choose][] = [
  [bankout, 2, bankoutBotChoice],
  [kingpin, 3, kingpinChoice],
];

beforeAll(async () => {
  installFrameCapture();
  app = await bootParlor(
    PORT,
    {},
    games.map(([def]) => ({
      name: `${def.id}_screen`,
      adapter: gameAdapter(def.id),
      limits: FAST_LIMITS,
      newSeed: () => seed++,
    })),
  );
});
afterAll(async () => {
  await app.server.shutdown();
});
afterEach(async () => {
  await app.server.cleanup();
});

test("the screen's join options are a spectator's, with no seat token", () => {
  expect(screenJoinOptions()).toEqual({ name: 'Table screen', spectator: true });
});

describe.each(games.map((g) => [g[0].id, ...g] as const))('%s', (_id, def, seats, choose) => {
  test('the table screen receives nothing a spectator may not know, over a match and its rematch', async () => {
    const first = track(await app.client().create(`${def.id}_screen`, { name: 'p0', seats }));
    const players: Tracked[] = [first];
    for (let i = 1; i < seats; i++)
      players.push(track(await app.client().joinById(first.room.roomId, { name: `p${i}` })));
    const screen = track(await app.client().joinById(first.room.roomId, screenJoinOptions()));
    await waitUntil(() => [...players, screen].every((t) => t.welcome !== null), 'welcomes');
    expect(screen.welcome).toMatchObject({ seat: -1, seatToken: '' });
    const room = app.server.getRoomById(first.room.roomId) as unknown as GameRoom;
    first.room.send(ClientMsg.start);
    await waitUntil(() => room.state.status === 'playing', 'playing');
    const watchers = [...players.map((t, seat) => ({ t, seat })), { t: screen, seat: -1 }];
    const detector = new LeakDetector(room, {
      def,
      seats,
      hooks: plannedAdapters.find((p) => p.adapter.definition.id === def.id)?.plan.leak?.hooks,
    });
    detector.watch('table screen', screen, -1);
    await waitSynced(room, watchers, true);

    const steps = await driveToEnd({
      room,
      players,
      watchers: () => watchers,
      choose,
      seed,
      privateHidden: true,
      afterStep: () => {
        const leaks = detector.check();
        if (leaks.length) throw new Error(`leak: ${JSON.stringify(leaks.slice(0, 3))}`);
      },
    });
    expect(room.state.status).toBe('finished');
    // The rematch: the screen is still a spectator, and the new deal is hidden from it too.
    first.room.send(ClientMsg.rematch);
    await waitUntil(() => room.state.status === 'playing', 'rematch');
    await waitSynced(room, watchers, true);
    detector.newMatch();
    expect(detector.check()).toEqual([]);
    expect(detector.leaks).toEqual([]);
    expect(detector.checks).toBeGreaterThanOrEqual(steps);
    expect(detector.secretsChecked).toBeGreaterThan(steps);
    // Structurally: no seat's private child, no legal list, no deck or seed, ever.
    for (const seat of screen.json().seats) expect(seat.private).toBeUndefined();
    expect(JSON.stringify(screen.json())).not.toMatch(/"(deck|rng|seed)"/);
    expect(room.state.seats.some((s) => s.name === 'Table screen')).toBe(false);
  });
});
