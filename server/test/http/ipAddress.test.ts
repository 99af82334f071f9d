/**
 * Who counts as one client, and what is loopback (http/ipAddress.ts): issue 31's "on an IPv6 LAN
 * one guest owns a /64" and "the loopback test is a `127.` prefix on the host name".
 */
import { clientKeyOf, ipv6Groups, isLoopbackAddress } from '../../src/http/ipAddress';

test('every address of one IPv6 /64 is one client; another /64 is another', () => {
  const one = [
    '2001:db8:1:2::1',
    '2001:db8:1:2:ffff:ffff:ffff:ffff',
    '2001:DB8:1:2:a:b:c:d',
    '2001:0db8:0001:0002:0000:0000:0000:0042',
    'fe80::1%eth0',
  ].map(clientKeyOf);
  expect(new Set(one.slice(0, 4))).toEqual(new Set(['2001:db8:1:2::/64']));
  expect(one[4]).toBe('fe80:0:0:0::/64');
  expect(clientKeyOf('2001:db8:1:3::1')).not.toBe(one[0]);
  expect(clientKeyOf('2001:db8:1::1')).toBe('2001:db8:1:0::/64');
});

test('IPv4, and IPv4-mapped IPv6, is one client per address', () => {
  expect(clientKeyOf('192.168.1.20')).toBe('192.168.1.20');
  expect(clientKeyOf('::ffff:192.168.1.20')).toBe('192.168.1.20');
  expect(clientKeyOf('::ffff:c0a8:114')).toBe('192.168.1.20');
  expect(clientKeyOf('192.168.1.21')).not.toBe(clientKeyOf('192.168.1.20'));
  // Not an address (a socket already closed): kept as it is, never merged with an address.
  expect(clientKeyOf('unknown')).toBe('unknown');
});

test('IPv6 groups are read exactly', () => {
  expect(ipv6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
  expect(ipv6Groups('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
  expect(ipv6Groups('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
  for (const bad of ['1.2.3.4', '::1::', 'localhost', '12345::', '[::1]']) expect(ipv6Groups(bad)).toBeNull();
});

test('loopback is 127.0.0.0/8 and ::1, as addresses; never a name that starts like one', () => {
  for (const ok of [
    '127.0.0.1',
    '127.3.2.1',
    '127.255.255.255',
    '::1',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
  ])
    expect([ok, isLoopbackAddress(ok)]).toEqual([ok, true]);
  for (const bad of [
    '127.attacker.example',
    '127.0.0.1.nip.io',
    '128.0.0.1',
    '10.127.0.1',
    '::2',
    '::ffff:10.0.0.1',
    '1::1',
    'localhost',
    '',
  ])
    expect([bad, isLoopbackAddress(bad)]).toEqual([bad, false]);
});
