/** Which Hosts and Origins the server takes (http/originPolicy.ts), case by case. */
import os from 'node:os';
import { createOriginPolicy, hostnameOf, isHomeName, isLoopbackName } from '../../src/http/originPolicy';

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

test('Host names are parsed exactly: no user info, path or stray characters', () => {
  expect(hostnameOf('[::1]:2567')).toBe('::1');
  expect(hostnameOf('127.1:2567')).toBe('127.0.0.1'); // as browsers read it
  expect(hostnameOf('[::ffff:127.0.0.1]')).toBe('::ffff:7f00:1');
  for (const bad of ['evil@127.0.0.1', '127.0.0.1/x', 'a b', '', '[::1', 'x:y:z'])
    expect([bad, hostnameOf(bad)]).toEqual([bad, null]);
  expect(single.hostAllowed('evil.example@127.0.0.1:2567')).toBe(false);
});

test('loopback is localhost, 127.0.0.0/8 or ::1 exactly (issue 31)', () => {
  for (const ok of ['localhost', '127.0.0.1', '127.9.9.9', '::1'])
    expect([ok, isLoopbackName(ok)]).toEqual([ok, true]);
  for (const bad of [
    '127.attacker.example',
    'localhost.evil',
    'evil.localhost',
    '127.0.0.1.nip.io',
    'localhost.',
  ])
    expect([bad, isLoopbackName(bad)]).toEqual([bad, false]);
});

test("Origin: a name that starts like loopback is not this machine's dev server (issue 31)", () => {
  for (const host of ['127.0.0.1:2567', 'localhost:2567', '[::1]:2567']) {
    for (const evil of [
      'http://127.attacker.example',
      'http://127.attacker.example:2567',
      'http://localhost.evil',
      'http://localhost.evil:2567',
      'http://127.0.0.1.nip.io:2567',
      'http://evil.example@127.0.0.1:2567',
      'http://127.0.0.1:2567/path',
    ])
      expect([host, evil, single.originAllowed(evil, host)]).toEqual([host, evil, false]);
    for (const dev of [
      'http://[::1]:5173',
      'http://localhost:5173',
      'http://127.0.0.1:5173',
      'http://127.0.0.2',
    ])
      expect([host, dev, single.originAllowed(dev, host)]).toEqual([host, dev, true]);
  }
  // The same name on another port of a LAN address is another site.
  expect(single.originAllowed('http://192.168.1.5:2568', '192.168.1.5:2567')).toBe(false);
  expect(single.originAllowed('http://[fe80::1]:2567', '[FE80::1]:2567')).toBe(true);
});
