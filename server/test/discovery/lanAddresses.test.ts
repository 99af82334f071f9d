import type os from 'node:os';
import { firstLanIPv4, httpUrl, lanAddresses } from '../../src/discovery/lanAddresses';
import { instanceName, serviceAddress } from '../../src/discovery/mdnsDiscovery';

const iface = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as unknown as os.NetworkInterfaceInfo;

const interfaces = {
  lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
  docker0: [iface('172.17.0.1', 'IPv4')],
  'br-1a2b3c': [iface('172.18.0.1', 'IPv4')],
  veth12ab: [iface('fe80::1', 'IPv6')],
  eth0: [iface('fe80::abcd', 'IPv6'), iface('fd00::5', 'IPv6'), iface('192.168.1.20', 'IPv4')],
  wlan0: [iface('169.254.3.4', 'IPv4'), iface('10.0.0.7', 'IPv4')],
};

describe('LAN addresses', () => {
  test('skip loopback, link-local and container bridges; IPv4 first', () => {
    expect(lanAddresses(interfaces).map((a) => a.address)).toEqual(['192.168.1.20', '10.0.0.7', 'fd00::5']);
    expect(firstLanIPv4(interfaces)).toBe('192.168.1.20');
    expect(firstLanIPv4({ lo: interfaces.lo })).toBeUndefined();
  });

  test('URLs bracket IPv6 literals', () => {
    expect(httpUrl('192.168.1.20', 2567)).toBe('http://192.168.1.20:2567');
    expect(httpUrl('fd00::5', 2567)).toBe('http://[fd00::5]:2567');
    expect(httpUrl('parlor.lan', 80)).toBe('http://parlor.lan:80');
  });
});

describe('mDNS helpers', () => {
  test('instance names are unique per process and carry no dots', () => {
    expect(instanceName('Parlor on box.lan', 'abcdef123456')).toBe('Parlor on box-lan [abcdef]');
    expect(instanceName('x'.repeat(80), 'abcdef').length).toBeLessThanOrEqual(63);
  });

  test('the packet source wins over announced addresses; link-local and IPv6 are skipped', () => {
    const referer = (address: string) => ({ address, family: 'IPv4' as const, port: 5353, size: 1 });
    expect(serviceAddress({ referer: referer('10.203.7.2'), addresses: ['10.9.9.9'] })).toBe('10.203.7.2');
    expect(serviceAddress({ referer: referer('169.254.1.1'), addresses: ['fe80::1', '10.9.9.9'] })).toBe(
      '10.9.9.9',
    );
    expect(serviceAddress({ referer: undefined, addresses: ['fe80::1'] })).toBeUndefined();
  });
});
