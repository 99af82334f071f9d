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
import { isIP } from 'node:net';
import os from 'node:os';
import type { ServerConfig } from '../config';

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

/** "Name:port" or "[v6]:port" -> the lower-case name without brackets or port. */
export function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') > 0 ? h.indexOf(']') : undefined);
  const colon = h.lastIndexOf(':');
  // More than one colon and no brackets: a bare IPv6 address (no port).
  if (colon >= 0 && h.indexOf(':') === colon) return h.slice(0, colon);
  return h;
}

function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127\./.test(name);
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
    if (h) names.add(hostnameOf(h.replace(/\/.*$/, '')));
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
      return own.has(name) || isHomeName(name);
    },
    originAllowed(origin, host) {
      if (origin === undefined) return true; // not a browser page (curl, a script, a peer server)
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        return false; // "null" (sandboxed frames, files) and garbage
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
      if (host !== undefined && url.host.toLowerCase() === host.toLowerCase()) return true;
      const from = hostnameOf(url.host);
      // The client's dev server (Vite) proxies to this one from another port of this machine.
      if (host !== undefined && isLoopbackName(from) && isLoopbackName(hostnameOf(host))) return true;
      // Several processes (Redis): a page of one process joins rooms on another, by its address.
      if (cluster) return own.has(from) || isHomeName(from);
      return false;
    },
  };
}
