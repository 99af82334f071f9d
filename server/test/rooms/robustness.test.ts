/**
 * Bad input of every kind is answered with an `error` to the sender alone and changes nothing;
 * rate limits and chat limits hold; a throwing game does not take the server down.
 */
import { type ChatLine, ClientMsg, ErrorCode, Limits, ServerMsg } from '@parlor/shared';
import { type Tracked, messagesOf, sendAnswered, sleep, track, waitUntil } from '../helpers/clients';
import { raceAdapter } from '../helpers/fixtureGame';
import { type Booted, FAST_LIMITS, bootParlor } from '../helpers/testServer';
import fc from 'fast-check';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
jest.setTimeout(90_000); // a ceiling only (a loaded machine, two files at once)
let app: Booted;

beforeAll(async () => {
  app = await bootParlor(PORT, {}, [
    { name: 'race', adapter: raceAdapter },
    { name: 'race_fast', adapter: raceAdapter, limits: FAST_LIMITS },
    {
      name: 'race_broken',
      adapter: {
        ...raceAdapter,
        project: () => {
          throw new Error('projection bug (on purpose)');
        },
      },
    },
  ]);
});
afterAll(async () => {
  await app.server.shutdown();
});
afterEach(async () => {
  await app.server.cleanup();
});

async function table(room = 'race'): Promise<[Tracked, Tracked]> {
  const a = track(await app.client().create(room, { name: 'ada', seats: 2 }));
  const b = track(await app.client().joinById(a.room.roomId, { name: 'bob' }));
  await waitUntil(() => a.welcome !== null && b.welcome !== null, 'welcomes');
  return [a, b];
}

/** Sends each [type, payload] and returns the codes of the errors that came back, in order. */
async function codesFor(t: Tracked, sends: [string | number, unknown][]): Promise<string[]> {
  const before = t.errors.length;
  for (const [type, payload] of sends) t.room.send(type as string, payload);
  await waitUntil(() => t.errors.length >= before + sends.length, `${sends.length} errors`);
  return t.errors.slice(before).map((e) => e.code);
}

test('malformed payloads of every kind -> BAD_MESSAGE, unknown types -> UNKNOWN_MESSAGE, server fine', async () => {
  const [a, b] = await table();
  a.room.send(ClientMsg.start);
  await waitUntil(() => a.json().status === 'playing', 'playing');
  const badActions: unknown[] = [
    undefined,
    null,
    5,
    'step',
    true,
    [],
    [{ type: 'step' }],
    {},
    { type: 5 },
    { type: null },
    { type: 'fly' },
    { type: 'step', extra: 1 },
    { type: 'x'.repeat(3000) },
    { type: 'step'.repeat(10) },
  ];
  expect(
    await codesFor(
      a,
      badActions.map((p) => [ClientMsg.action, p]),
    ),
  ).toEqual(badActions.map(() => ErrorCode.BAD_MESSAGE));
  await sleep(2500); // let the rate bucket refill
  const badOthers: [string | number, unknown][] = [
    [ClientMsg.chat, undefined],
    [ClientMsg.chat, { text: 5 }],
    [ClientMsg.chat, ['hi']],
    [ClientMsg.chat, 'hi'],
    [ClientMsg.chat, { text: '   ' }],
    [ClientMsg.kick, { seat: 'one' }],
    [ClientMsg.kick, { seat: -1 }],
    [ClientMsg.kick, { seat: 1.5 }],
    [ClientMsg.kick, null],
    [ClientMsg.removeBot, 7],
    [ClientMsg.setOptions, { options: [] }],
  ];
  expect(await codesFor(a, badOthers)).toEqual(badOthers.map(() => ErrorCode.BAD_MESSAGE));
  expect(
    await codesFor(a, [
      ['fly', { x: 1 }],
      [42, 'numeric type'],
      ['', null],
    ]),
  ).toEqual([ErrorCode.UNKNOWN_MESSAGE, ErrorCode.UNKNOWN_MESSAGE, ErrorCode.UNKNOWN_MESSAGE]);
  // Out of turn: the game's own code. Nothing changed for anyone, and bob got no error of ada's.
  expect(await codesFor(b, [[ClientMsg.action, { type: 'step' }]])).toEqual(['NOT_YOUR_TURN']);
  expect(b.errors).toHaveLength(1);
  expect(a.json().seats.map((s: { count: number }) => s.count)).toEqual([0, 0]);
  // A normal action still works.
  await sleep(1000);
  a.room.send(ClientMsg.action, { type: 'step' });
  await waitUntil(() => b.json().seats[0].count === 1, 'step applied');
  expect(b.json().toAct).toEqual([1]);
});

test('rate limit: a burst is refused with one RATE_LIMITED (not one per message), and the client recovers', async () => {
  const [a] = await table();
  for (let i = 0; i < Limits.rateBurst + 15; i++) a.room.send(ClientMsg.action, { type: 'step' });
  const count = (code: string) => a.errors.filter((e) => e.code === code).length;
  await waitUntil(
    () => count(ErrorCode.RATE_LIMITED) === 1 && count(ErrorCode.NOT_PLAYING) >= Limits.rateBurst,
    'the burst answered',
  );
  await sleep(300);
  // The refusals after the first within a second are dropped unanswered (see inRoomAbuse.test.ts).
  expect(count(ErrorCode.RATE_LIMITED)).toBe(1);
  expect(count(ErrorCode.NOT_PLAYING)).toBeLessThan(Limits.rateBurst + 5);
  await sleep(1000);
  a.room.send(ClientMsg.start);
  await waitUntil(() => a.json().status === 'playing', 'start after the flood');
});

test("sendAnswered (the tests' well-behaved client): past the budget it is told to slow down and gets every message through; any other refusal fails at once with its code", async () => {
  const [a] = await table();
  const pongs = () => messagesOf<{ id: number }>(a, ServerMsg.pong).map((p) => p.id);
  // The whole budget at once (each one accepted), then one message after another through the
  // helper until it was told to slow down.
  const sent = Array.from({ length: Limits.rateBurst }, (_, i) => i);
  for (const id of sent) a.room.send(ClientMsg.ping, { id });
  let limited = 0;
  while (limited === 0 && sent.length < 10 * Limits.rateBurst) {
    const id = sent.length;
    sent.push(id);
    limited += await sendAnswered(a, ClientMsg.ping, { id }, () => pongs().includes(id), `pong ${id}`);
  }
  expect(limited).toBeGreaterThan(0);
  expect(pongs()).toEqual(sent);
  expect(a.errors.map((e) => e.code)).toEqual(Array(limited).fill(ErrorCode.RATE_LIMITED));
  await expect(sendAnswered(a, ClientMsg.ping, { id: 'x' }, () => false, 'a bad ping')).rejects.toThrow(
    /^a bad ping: ping \{"id":"x"\} refused BAD_MESSAGE/,
  );
});

test('chat: trimmed, length-limited, own bucket, never interpreted', async () => {
  const [a, b] = await table();
  a.room.send(ClientMsg.chat, { text: '  <b>hi</b> & bye  ' });
  await waitUntil(() => messagesOf(b, ServerMsg.chat).length === 1, 'chat line');
  const line = messagesOf<ChatLine>(b, ServerMsg.chat)[0]!;
  expect(line).toMatchObject({ from: 'ada', seat: 0, text: '<b>hi</b> & bye' });
  expect(Math.abs(line.at - Date.now())).toBeLessThan(2000);
  expect(await codesFor(a, [[ClientMsg.chat, { text: 'x'.repeat(Limits.chatLength + 1) }]])).toEqual([
    ErrorCode.CHAT_TOO_LONG,
  ]);
  a.room.send(ClientMsg.chat, { text: ` ${'y'.repeat(Limits.chatLength)} ` });
  await waitUntil(() => messagesOf(b, ServerMsg.chat).length === 2, 'max-length line');
  // The chat bucket is smaller than the message bucket: a chat burst gets RATE_LIMITED.
  const before = a.errors.length;
  for (let i = 0; i < Limits.chatBurst + 2; i++) a.room.send(ClientMsg.chat, { text: `spam ${i}` });
  await waitUntil(() => a.errors.length > before, 'chat limited');
  expect(a.errors.slice(before).every((e) => e.code === ErrorCode.RATE_LIMITED)).toBe(true);
});

test('half an emoji (a lone surrogate) in a name, a table name or a chat line desynchronises no one', async () => {
  // JSON carries "\ud83d" escapes: the join options arrive with lone surrogates in them.
  const a = track(await app.client().create('race', { name: 'ada\ud83d', seats: 2, tableName: 'T\udc00' }));
  const b = track(await app.client().joinById(a.room.roomId, { name: '\ud83dbob' }));
  const spec = track(await app.client().joinById(a.room.roomId, { name: 'eve', spectator: true }));
  const everyone = [a, b, spec];
  await waitUntil(() => everyone.every((t) => t.welcome !== null), 'welcomes');
  a.room.send(ClientMsg.start);
  await waitUntil(() => everyone.every((t) => t.json().status === 'playing'), 'everyone to see the start');
  for (const t of everyone) {
    expect(t.json().seats.map((s: { name: string }) => s.name)).toEqual(['ada\ufffd', '\ufffdbob']);
    expect(t.json().tableName).toBe('T\ufffd');
  }
  a.room.send(ClientMsg.chat, { text: 'hi \udc00' });
  await waitUntil(() => messagesOf(spec, ServerMsg.chat).length === 1, 'the chat line');
  // (msgpack carries it as bytes that are no UTF-8: it arrives as replacement characters already.)
  expect(messagesOf<ChatLine>(spec, ServerMsg.chat)[0]!.text).toMatch(/^hi \ufffd+$/);
  // And the patches after all that still decode: the state matches on every client.
  a.room.send(ClientMsg.chat, { text: 'still here' });
  await waitUntil(() => messagesOf(b, ServerMsg.chat).length === 2, 'the next chat line');
  for (const t of everyone) expect(t.json().log).toEqual(a.json().log);
});

test('an exception inside the room answers INTERNAL and the server keeps running', async () => {
  const [a] = await table('race_broken');
  a.room.send(ClientMsg.start);
  await waitUntil(() => a.errors.length === 1, 'internal error');
  expect(a.errors[0]!.code).toBe(ErrorCode.INTERNAL);
  const [c, d] = await table('race');
  c.room.send(ClientMsg.start);
  await waitUntil(() => d.json().status === 'playing', 'another table still plays');
});

test('fuzz: 300 random payloads on every payload-taking message type, each refused, nothing changes', async () => {
  const [a, b] = await table('race_fast');
  const types = [
    ClientMsg.action,
    ClientMsg.chat,
    ClientMsg.kick,
    ClientMsg.removeBot,
    ClientMsg.setOptions,
    'zz',
  ];
  const samples = fc.sample(
    fc.tuple(fc.constantFrom(...types), fc.oneof(fc.jsonValue(), fc.anything({ maxDepth: 2 }))),
    { numRuns: 300, seed: 42 },
  );
  // Payloads that happen to be valid would not be refused: keep only the ones that cannot be.
  const invalid = samples.filter(([type, payload]) => {
    const ok = (schema: { safeParse(v: unknown): { success: boolean } }) => schema.safeParse(payload).success;
    if (type === ClientMsg.action) return !ok(raceAdapter.definition.actionSchema);
    if (type === ClientMsg.chat) return typeof (payload as { text?: unknown })?.text !== 'string';
    if (type === ClientMsg.setOptions) return typeof (payload as { options?: unknown })?.options !== 'object';
    return true;
  });
  expect(invalid.length).toBeGreaterThan(250);
  const codes = await codesFor(a, invalid as [string, unknown][]);
  expect(codes).toHaveLength(invalid.length);
  const allowed = new Set<string>([
    ErrorCode.BAD_MESSAGE,
    ErrorCode.UNKNOWN_MESSAGE,
    ErrorCode.NOT_PLAYING,
    ErrorCode.NO_SUCH_SEAT,
    ErrorCode.BAD_OPTIONS,
  ]);
  expect(codes.filter((c) => !allowed.has(c))).toEqual([]);
  expect(b.errors).toHaveLength(0);
  expect(a.json()).toMatchObject({ status: 'waiting', spectators: 0 });
  expect(a.json().seats.map((s: { occupied: boolean }) => s.occupied)).toEqual([true, true]);
  a.room.send(ClientMsg.start);
  await waitUntil(() => b.json().status === 'playing', 'the table still works');
});
