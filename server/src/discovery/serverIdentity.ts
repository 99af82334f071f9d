/**
 * Who this process is on the network: a random id (new at every start, so two processes that share
 * a data directory or a machine never mistake each other for themselves), the configured name, the
 * advertised URL, the version and the games it hosts.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { games } from '@parlor/shared';
import type { ServerConfig } from '../config';
import { firstLanIPv4, httpUrl } from './lanAddresses';

export interface ServerIdentity {
  id: string;
  name: string;
  /** Base URL a browser on the LAN can reach. */
  url: string;
  version: string;
  port: number;
  games: string[];
}

/** server/package.json sits two levels above both src/discovery and dist/discovery. */
function readVersion(): string {
  try {
    const file = path.join(__dirname, '..', '..', 'package.json');
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/**
 * The host in the advertised URL: ADVERTISE_HOST, else HOST when it names one address, else the
 * first LAN IPv4, else localhost.
 */
export function advertisedHost(cfg: Pick<ServerConfig, 'advertiseHost' | 'host'>): string {
  if (cfg.advertiseHost) return cfg.advertiseHost;
  const wildcard = cfg.host === '0.0.0.0' || cfg.host === '::' || cfg.host === '';
  if (!wildcard) return cfg.host;
  return firstLanIPv4() ?? 'localhost';
}

export function createServerIdentity(cfg: ServerConfig): ServerIdentity {
  return {
    id: randomBytes(8).toString('hex'),
    name: cfg.serverName,
    url: httpUrl(advertisedHost(cfg), cfg.port),
    version: readVersion(),
    port: cfg.port,
    games: games.map((g) => g.id),
  };
}
