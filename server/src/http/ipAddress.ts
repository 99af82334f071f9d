/**
 * IP addresses parsed exactly (node:net validates, nothing is matched by prefix): which are
 * loopback, and the key a client's limits are kept under.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (zone and embedded IPv4 allowed), or null. */
export function ipv6Groups(address: string): number[] | null {
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return null;
  let text = bare.toLowerCase();
  // A trailing dotted IPv4 ("::ffff:1.2.3.4") is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const groups = [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 ? groups : null;
}

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d) stands for, else null. */
export function mappedIpv4(groups: number[]): string | null {
  if (groups.slice(0, 5).some((g) => g !== 0) || groups[5] !== 0xffff) return null;
  const [hi, lo] = [groups[6]!, groups[7]!];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/**
 * The key a client's limits are kept under: an IPv4 address as it is ("::ffff:1.2.3.4" is
 * "1.2.3.4"), an IPv6 address's /64 ("2001:db8:0:1::/64"), anything else as it is.
 */
export function clientKeyOf(address: string): string {
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const v4 = mappedIpv4(groups);
  if (v4) return v4;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** 127.0.0.0/8, ::1, or an IPv4-mapped 127.x address; a name is never an address here. */
export function isLoopbackAddress(address: string): boolean {
  if (isIPv4(address)) return address.split('.')[0] === '127';
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const v4 = mappedIpv4(groups);
  if (v4) return isLoopbackAddress(v4);
  return groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1;
}
