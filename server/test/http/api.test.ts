/**
 * The HTTP side of one server, booted the way index.ts builds it: /api/info, /api/discovery,
 * /api/games, the monitor behind basic auth, the health check, CORS and the static client.
 */
import { Room } from '@colyseus/core';
import { boot, type ColyseusTestServer } from '@colyseus/testing';
import { games, type TableMetadata } from '@parlor/shared';
import fs from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createAppConfig } from '../../src/app';
import { testConfig } from '../../src/config';
import type { DiscoveredServer, DiscoveryResponse, ServerInfoWithTables } from '../../src/discovery/types';
import { freePort } from '../helpers/freePort';
import { endsCleanly } from '../helpers/testServer';

const PORT = freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'open sesame';

/** A stand-in game room: publishes whatever metadata the test gives it. */
class FakeTableRoom extends Room {
  override onCreate(options: { meta?: TableMetadata; private?: boolean }) {
    if (options.meta) void this.setMetadata(options.meta);
    if (options.private) void this.setPrivate(true);
  }
}

const meta = (tableName: string, extra: Partial<TableMetadata> = {}): TableMetadata => ({
  game: 'bankout',
  tableName,
  host: 'Ada',
  seatsTaken: 1,
  seatsTotal: 2,
  status: 'waiting',
  spectators: 0,
  private: false,
  code: 'ABCDE',
  ...extra,
});

const peer: DiscoveredServer = {
  id: 'peer1',
  name: 'Kitchen',
  url: 'http://10.0.0.9:2567',
  version: '0.1.0',
  games: ['bankout'],
  tables: [],
  lastSeen: 123,
};

let server: ColyseusTestServer;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Parlor app</title>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');
  const cfg = testConfig({ port: PORT, monitorPassword: PASSWORD, serverName: 'Test Parlor', clientDir });
  server = endsCleanly(await boot(createAppConfig(cfg, { peers: { peers: () => [peer] } }), PORT));
  server.server.define('faketable', FakeTableRoom);
  await server.createRoom('faketable', { meta: meta('Public one') });
  await server.createRoom('faketable', { meta: meta('Private by flag', { private: true }) });
  await server.createRoom('faketable', { meta: meta('Private room', { code: 'ZZZZZ' }), private: true });
  await server.createRoom('faketable', {}); // no game metadata: not a table (like the lobby)
});

afterAll(async () => {
  await server?.shutdown();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}) => fetch(`${BASE}${p}`, { headers });
const basic = (user: string, pass: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`,
});

describe('GET /api/info', () => {
  test('describes this server and lists only its public game tables', async () => {
    const res = await get('/api/info');
    expect(res.status).toBe(200);
    const info = (await res.json()) as ServerInfoWithTables;
    expect(info).toMatchObject({ name: 'Test Parlor', version: expect.any(String) });
    expect(info.id).toMatch(/^[0-9a-f]{16}$/);
    expect(info.url).toMatch(new RegExp(`^http://.+:${PORT}$`));
    expect(info.games).toEqual(games.map((g) => g.id));
    expect(info.tables).toEqual([{ roomId: expect.any(String), ...meta('Public one') }]);
  });

  test('answers other origins (peers, a client served elsewhere), without credentials', async () => {
    const res = await get('/api/info', { origin: 'http://10.0.0.9:5173' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('GET /api/discovery', () => {
  test('lists itself first, marked, then the peers', async () => {
    const body = (await (await get('/api/discovery')).json()) as DiscoveryResponse;
    const info = (await (await get('/api/info')).json()) as ServerInfoWithTables;
    expect(body.self).toMatchObject({ ...info, self: true, lastSeen: expect.any(Number) });
    expect(body.servers).toEqual([body.self, peer]);
  });
});

describe('GET /api/games', () => {
  test('gives the create dialog every game with its seats and option fields', async () => {
    const list = (await (await get('/api/games')).json()) as Array<Record<string, unknown>>;
    expect(list.map((g) => g.id)).toEqual(games.map((g) => g.id));
    for (const [i, g] of games.entries()) {
      expect(list[i]).toMatchObject({
        title: g.title,
        tagline: g.tagline,
        seats: g.seats,
        optionFields: JSON.parse(JSON.stringify(g.optionFields)),
      });
    }
  });

  test('is compressed for a client that takes it: brotli, else gzip, else plain', async () => {
    /** The raw answer (fetch would decode it and hide the encoding). */
    const raw = (encoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        httpGet(`${BASE}/api/games`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.body.toString();
    expect(JSON.parse(json)).toHaveLength(games.length);

    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(json);
    expect(br.body.length).toBeLessThan(json.length / 2);

    const gz = await raw('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(json);
    expect(gz.body.length).toBeLessThan(json.length / 2);
  });

  test('an unknown API path is a JSON 404, not the app page', async () => {
    const res = await get('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('monitor at /admin', () => {
  test('refuses without credentials or with wrong ones', async () => {
    const none = await get('/admin/');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    expect((await get('/admin/', basic('admin', 'wrong'))).status).toBe(401);
    expect((await get('/admin/', basic('root', PASSWORD))).status).toBe(401);
  });

  test('opens for admin with MONITOR_PASSWORD, and is not reachable cross-origin', async () => {
    expect((await get('/admin/', basic('admin', PASSWORD))).status).toBe(200);
    const res = await get('/admin/', { ...basic('admin', PASSWORD), origin: 'http://evil.example' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'CROSS_ORIGIN' });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('health and static client', () => {
  test('/__healthcheck answers 200', async () => {
    expect((await get('/__healthcheck')).status).toBe(200);
  });

  test('serves the client, with index.html for app paths and 404 for missing files', async () => {
    const root = await get('/');
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('Parlor app');
    expect(await (await get('/t/ABCDE')).text()).toContain('Parlor app');
    const asset = await get('/assets/app-1234.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await get('/assets/missing.js')).status).toBe(404);
  });
});
