/**
 * Issue 20's cross-origin, DNS-rebinding and body-size attacks, sent as a script would: each is
 * refused with a JSON error and a code, and nothing reaches the rooms or the history.
 *
 * - Another web site's page (an Origin other than the server's own) can neither create a table
 *   through the matchmaker, nor import, nor open a game WebSocket; it can still read the public
 *   listings (as peers' lobbies do), with `*` and no echoed Origin.
 * - A Host that is no name of this server (a rebound DNS name) is refused; addresses and home
 *   names are not.
 * - Bodies over the limit are answered 413 before they are buffered: a declared length at once,
 *   a chunked stream at the limit, and several 100 MB streams leave the memory where it was.
 */
import { matchMaker } from '@colyseus/core';
import WebSocket from 'ws';
import { rawRequest, streamBody } from '../helpers/rawHttp';
import { type Booted, bootParlor } from '../helpers/testServer';
import { freePort } from '../helpers/freePort';

const PORT = freePort();
jest.setTimeout(120_000);
let app: Booted;

beforeAll(async () => {
  app = await bootParlor(PORT);
});
afterAll(async () => {
  await app.server.shutdown();
});

const EVIL = 'http://evil.example';
const OWN = `http://127.0.0.1:${PORT}`;
const createBody = JSON.stringify({ name: 'Mallory', seats: 2 });

describe('cross-origin', () => {
  test('a foreign page cannot create a table through the matchmaker', async () => {
    const before = (await matchMaker.query({})).length;
    const res = await rawRequest(PORT, {
      method: 'POST',
      path: '/matchmake/create/bankout',
      headers: { Origin: EVIL, 'Content-Type': 'application/json' },
      body: createBody,
    });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: 'CROSS_ORIGIN', message: expect.any(String) });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect((await matchMaker.query({})).length).toBe(before);
  });

  test("the server's own page (and a script with no Origin) can", async () => {
    for (const headers of [{ Origin: OWN }, {}] as Record<string, string>[]) {
      const res = await rawRequest(PORT, {
        method: 'POST',
        path: '/matchmake/create/bankout',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: createBody,
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ sessionId: expect.any(String), roomId: expect.any(String) });
      // Taken and left, so the table goes (an unused reservation would keep a timer running).
      await (await app.client().consumeSeatReservation(res.json)).leave(true);
    }
  });

  test('a foreign page cannot import into the history, nor send its preflight', async () => {
    for (const method of ['POST', 'OPTIONS']) {
      const res = await rawRequest(PORT, {
        method,
        path: '/api/history/import',
        headers: { Origin: EVIL, 'Content-Type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect([method, res.status, res.json?.code]).toEqual([method, 403, 'CROSS_ORIGIN']);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  test('public listings stay readable from any origin, without its Origin echoed', async () => {
    for (const path of ['/api/info', '/api/discovery', '/api/games', '/api/history']) {
      const res = await rawRequest(PORT, { path, headers: { Origin: EVIL } });
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    // The join code lookup is not public: a private table's address.
    const code = await rawRequest(PORT, { path: '/api/tables/code/ABCDE', headers: { Origin: EVIL } });
    expect([code.status, code.json?.code]).toEqual([403, 'CROSS_ORIGIN']);
  });

  test("a foreign page's WebSocket is refused before it opens", async () => {
    const reserved = await rawRequest(PORT, {
      method: 'POST',
      path: '/matchmake/create/bankout',
      headers: { 'Content-Type': 'application/json' },
      body: createBody,
    });
    // Colyseus 0.18's seat reservation: { roomId, processId, sessionId, ... }.
    const room = reserved.json as { processId: string; roomId: string; sessionId: string };
    const url = `ws://127.0.0.1:${PORT}/${room.processId}/${room.roomId}?sessionId=${room.sessionId}`;
    const attempt = (origin: string) =>
      new Promise<number | 'open'>((resolve) => {
        const ws = new WebSocket(url, { origin });
        ws.on('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          ws.terminate();
        });
        ws.on('open', () => {
          resolve('open');
          ws.close();
        });
        ws.on('error', () => undefined);
      });
    expect(await attempt(EVIL)).toBe(403);
    // The same reservation, from the server's own page: it opens.
    expect(await attempt(OWN)).toBe('open');
  });
});

describe('Host (DNS rebinding)', () => {
  test('a host name that is not this server is refused, addresses and home names are not', async () => {
    const rebound = await rawRequest(PORT, {
      path: '/api/info',
      headers: { Host: `attacker.example:${PORT}`, Origin: `http://attacker.example:${PORT}` },
    });
    expect([rebound.status, rebound.json?.code]).toEqual([403, 'BAD_HOST']);
    const post = await rawRequest(PORT, {
      method: 'POST',
      path: '/matchmake/create/bankout',
      headers: { Host: `attacker.example:${PORT}`, Origin: `http://attacker.example:${PORT}` },
      body: createBody,
    });
    expect([post.status, post.json?.code]).toEqual([403, 'BAD_HOST']);
    for (const host of [
      `192.168.1.20:${PORT}`,
      `[fe80::1]:${PORT}`,
      `parlor.local:${PORT}`,
      'localhost',
      'raspberrypi',
    ]) {
      const res = await rawRequest(PORT, { path: '/api/games', headers: { Host: host } });
      expect([host, res.status]).toEqual([host, 200]);
    }
  });
});

describe('body limits', () => {
  test('a declared oversized body is refused at once, unread', async () => {
    for (const path of ['/matchmake/joinById/abc', '/matchmake/create/bankout', '/api/history/import']) {
      const res = await rawRequest(PORT, {
        method: 'POST',
        path,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(100 * 1024 * 1024) },
      }).catch((e: Error) => ({ status: -1, json: e.message }));
      expect([path, res.status, (res.json as { code?: string })?.code]).toEqual([path, 413, 'TOO_LARGE']);
    }
  });

  test('a matchmaking body is limited to a few kB', async () => {
    const res = await rawRequest(PORT, {
      method: 'POST',
      path: '/matchmake/joinOrCreate/lobby',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(20 * 1024) }),
    });
    expect([res.status, res.json?.code]).toEqual([413, 'TOO_LARGE']);
  });

  test('several 100 MB streams are answered early and leave the memory where it was', async () => {
    const rssBefore = process.memoryUsage().rss;
    const streams = await Promise.all([
      streamBody(PORT, '/matchmake/create/bankout', 100 * 1024 * 1024),
      streamBody(PORT, '/matchmake/joinById/abc', 100 * 1024 * 1024),
      streamBody(PORT, '/api/history/import', 100 * 1024 * 1024),
    ]);
    for (const s of streams) {
      console.log(`sent ${s.sent} bytes before the 413`);
      expect(s.status).toBe(413);
      expect(s.json).toMatchObject({ code: 'TOO_LARGE' });
      // Cut off near the limit (2 MB at most, plus what the sockets buffer), not after 100 MB.
      expect(s.sent).toBeLessThan(20 * 1024 * 1024);
    }
    const grown = process.memoryUsage().rss - rssBefore;
    expect(grown).toBeLessThan(100 * 1024 * 1024);
  });
});
