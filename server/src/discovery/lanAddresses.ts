/**
 * The machine's LAN addresses: what people on the network type or scan to reach this server.
 * Loopback, IPv6 link-local and container/VM bridge interfaces are left out: nobody else can
 * reach those, and printing them only confuses.
 */
import os from 'node:os';

/** Interface names that belong to Docker, libvirt, Podman or veth pairs, not to the LAN. */
const BRIDGE_LIKE = /^(docker\d*|br-|veth|virbr|cni|flannel|cali|podman|lxcbr|lxdbr|vmnet|vboxnet)/i;

export interface LanAddress {
  iface: string;
  address: string;
  family: 'IPv4' | 'IPv6';
}

export function isLinkLocal(address: string): boolean {
  return address.toLowerCase().startsWith('fe80:') || address.startsWith('169.254.');
}

export function isBridgeLikeInterface(name: string): boolean {
  return BRIDGE_LIKE.test(name);
}

/** Every usable LAN address, IPv4 first (phones and QR codes do best with IPv4). */
export function lanAddresses(
  interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces(),
): LanAddress[] {
  const found: LanAddress[] = [];
  for (const [iface, infos] of Object.entries(interfaces)) {
    if (!infos || isBridgeLikeInterface(iface)) continue;
    for (const info of infos) {
      if (info.internal || isLinkLocal(info.address)) continue;
      found.push({ iface, address: info.address, family: info.family });
    }
  }
  return [...found.filter((a) => a.family === 'IPv4'), ...found.filter((a) => a.family === 'IPv6')];
}

export function firstLanIPv4(interfaces?: NodeJS.Dict<os.NetworkInterfaceInfo[]>): string | undefined {
  return lanAddresses(interfaces).find((a) => a.family === 'IPv4')?.address;
}

/** http://host:port, with IPv6 literals bracketed. */
export function httpUrl(host: string, port: number): string {
  const h = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${h}:${port}`;
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}
