/**
 * Issue 20's per-client floods, sent as a script would, each now refused with a code:
 *
 * - tables: one client (IP address) keeps at most TABLES_PER_CLIENT open tables it created
 *   (TOO_MANY_TABLES); another client is not held to it;
 * - join codes: a client guessing codes is cut off after a few (429 TOO_MANY_LOOKUPS);
 * - the monitor's password: after a few wrong ones, every try is refused before it is checked
 *   (429 TOO_MANY_ATTEMPTS), the right password included, so guessing learns nothing.
 */
import { matchMaker } from '@colyseus/core';
import { rawRequest } from '../helpers/rawHttp';
import { type Booted, bootParlor } from '../helpers/testServer';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
const PASSWORD = 'correct horse';
jest.setTimeout(120_000);
let app: Booted;

beforeAll(async () => {
  app = await bootParlor(PORT, { tablesPerClient: 3, monitorPassword: PASSWORD });
});
afterAll(async () => {
  await app.server.shutdown();
});

const create = (from: string) =>
  rawRequest(PORT, {
    method: 'POST',
    path: '/matchmake/create/bankout',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Mallory', seats: 2 }),
    from,
  });

test('a client has at most TABLES_PER_CLIENT open tables', async () => {
  const before = (await matchMaker.query({})).length;
  const answers = [];
  for (let i = 0; i < 5; i++) answers.push(await create('127.0.0.21'));
  expect(answers.slice(0, 3).map((a) => typeof a.json?.roomId)).toEqual(['string', 'string', 'string']);
  for (const refused of answers.slice(3)) {
    expect(refused.json).toMatchObject({
      code: 'TOO_MANY_TABLES',
      error: expect.stringMatching(/3 open tables/),
    });
  }
  expect((await matchMaker.query({})).length).toBe(before + 3);
  // Another client creates as usual.
  const other = await create('127.0.0.22');
  expect(typeof other.json?.roomId).toBe('string');
  // Once one of the first client's tables is gone, it may create again.
  const gone = answers[0]!.json.roomId as string;
  await (await app.client().consumeSeatReservation(answers[0]!.json)).leave(true);
  for (let i = 0; i < 100 && matchMaker.getLocalRoomById(gone); i++)
    await new Promise((r) => setTimeout(r, 50));
  const again = await create('127.0.0.21');
  expect(typeof again.json?.roomId).toBe('string');
  // The reservations taken and left, so the tables go (an unused one keeps a timer running).
  for (const r of [...answers.slice(1, 3), other, again])
    await (await app.client().consumeSeatReservation(r.json)).leave(true);
});

test('join codes cannot be guessed at speed', async () => {
  const answers = [];
  for (let i = 0; i < 15; i++)
    answers.push(await rawRequest(PORT, { path: `/api/tables/code/ZZZZ${i % 10}`, from: '127.0.0.31' }));
  expect(answers.slice(0, 10).every((a) => a.status === 404 && a.json?.code === 'NOT_FOUND')).toBe(true);
  const refused = answers[14]!;
  expect([refused.status, refused.json?.code]).toEqual([429, 'TOO_MANY_LOOKUPS']);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  // Someone else looking a code up is not held up.
  expect((await rawRequest(PORT, { path: '/api/tables/code/ZZZZZ', from: '127.0.0.32' })).status).toBe(404);
});

const basic = (user: string, pass: string) => ({
  Authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`,
});

test("the monitor's password cannot be guessed at speed", async () => {
  const from = '127.0.0.41';
  const tries = [];
  for (let i = 0; i < 8; i++)
    tries.push(await rawRequest(PORT, { path: '/admin/', headers: basic('admin', `guess${i}`), from }));
  expect(tries.slice(0, 5).map((t) => t.status)).toEqual([401, 401, 401, 401, 401]);
  expect([tries[7]!.status, tries[7]!.json?.code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
  // The right password gets the same refusal while the client is locked out.
  const right = await rawRequest(PORT, { path: '/admin/', headers: basic('admin', PASSWORD), from });
  expect([right.status, right.json?.code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
  // The admin on another machine is not locked out, and asking with no password costs nothing.
  for (let i = 0; i < 8; i++)
    expect((await rawRequest(PORT, { path: '/admin/', from: '127.0.0.42' })).status).toBe(401);
  expect(
    (await rawRequest(PORT, { path: '/admin/', headers: basic('admin', PASSWORD), from: '127.0.0.42' }))
      .status,
  ).toBe(200);
});
