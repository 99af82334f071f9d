/**
 * Issue 31's findings about what a guest (or the host) can try at a table, each replayed with real
 * @colyseus/sdk clients and seen refused: the clock's own actions sent by a player, a table created
 * under an old rules edition, two seats with names that read alike, bidirectional controls in
 * names and chat, a kicked player coming back from an address their seat token used earlier, and
 * an oversized WebSocket frame's log. (Devices' host ticking time on: rooms/devices.test.ts.)
 */
import net from 'node:net';
import { type ChatLine, ClientMsg, ErrorCode, JoinErrorCode, Limits, ServerMsg, games } from '@parlor/shared';
import { Client, type Room } from '@colyseus/sdk';
import type { GameRoom } from '../../src/rooms/GameRoom';
import { distinctName, nameKey, stripBidi } from '../../src/rooms/names';
import { type Tracked, messagesOf, nextError, sleep, track, waitUntil } from '../helpers/clients';
import { raceAdapter } from '../helpers/fixtureGame';
import { plannedGames } from '../../../shared/test/plans';
import { type Booted, FAST_LIMITS, bootParlor } from '../helpers/testServer';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
jest.setTimeout(90_000);
let app: Booted;

beforeAll(async () => {
  app = await bootParlor(PORT, {}, [{ name: 'race', adapter: raceAdapter, limits: FAST_LIMITS }]);
});
afterAll(async () => {
  await app.server.shutdown();
});
afterEach(async () => {
  await app.server.cleanup();
});

/**
 * A client whose WebSocket comes from the given loopback address (127.x.y.z): as another device
 * on the network. Linux answers a connection to 127.0.0.5 from 127.0.0.1 unless the socket is
 * bound, so `ws` (which connects through net.connect) is given the local address to bind.
 */
function clientFrom(address: string): Client {
  return new Client(`ws://${address}:${PORT}`);
}
const realConnect = net.connect;
beforeAll(() => {
  jest.spyOn(net, 'connect').mockImplementation(((...args: Parameters<typeof net.connect>) => {
    const options = args[0] as unknown;
    if (typeof options === 'object' && options !== null && 'host' in options) {
      const host = String(options.host);
      if (/^127\.\d+\.\d+\.\d+$/.test(host) && host !== '127.0.0.1')
        return realConnect({ ...(options as net.TcpNetConnectOpts), localAddress: host });
    }
    return realConnect(...args);
  }) as typeof net.connect);
});

async function welcomed(room: Room): Promise<Tracked> {
  const t = track(room);
  await waitUntil(() => t.welcome !== null, 'welcome');
  return t;
}

function serverRoom(t: Tracked): GameRoom {
  return app.server.getRoomById(t.room.roomId) as unknown as GameRoom;
}

describe("the clock's own actions come from the server's timer alone", () => {
  // Every game whose test plan names a table where the timer applies one of the clock's own actions.
  const clocked = plannedGames.flatMap(({ def, plan, testOnly }) =>
    plan.clock && !testOnly ? [[def.id, plan.clock.options, plan.clock.action] as const] : [],
  );
  test('some game has a clock of its own', () => expect(clocked.length).toBeGreaterThan(0));
  test.each(clocked)(
    '%s: a player sending the timer action is refused CLOCK_ONLY',
    async (game, options, action) => {
      const ada = await welcomed(
        await app.client().create(game, { name: 'ada', vsBots: true, seats: 2, options }),
      );
      const room = serverRoom(ada);
      await waitUntil(() => room.state.status === 'playing', 'playing');
      // The table's host and seated player: its own timer's action is still not theirs to send.
      expect(room.state.host).toBe(0);
      const before = room.match!.record.actions.filter((a) => a.action.type === action.type).length;
      ada.room.send(ClientMsg.action, action);
      expect((await nextError(ada)).code).toBe(ErrorCode.CLOCK_ONLY);
      expect(room.match!.record.actions.filter((a) => a.action.type === action.type).length).toBe(before);
      expect(games.find((g) => g.id === game)!.table!.clockOnly!(action as never)).toBe(true);
    },
  );
});

describe('a new table plays the newest rules edition', () => {
  test.each(games.filter((g) => 'edition' in (g.optionsSchema.parse({}) as object)).map((g) => g.id))(
    '%s: create with an old edition is refused; the edition the dialog carries (the newest) is accepted',
    async (game) => {
      const latest = (games.find((g) => g.id === game)!.optionsSchema.parse({}) as { edition: number })
        .edition;
      expect(latest).toBeGreaterThan(1);
      await expect(app.client().create(game, { name: 'eve', options: { edition: 1 } })).rejects.toMatchObject(
        { code: JoinErrorCode.BAD_OPTIONS, message: expect.stringMatching(/edition/) },
      );
      await expect(
        app.client().create(game, { name: 'eve', options: { edition: '1' } }),
      ).rejects.toMatchObject({ code: JoinErrorCode.BAD_OPTIONS });
      const host = await welcomed(
        await app.client().create(game, { name: 'ada', options: { edition: latest } }),
      );
      const room = serverRoom(host);
      expect(JSON.parse(room.state.options).edition).toBe(latest);
      // The host's setOptions may not pick one either.
      host.room.send(ClientMsg.setOptions, { options: { edition: 1 } });
      expect((await nextError(host)).code).toBe(ErrorCode.BAD_OPTIONS);
      expect(JSON.parse(room.state.options).edition).toBe(latest);
    },
  );
});

describe('seated names', () => {
  test('a name that reads like a seated one gets a number; chat lines then differ', async () => {
    const ada = await welcomed(await app.client().create('devices', { name: 'Ada', seats: 7 }));
    const room = serverRoom(ada);
    // Case, a Cyrillic А and а, fullwidth letters, a zero-width space: each reads as "Ada".
    const alikes = ['ADA', '\u0410d\u0430', 'Ａｄａ', 'A\u200Bda'];
    const others: Tracked[] = [];
    for (const name of alikes)
      others.push(await welcomed(await app.client().joinById(ada.room.roomId, { name })));
    const names = room.state.seats.map((s) => s.name);
    expect(names.slice(0, 5)).toEqual(['Ada', 'ADA 2', '\u0410d\u0430 3', 'Ａｄａ 4', 'A\u200Bda 5']);
    expect(new Set(names.slice(0, 5).map(nameKey)).size).toBe(5);
    // Two players chat: their lines carry different names.
    ada.room.send(ClientMsg.chat, { text: 'hi' });
    others[0]!.room.send(ClientMsg.chat, { text: 'hi' });
    await waitUntil(() => messagesOf(ada, ServerMsg.chat).length === 2, 'two lines');
    const from = messagesOf<ChatLine>(ada, ServerMsg.chat).map((l) => l.from);
    expect(new Set(from).size).toBe(2);
    // A bot whose name a person already took is numbered too (the bot of seat 7 is "Bot 7").
    await welcomed(await app.client().joinById(ada.room.roomId, { name: 'bot 7' }));
    ada.room.send(ClientMsg.addBot, { seat: 6 });
    await waitUntil(() => room.state.seats.every((s) => s.occupied), 'the bot');
    expect(room.state.seats.slice(5).map((s) => s.name)).toEqual(['bot 7', 'Bot 7 2']);
    expect(new Set(room.state.seats.map((s) => nameKey(s.name))).size).toBe(7);
  });

  test('digits and letters drawn alike: 0/O, 1/l/I', () => {
    expect(nameKey('B0B')).toBe(nameKey('bob'));
    expect(nameKey('AIice')).toBe(nameKey('Alice'));
    expect(nameKey('A1ice')).toBe(nameKey('alice'));
    expect(nameKey('Ηοrn')).toBe(nameKey('Hom')); // Greek Eta and omicron, rn
    expect(nameKey('Bob')).not.toBe(nameKey('Rob'));
    expect(distinctName('Bob', ['Ada'])).toBe('Bob');
    expect(distinctName('B0b', ['bob', 'Bob 2'])).toBe('B0b 3');
    // The number always fits the name length, without cutting a character in half.
    const long = `${'x'.repeat(Limits.nameLength - 2)}😀`;
    const numbered = distinctName(long, [long]);
    expect(numbered.length).toBeLessThanOrEqual(Limits.nameLength);
    expect(numbered).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(numbered.endsWith(' 2')).toBe(true);
  });
});

describe('bidirectional controls', () => {
  const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
  const MARKS = ['\u200E', '\u200F', '\u061C'];

  test('are stripped from names, table names and chat', async () => {
    const ada = await welcomed(
      await app.client().create('race', {
        name: 'Ada\u202Enimda',
        tableName: '\u2067Free\u2069 chips',
        seats: 3,
      }),
    );
    const room = serverRoom(ada);
    const eve = await welcomed(
      await app.client().joinById(ada.room.roomId, { name: `${BIDI.join('')}Eve${MARKS.join('')}` }),
    );
    const only = await welcomed(await app.client().joinById(ada.room.roomId, { name: '\u202E\u202E' }));
    expect(room.state.seats.map((s) => s.name)).toEqual(['Adanimda', 'Eve', 'Guest']);
    expect(room.state.tableName).toBe('Free chips');
    eve.room.send(ClientMsg.chat, { text: `see \u202Egpj.exe ${BIDI.join('')}${MARKS.join('')}ok` });
    const refused = nextError(only);
    only.room.send(ClientMsg.chat, { text: '\u202E\u200F' });
    await waitUntil(() => messagesOf(ada, ServerMsg.chat).length === 1, 'the line');
    expect(messagesOf<ChatLine>(ada, ServerMsg.chat)[0]).toMatchObject({
      from: 'Eve',
      text: 'see gpj.exe ok',
    });
    // A line of nothing but controls is an empty line.
    expect((await refused).code).toBe(ErrorCode.BAD_MESSAGE);
    for (const c of [...BIDI, ...MARKS]) expect(stripBidi(`a${c}b`)).toBe('ab');
  });
});

describe('a kick', () => {
  test('bars the seat token and every address it was used from', async () => {
    const host = await welcomed(await clientFrom('127.0.0.1').create('race', { name: 'ada', seats: 2 }));
    const roomId = host.room.roomId;
    const room = serverRoom(host);
    // Bob sits down from one device, then takes his seat back with its token from another.
    const bob = await welcomed(await clientFrom('127.0.0.5').joinById(roomId, { name: 'bob' }));
    bob.room.reconnection.enabled = false;
    const token = bob.welcome!.seatToken;
    const bobAgain = await welcomed(
      await clientFrom('127.0.0.6').joinById(roomId, { name: 'bob', seatToken: token }),
    );
    await waitUntil(() => messagesOf(bob, ServerMsg.kicked).length === 1, 'the first connection let go');
    expect(bobAgain.welcome!.seat).toBe(1);
    host.room.send(ClientMsg.kick, { seat: 1 });
    await waitUntil(() => messagesOf(bobAgain, ServerMsg.kicked).length === 1, 'kicked');
    await waitUntil(() => room.state.seats[1]!.occupied === false, 'seat freed');
    // From either address, without the token: refused (the first was barred too, not only the last).
    for (const address of ['127.0.0.5', '127.0.0.6'])
      await expect(clientFrom(address).joinById(roomId, { name: 'bobby' })).rejects.toMatchObject({
        code: JoinErrorCode.KICKED,
      });
    // Watching is fine; sitting from there is not.
    const watcher = await welcomed(
      await clientFrom('127.0.0.5').joinById(roomId, { name: 'bob', spectator: true }),
    );
    watcher.room.send(ClientMsg.sit, { seat: 1 });
    expect((await nextError(watcher)).code).toBe(ErrorCode.KICKED);
    // Someone from another device takes the seat.
    const cara = await welcomed(await clientFrom('127.0.0.7').joinById(roomId, { name: 'cara' }));
    expect(cara.welcome!.seat).toBe(1);
  });
});

describe('an oversized WebSocket frame', () => {
  test('logs exactly one line, no stack, and its client is disconnected', async () => {
    const t = await welcomed(await app.client().create('race', { name: 'ada', seats: 2 }));
    t.room.reconnection.enabled = false;
    const logged: string[] = [];
    const spies = (['error', 'warn', 'log', 'info', 'debug', 'trace'] as const).map((level) =>
      jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map((a) => (a instanceof Error ? String(a.stack) : String(a))).join(' '));
      }),
    );
    let left = false;
    t.room.onLeave(() => (left = true));
    try {
      // Far past the transport's 4 KB maxPayload.
      t.room.connection.send(Buffer.alloc(64 * 1024, 1));
      await waitUntil(() => left, 'the client is disconnected');
      await sleep(300);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const aboutIt = logged.filter((l) => /payload|frame/i.test(l));
    expect(aboutIt).toEqual([
      'A client sent a WebSocket frame that is refused (Max payload size exceeded); it was disconnected.',
    ]);
    expect(logged.join('\n')).not.toMatch(/\n\s+at /);
  });
});
