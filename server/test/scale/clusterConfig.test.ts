/** REDIS_URL / PUBLIC_ADDRESS parsing and defaults, and one table per server in /api/discovery. */
import { loadConfig } from '../../src/config';
import type { DiscoveredServer, TableListing } from '../../src/discovery/types';
import { withoutRepeatedTables } from '../../src/http/apiRouter';
import { clusterServerOptions, publicAddressFor, redactedRedisUrl } from '../../src/scale/cluster';

test('PUBLIC_ADDRESS defaults to the advertised host and PORT, only with REDIS_URL', () => {
  expect(publicAddressFor(loadConfig({ PORT: '2600' }))).toBeUndefined();
  expect(
    publicAddressFor(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', HOST: '10.0.0.5', PORT: '2600' })),
  ).toBe('10.0.0.5:2600');
  expect(
    publicAddressFor(
      loadConfig({
        REDIS_URL: 'redis://r:6379',
        ADVERTISE_HOST: 'parlor.lan',
        PORT: '2601',
        HOST: '0.0.0.0',
      }),
    ),
  ).toBe('parlor.lan:2601');
  expect(publicAddressFor(loadConfig({ REDIS_URL: 'redis://r:6379', HOST: '::1', PORT: '2602' }))).toBe(
    '[::1]:2602',
  );
  expect(
    publicAddressFor(
      loadConfig({ REDIS_URL: 'redis://r:6379', PUBLIC_ADDRESS: '192.168.1.20:2568', PORT: '2567' }),
    ),
  ).toBe('192.168.1.20:2568');
});

test('bad REDIS_URL and PUBLIC_ADDRESS values are refused with the variable named', () => {
  expect(() => loadConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  expect(() => loadConfig({ PUBLIC_ADDRESS: 'http://192.168.1.20:2567' })).toThrow(/PUBLIC_ADDRESS/);
  expect(() => loadConfig({ PUBLIC_ADDRESS: '192.168.1.20 2567' })).toThrow(/PUBLIC_ADDRESS/);
  expect(loadConfig({ PUBLIC_ADDRESS: '[fd00::5]:2567' }).publicAddress).toBe('[fd00::5]:2567');
  expect(loadConfig({ REDIS_URL: 'rediss://:secret@redis.lan:6380/0' }).redisUrl).toBe(
    'rediss://:secret@redis.lan:6380/0',
  );
  expect(loadConfig({ REDIS_URL: '', PUBLIC_ADDRESS: '' })).toMatchObject({
    redisUrl: undefined,
    publicAddress: undefined,
  });
});

test('without REDIS_URL no Redis presence or driver is created', () => {
  const options = clusterServerOptions(loadConfig({}));
  expect(options.presence).toBeUndefined();
  expect(options.driver).toBeUndefined();
  expect(options.publicAddress).toBeUndefined();
});

test('passwords never reach the log', () => {
  expect(redactedRedisUrl('redis://:hunter2@10.0.0.2:6379')).not.toContain('hunter2');
  expect(redactedRedisUrl('redis://10.0.0.2:6379')).toBe('redis://10.0.0.2:6379');
});

test('/api/discovery lists each table under the first server that lists it', () => {
  const table = (roomId: string) => ({ roomId, game: 'bankout' }) as TableListing;
  const server = (id: string, ids: string[]) =>
    ({
      id,
      name: id,
      url: '',
      version: '',
      games: [],
      lastSeen: 0,
      tables: ids.map(table),
    }) as DiscoveredServer;
  const out = withoutRepeatedTables([
    server('self', ['t1', 't2']),
    server('same-redis', ['t1', 't2', 't3']),
    server('other', ['t3', 't4']),
  ]);
  expect(out.map((s) => s.tables.map((t) => t.roomId))).toEqual([['t1', 't2'], ['t3'], ['t4']]);
  expect(out.map((s) => s.id)).toEqual(['self', 'same-redis', 'other']);
});
