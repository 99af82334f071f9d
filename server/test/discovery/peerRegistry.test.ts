import { PeerRegistry } from '../../src/discovery/peerRegistry';
import type { ServerInfoWithTables } from '../../src/discovery/types';

const info = (id: string, extra: Partial<ServerInfoWithTables> = {}): ServerInfoWithTables => ({
  id,
  name: `Server ${id}`,
  url: `http://elsewhere/${id}`,
  version: '1.0.0',
  games: ['bankout'],
  tables: [],
  ...extra,
});

/** A fake network: which base URL answers with which info (or fails), and how often it was asked. */
function fakeNet() {
  const answers = new Map<string, ServerInfoWithTables | Error>();
  const calls: string[] = [];
  const fetchInfo = async (baseUrl: string) => {
    calls.push(baseUrl);
    const a = answers.get(baseUrl) ?? new Error('ECONNREFUSED');
    if (a instanceof Error) throw a;
    return a;
  };
  return { answers, calls, fetchInfo };
}

function setup(opts: { maxPeers?: number } = {}) {
  const net = fakeNet();
  let now = 1_000_000;
  const registry = new PeerRegistry({ selfId: 'me', fetchInfo: net.fetchInfo, now: () => now, ...opts });
  return { net, registry, advance: (ms: number) => (now += ms), now: () => now };
}

const A = 'http://10.0.0.2:2567';
const B = 'http://10.0.0.3:2567';

describe('PeerRegistry', () => {
  test('a candidate is listed once its /api/info answers, with the URL it was reached at', async () => {
    const { net, registry, now } = setup();
    net.answers.set(A, info('a'));
    await registry.consider({ baseUrl: A, id: 'a' });
    expect(registry.peers()).toEqual([{ ...info('a'), url: A, lastSeen: now() }]);
  });

  test('itself is never listed, whether known by TXT id or only after asking', async () => {
    const { net, registry } = setup();
    net.answers.set(A, info('me'));
    await registry.consider({ baseUrl: A, id: 'me' });
    expect(net.calls).toEqual([]);
    await registry.consider({ baseUrl: A });
    expect(net.calls).toEqual([A]);
    expect(registry.peers()).toEqual([]);
  });

  test('an unreachable candidate is not listed and not asked again before the retry delay', async () => {
    const { net, registry, advance } = setup();
    await registry.consider({ baseUrl: A, id: 'a' });
    await registry.consider({ baseUrl: A, id: 'a' });
    expect(net.calls).toEqual([A]);
    expect(registry.peers()).toEqual([]);
    advance(4000);
    net.answers.set(A, info('a'));
    await registry.consider({ baseUrl: A, id: 'a' });
    expect(registry.peers().map((p) => p.id)).toEqual(['a']);
  });

  test('a candidate already being confirmed is asked once', async () => {
    const { net, registry } = setup();
    net.answers.set(A, info('a'));
    await Promise.all([registry.consider({ baseUrl: A }), registry.consider({ baseUrl: A })]);
    expect(net.calls).toEqual([A]);
  });

  test('a known peer is not asked again when mDNS repeats itself', async () => {
    const { net, registry } = setup();
    net.answers.set(A, info('a'));
    await registry.consider({ baseUrl: A, id: 'a' });
    await registry.consider({ baseUrl: A, id: 'a' });
    await registry.consider({ baseUrl: A });
    expect(net.calls).toEqual([A]);
  });

  test('refreshing picks up new tables and a new lastSeen', async () => {
    const { net, registry, advance, now } = setup();
    net.answers.set(A, info('a'));
    await registry.consider({ baseUrl: A, id: 'a' });
    const table = {
      roomId: 'r1',
      game: 'bankout',
      tableName: 'Friday',
      host: 'Ada',
      seatsTaken: 1,
      seatsTotal: 2,
      status: 'waiting' as const,
      spectators: 0,
      private: false,
      code: 'ABCDE',
    };
    net.answers.set(A, info('a', { tables: [table] }));
    advance(2000);
    await registry.refreshAll();
    expect(registry.peers()[0]).toMatchObject({ tables: [table], lastSeen: now(), url: A });
  });

  test('a peer that stops answering is dropped after two failed refreshes', async () => {
    const { net, registry, advance } = setup();
    net.answers.set(A, info('a'));
    await registry.consider({ baseUrl: A, id: 'a' });
    net.answers.delete(A);
    advance(1000);
    await registry.refreshAll();
    expect(registry.peers()).toHaveLength(1);
    advance(1000);
    await registry.refreshAll();
    expect(registry.peers()).toHaveLength(0);
  });

  test('a failed refresh long after the last answer drops the peer at once', async () => {
    const { net, registry, advance } = setup();
    net.answers.set(A, info('a'));
    await registry.consider({ baseUrl: A, id: 'a' });
    net.answers.delete(A);
    advance(5000);
    await registry.refreshAll();
    expect(registry.peers()).toHaveLength(0);
  });

  test('one good answer resets the failure count', async () => {
    const { net, registry, advance } = setup();
    net.answers.set(A, info('a'));
    await registry.consider({ baseUrl: A, id: 'a' });
    for (const up of [false, true, false, true]) {
      if (up) net.answers.set(A, info('a'));
      else net.answers.delete(A);
      advance(1000);
      await registry.refreshAll();
    }
    expect(registry.peers()).toHaveLength(1);
  });

  test('a goodbye removes the peer', async () => {
    const { net, registry } = setup();
    net.answers.set(A, info('a'));
    net.answers.set(B, info('b'));
    await registry.consider({ baseUrl: A, id: 'a' });
    await registry.consider({ baseUrl: B, id: 'b' });
    registry.forget('a');
    expect(registry.peers().map((p) => p.id)).toEqual(['b']);
  });

  test('a restarted peer (new id at the same address) replaces the old entry', async () => {
    const { net, registry } = setup();
    net.answers.set(A, info('a'));
    await registry.consider({ baseUrl: A, id: 'a' });
    net.answers.set(A, info('a2'));
    await registry.refreshAll();
    expect(registry.peers().map((p) => [p.id, p.url])).toEqual([['a2', A]]);
  });

  test('peers are sorted by name and capped', async () => {
    const { net, registry } = setup({ maxPeers: 2 });
    const urls = ['http://10.0.0.9:1', 'http://10.0.0.8:1', 'http://10.0.0.7:1'];
    net.answers.set(urls[0], info('z', { name: 'Zed' }));
    net.answers.set(urls[1], info('y', { name: 'Amy' }));
    net.answers.set(urls[2], info('x', { name: 'Bob' }));
    for (const baseUrl of urls) await registry.consider({ baseUrl });
    expect(registry.peers().map((p) => p.name)).toEqual(['Amy', 'Zed']);
  });
});

test('a new id at an address that just failed is asked at once (a restarted peer)', async () => {
  const { net, registry } = setup();
  await registry.consider({ baseUrl: A, id: 'old' });
  net.answers.set(A, info('new'));
  await registry.consider({ baseUrl: A, id: 'new' });
  expect(registry.peers().map((p) => p.id)).toEqual(['new']);
});
