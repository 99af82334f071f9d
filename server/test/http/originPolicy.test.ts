/** Which Hosts and Origins the server takes (http/originPolicy.ts), case by case. */
import os from 'node:os';
import { createOriginPolicy, hostnameOf, isHomeName } from '../../src/http/originPolicy';

const single = createOriginPolicy({ host: '0.0.0.0', advertiseHost: 'parlor.example.org' });
const cluster = createOriginPolicy({
  host: '0.0.0.0',
  redisUrl: 'redis://127.0.0.1:6379',
  publicAddress: '10.0.0.5:2568',
});

test('host names: with or without a port, IPv6 in brackets', () => {
  expect(hostnameOf('Example.COM:2567')).toBe('example.com');
  expect(hostnameOf('[fe80::1]:2567')).toBe('fe80::1');
  expect(hostnameOf('fe80::1')).toBe('fe80::1');
  expect(hostnameOf('localhost')).toBe('localhost');
});

test('home names are those no outsider can point at this server', () => {
  for (const ok of [
    '192.168.1.5',
    '::1',
    'localhost',
    'raspberrypi',
    'parlor.local',
    'box.lan',
    'nas.home.arpa',
    'x.internal',
  ])
    expect([ok, isHomeName(ok)]).toEqual([ok, true]);
  for (const bad of ['evil.example', 'rebind.attacker.com', 'local.evil.com', 'localhost.evil.com'])
    expect([bad, isHomeName(bad)]).toEqual([bad, false]);
});

test('Host: addresses, home names, this machine and the configured names; no rebound names', () => {
  for (const ok of [
    '192.168.1.5:2567',
    '[::1]:2567',
    'parlor.local:2567',
    `${os.hostname()}:2567`,
    'parlor.example.org:2567',
    undefined,
  ])
    expect([ok, single.hostAllowed(ok)]).toEqual([ok, true]);
  expect(single.hostAllowed('attacker.example:2567')).toBe(false);
  expect(single.hostAllowed('192.168.1.5.nip.io:2567')).toBe(false);
});

test("Origin: none, or the request's own host; the dev server on localhost; never another site", () => {
  expect(single.originAllowed(undefined, '192.168.1.5:2567')).toBe(true);
  expect(single.originAllowed('http://192.168.1.5:2567', '192.168.1.5:2567')).toBe(true);
  expect(single.originAllowed('http://localhost:5173', 'localhost:2567')).toBe(true);
  expect(single.originAllowed('http://evil.example', '192.168.1.5:2567')).toBe(false);
  expect(single.originAllowed('http://192.168.1.5:8080', '192.168.1.5:2567')).toBe(false);
  expect(single.originAllowed('null', '192.168.1.5:2567')).toBe(false);
  expect(single.originAllowed('file://', '192.168.1.5:2567')).toBe(false);
  expect(single.originAllowed('http://localhost:5173', '192.168.1.5:2567')).toBe(false);
});

test('with Redis, a page of another process (a home address) may open this one', () => {
  expect(cluster.originAllowed('http://10.0.0.4:2567', '10.0.0.5:2568')).toBe(true);
  expect(cluster.originAllowed('http://evil.example', '10.0.0.5:2568')).toBe(false);
});
