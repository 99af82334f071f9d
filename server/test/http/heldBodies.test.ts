/**
 * Issue 31's HTTP findings, replayed as the attacker's script sent them, each now refused:
 *
 * - 400 `/matchmake/create` bodies from many addresses, each declared at the create limit and
 *   sent but for its last byte, never finished: only what the total budget of bytes in flight
 *   holds is read, every other one is refused at once (503 SERVER_BUSY) with nothing read, and
 *   once the held ones close, their share is back;
 * - one client holding several: refused past its own share (429 BODIES_IN_FLIGHT), another
 *   client still gets in; a chunked body is refused at the byte that passes the total;
 * - a page of `http://127.attacker.example` (a `127.` prefix is not loopback) can neither create
 *   a table nor look a join code up;
 * - public reads are never `Access-Control-Allow-Origin: *` with credentials;
 * - 200 addresses looking join codes up run into the total of all clients' lookups;
 * - many addresses, one table each: no more than TABLES_TOTAL open tables.
 */
import { matchMaker } from '@colyseus/core';
import { BodyBudget } from '../../src/http/bodyLimit';
import { CREATE_BODY_LIMIT } from '../../src/http/matchmake';
import { type HeldBody, holdBody, rawRequest, streamBody } from '../helpers/rawHttp';
import { type Booted, bootParlor } from '../helpers/testServer';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
const MB = 1024 * 1024;
/** Small budgets, so a few held bodies fill them: 3 creates' worth in total, 2 per client. */
const TOTAL = 3 * CREATE_BODY_LIMIT + 1024;
const PER_CLIENT = 2 * CREATE_BODY_LIMIT + 1024;
const TABLES_TOTAL = 4;
jest.setTimeout(180_000);
let app: Booted;
/** The server's budget of body bytes in flight, watched by the tests. */
const bodies = new BodyBudget({ total: TOTAL, perClient: PER_CLIENT });

beforeAll(async () => {
  app = await bootParlor(PORT, { tablesPerClient: 10, tablesTotal: TABLES_TOTAL }, [], { bodies });
});
afterAll(async () => {
  await app.server.shutdown();
});

/** The n-th of many loopback addresses (127.0.0.0/8 is all this machine's). */
const address = (n: number) => `127.3.${Math.floor(n / 250)}.${(n % 250) + 1}`;
const createBody = JSON.stringify({ name: 'Mallory', seats: 2 });
const create = (from: string, headers: Record<string, string> = {}) =>
  rawRequest(PORT, {
    method: 'POST',
    path: '/matchmake/create/bankout',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: createBody,
    from,
  });
/** A create body declared at the limit, sent but for its last byte. */
const holdCreate = (from: string) =>
  holdBody(PORT, '/matchmake/create/bankout', {
    declared: CREATE_BODY_LIMIT,
    send: CREATE_BODY_LIMIT - 1,
    from,
  });

/** Takes the reservation and leaves, so the table goes. */
async function leave(answer: { json: unknown }): Promise<void> {
  await (await app.client().consumeSeatReservation(answer.json as never)).leave(true);
}

/** Polls until `check` holds (what the server does with a socket comes a moment later). */
async function eventually(check: () => boolean | Promise<boolean>, tries = 200): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe('request bodies in flight', () => {
  test('400 held bodies from many addresses: the total budget is read, the rest refused unread', async () => {
    const held: HeldBody[] = [];
    for (let i = 0; i < 400; i++) held.push(holdCreate(address(i)));
    // Three creates' worth fit the total: those wait for their last byte, every other is refused.
    expect(await eventually(() => held.filter((h) => h.answer() !== null).length >= 397, 600)).toBe(true);
    const answers = held.map((h) => h.answer()).filter((a) => a !== null);
    const codes = new Map<string, number>();
    for (const a of answers) {
      const key = `${a.status} ${(a.json as { code?: string } | null)?.code ?? '(reset)'}`;
      codes.set(key, (codes.get(key) ?? 0) + 1);
    }
    expect(Object.fromEntries(codes)).toEqual({ '503 SERVER_BUSY': 397 });
    expect(bodies.inFlight).toBe(3 * CREATE_BODY_LIMIT);
    expect(bodies.clients).toBe(3);

    // While they are held, another such body (from yet another address) is refused too...
    const meanwhile = holdCreate(address(401));
    expect(await meanwhile.answered).toMatchObject({ status: 503, json: { code: 'SERVER_BUSY' } });
    // ...while reads, and a create whose body fits in what is left (1 kB), go on.
    expect((await rawRequest(PORT, { path: '/api/games' })).status).toBe(200);
    const small = await create(address(402));
    expect(small.status).toBe(200);
    await leave(small);

    // Once the held ones give up, their share is back, and a create goes through.
    for (const h of [...held, meanwhile]) h.close();
    expect(await eventually(() => bodies.inFlight === 0 && bodies.clients === 0)).toBe(true);
    const answer = await create(address(403));
    expect(answer.status).toBe(200);
    await leave(answer);
  });

  test('one client is held to its own share; another client is not', async () => {
    const from = '127.3.9.1';
    const first = [holdCreate(from), holdCreate(from)];
    expect(await eventually(() => bodies.inFlightOf(from) === 2 * CREATE_BODY_LIMIT)).toBe(true);
    const third = holdCreate(from);
    expect(await third.answered).toMatchObject({ status: 429, json: { code: 'BODIES_IN_FLIGHT' } });
    // Another address still gets in (the total has room for one more).
    const other = holdCreate('127.3.9.2');
    expect(await eventually(() => bodies.inFlightOf('127.3.9.2') === CREATE_BODY_LIMIT)).toBe(true);
    expect([...first, other].map((h) => h.answer())).toEqual([null, null, null]);
    for (const h of [...first, third, other]) h.close();
    expect(await eventually(() => bodies.inFlight === 0)).toBe(true);
  });

  test('a chunked body is refused at the byte that passes the total', async () => {
    const held = ['127.3.10.1', '127.3.10.2', '127.3.10.3'].map(holdCreate);
    expect(await eventually(() => bodies.inFlight === 3 * CREATE_BODY_LIMIT)).toBe(true);
    // 1 kB of the total is left: a chunked import is refused at its first chunk, far below its
    // own limit, and long before its 100 MB are sent.
    const s = await streamBody(PORT, '/api/history/import', 100 * MB, '127.3.10.4');
    expect([s.status, (s.json as { code?: string })?.code]).toEqual([503, 'SERVER_BUSY']);
    expect(s.sent).toBeLessThan(20 * MB);
    expect(bodies.inFlightOf('127.3.10.4')).toBe(0);
    for (const h of held) h.close();
    expect(await eventually(() => bodies.inFlight === 0)).toBe(true);
  });
});

describe('origins', () => {
  const evil = ['http://127.attacker.example', 'http://localhost.evil', `http://127.0.0.1.nip.io:${PORT}`];

  test('a page whose name only starts like loopback can neither create nor look a code up', async () => {
    const before = (await matchMaker.query({})).length;
    for (const origin of evil) {
      const res = await create('127.3.20.1', { Origin: origin, Host: `127.0.0.1:${PORT}` });
      expect([origin, res.status, res.json?.code]).toEqual([origin, 403, 'CROSS_ORIGIN']);
      const lookup = await rawRequest(PORT, {
        path: '/api/tables/code/ABCDE',
        headers: { Origin: origin, Host: `127.0.0.1:${PORT}` },
        from: '127.3.20.1',
      });
      expect([origin, lookup.status, lookup.json?.code]).toEqual([origin, 403, 'CROSS_ORIGIN']);
      expect(lookup.headers['access-control-allow-origin']).toBeUndefined();
      expect(lookup.headers['access-control-allow-credentials']).toBeUndefined();
    }
    expect((await matchMaker.query({})).length).toBe(before);
    // The dev server on another port of loopback (by address or by name) still may.
    for (const origin of ['http://[::1]:5173', 'http://localhost:5173', 'http://127.0.0.2:5173']) {
      const res = await create('127.3.20.2', { Origin: origin, Host: `127.0.0.1:${PORT}` });
      expect([origin, res.status]).toEqual([origin, 200]);
      await leave(res);
    }
  });

  test('no answer allows credentials: public reads say `*` without them', async () => {
    for (const origin of ['http://evil.example', `http://127.0.0.1:${PORT}`, undefined]) {
      for (const path of ['/api/info', '/api/games', '/api/history', '/api/tables/code/ABCDE', '/']) {
        const res = await rawRequest(PORT, {
          path,
          headers: origin ? { Origin: origin } : {},
          from: '127.3.21.1',
        });
        expect([origin, path, res.headers['access-control-allow-credentials']]).toEqual([
          origin,
          path,
          undefined,
        ]);
        const star = res.headers['access-control-allow-origin'];
        // `*` for the public reads from another page; nothing else is readable across origins.
        if (origin === 'http://evil.example' && /info|games|history/.test(path)) expect(star).toBe('*');
        else expect([origin, path, star]).toEqual([origin, path, undefined]);
      }
    }
    // A same-origin preflight of the matchmaker: no credentials either.
    const pre = await rawRequest(PORT, {
      method: 'OPTIONS',
      path: '/matchmake/create/bankout',
      headers: { Origin: `http://127.0.0.1:${PORT}`, 'Access-Control-Request-Method': 'POST' },
    });
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('totals across clients', () => {
  test('200 addresses looking join codes up run into the total', async () => {
    const started = Date.now();
    const answers = [];
    for (let i = 0; i < 200; i++)
      answers.push(await rawRequest(PORT, { path: '/api/tables/code/ZZZZZ', from: address(500 + i) }));
    const seconds = (Date.now() - started) / 1000;
    const looked = answers.filter((a) => a.status === 404).length;
    const refused = answers.filter((a) => a.status === 429);
    // Each address asked once (well within its own 10): only the total can refuse them.
    expect(looked + refused.length).toBe(200);
    expect(
      refused.every((a) => a.json?.code === 'TOO_MANY_LOOKUPS' && Number(a.headers['retry-after']) > 0),
    ).toBe(true);
    // The total's burst (60) plus what it refilled meanwhile (2 a second).
    expect(looked).toBeLessThanOrEqual(60 + Math.ceil(seconds * 2) + 1);
    expect(refused.length).toBeGreaterThan(0);
  });

  test('many addresses, one table each: no more than TABLES_TOTAL open tables', async () => {
    // The tables of the tests above are gone once their players left.
    expect(await eventually(async () => (await matchMaker.query({})).length === 0)).toBe(true);
    const answers = [];
    for (let i = 0; i < TABLES_TOTAL + 3; i++) answers.push(await create(address(800 + i)));
    const made = answers.filter((a) => typeof a.json?.roomId === 'string');
    expect(made.length).toBe(TABLES_TOTAL);
    for (const refused of answers.slice(TABLES_TOTAL))
      expect(refused.json).toMatchObject({
        code: 'TOO_MANY_TABLES',
        error: expect.stringMatching(new RegExp(`already has ${TABLES_TOTAL} open tables`)),
      });
    expect((await matchMaker.query({})).length).toBe(TABLES_TOTAL);
    for (const a of made) await leave(a);
  });
});
