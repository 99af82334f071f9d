/**
 * Who may talk to this server from a browser. Two attacks shape it:
 *
 * - Another web site a LAN user visits (cross-origin): its script could create tables, import
 *   matches or join rooms through that user's browser. Only this server's own pages may do more
 *   than read public listings: a request with an Origin other than its own Host is refused, except
 *   GETs of public information (the peers' lobbies and replays read those across origins, with no
 *   credentials).
 * - DNS rebinding: a site whose name is made to point at this server's address, so its pages count
 *   as "same origin". Their Host header is the attacker's name: only names a home network can
 *   mean are taken (IP literals, localhost, single-label and mDNS/home names, this machine's own
 *   names and the configured ADVERTISE_HOST / PUBLIC_ADDRESS).
 */
import { isIP, isIPv6 } from 'node:net';
import os from 'node:os';
import type { ServerConfig } from '../config';
import { isLoopbackAddress } from './ipAddress';

/** Domains no outsider can register, so no outsider can rebind. */
const HOME_SUFFIXES = [
  '.local',
  '.localhost',
  '.localdomain',
  '.lan',
  '.home',
  '.home.arpa',
  '.internal',
  '.fritz.box',
];

export interface OriginPolicy {
  /** Whether the Host header names this server in a way a home network can mean. */
  hostAllowed(host: string | undefined): boolean;
  /** Whether a request with this Origin may act (not just read public information). */
  originAllowed(origin: string | undefined, host: string | undefined): boolean;
}

/**
 * A Host header ("name:port", "[v6]:port", or a bare IPv6 address) -> its host name, lower-case,
 * as the WHATWG URL parser reads it (IPv6 without brackets, numeric IPv4 forms made dotted); null
 * when it is not a host at all (user info, a path, spaces...).
 */
export function hostnameOf(host: string): string | null {
  const h = host.trim();
  if (h === '' || /[\s@/\\?#]/.test(h)) return null;
  try {
    return nameOf(new URL(`http://${isIPv6(h) ? `[${h}]` : h}`));
  } catch {
    return null;
  }
}

/** A parsed URL's host name, without IPv6's brackets. */
function nameOf(url: URL): string {
  const name = url.hostname;
  return name.startsWith('[') ? name.slice(1, -1) : name;
}

/** The page an Origin header names ("scheme://host[:port]", nothing more), or null. */
export function parseOrigin(origin: string): URL | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null; // "null" (sandboxed frames, files) and garbage
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
  return url;
}

/** This machine by an exact name: 127.0.0.0/8, ::1 or `localhost` (never `127.something.else`). */
export function isLoopbackName(name: string): boolean {
  return name === 'localhost' || isLoopbackAddress(name);
}

/** A name that can only mean a machine of this network (or an address). */
export function isHomeName(name: string): boolean {
  const n = name.replace(/\.$/, '');
  if (isIP(n)) return true;
  if (n === 'localhost') return true;
  if (!n.includes('.')) return /^[a-z0-9-]+$/.test(n);
  return HOME_SUFFIXES.some((s) => n.endsWith(s));
}

/** The names this server answers to besides home names: its own and the configured ones. */
export function ownHostNames(
  cfg: Pick<ServerConfig, 'advertiseHost' | 'publicAddress' | 'host'>,
): Set<string> {
  const names = new Set<string>();
  const add = (h: string | undefined) => {
    const name = h && hostnameOf(h.replace(/\/.*$/, ''));
    if (name) names.add(name);
  };
  add(os.hostname());
  add(cfg.advertiseHost);
  add(cfg.publicAddress);
  add(cfg.host);
  return names;
}

export function createOriginPolicy(
  cfg: Pick<ServerConfig, 'advertiseHost' | 'publicAddress' | 'host' | 'redisUrl'>,
): OriginPolicy {
  const own = ownHostNames(cfg);
  const cluster = !!cfg.redisUrl;
  return {
    hostAllowed(host) {
      // HTTP/1.0 clients may send none; browsers always do.
      if (host === undefined || host === '') return true;
      const name = hostnameOf(host);
      return name !== null && (own.has(name) || isHomeName(name));
    },
    originAllowed(origin, host) {
      if (origin === undefined) return true; // not a browser page (curl, a script, a peer server)
      const url = parseOrigin(origin);
      if (!url) return false;
      const from = nameOf(url);
      const to = host === undefined ? null : hostnameOf(host);
      // The page's own server: the same name and port (the scheme's default when none is given).
      if (to !== null && from === to && url.port === portOf(host!)) return true;
      // The client's dev server (Vite) proxies to this one from another port of this machine.
      if (to !== null && isLoopbackName(from) && isLoopbackName(to)) return true;
      // Several processes (Redis): a page of one process joins rooms on another, by its address.
      if (cluster) return own.has(from) || isHomeName(from);
      return false;
    },
  };
}

/** A Host header's port as URL.port gives it ('' for none or http's default). */
function portOf(host: string): string {
  try {
    return new URL(`http://${isIPv6(host.trim()) ? `[${host.trim()}]` : host.trim()}`).port;
  } catch {
    return '';
  }
}
