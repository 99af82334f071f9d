/**
 * Several processes on Redis (REDIS_URL): Colyseus's RedisPresence + RedisDriver share the room
 * listing, seat reservations and the lobby's updates between processes, and each process tells
 * browsers where its own rooms are (`publicAddress`), so a table found through any process is
 * joined on the one that hosts it. Without REDIS_URL nothing here is loaded.
 */
import type { EventEmitter } from 'node:events';
import { matchMaker, type Presence, type ServerOptions } from '@colyseus/core';
import type { RedisDriver } from '@colyseus/redis-driver';
import type { RedisPresence } from '@colyseus/redis-presence';
import type { ServerConfig } from '../config';
import { advertisedHost } from '../discovery/serverIdentity';

/**
 * The `host:port` browsers use to reach this process's rooms: PUBLIC_ADDRESS, else the advertised
 * host (ADVERTISE_HOST, HOST or the first LAN address) with PORT. Only used with REDIS_URL.
 */
export function publicAddressFor(cfg: ServerConfig): string | undefined {
  if (cfg.publicAddress) return cfg.publicAddress;
  if (!cfg.redisUrl) return undefined;
  const host = advertisedHost(cfg);
  return `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${cfg.port}`;
}

/** The processes that answer on Redis right now (each listens on its `p:<processId>` channel). */
export async function liveProcessIds(presence: Presence = matchMaker.presence): Promise<Set<string>> {
  const channels = await presence.channels('p:*');
  return new Set(channels.map((c) => c.slice(2)));
}

/**
 * Rooms this process sent to each other process since that process last published its room
 * count (Colyseus publishes at most once a second): without them a burst of new tables would all
 * go to whichever process looked emptiest a second ago.
 */
const sentSincePublished = new Map<string, { published: number; sent: number }>();
/** Rooms this process chose itself for in the last second: a burst's creations run concurrently. */
let keptRecently = 0;

/**
 * Where a new table goes: the live process with the fewest rooms, this one on a tie (no hop).
 * Colyseus's default picks among every process that ever registered, a crashed one included
 * (which costs a 2 s timeout before it falls back), from counts up to a second old, and breaks
 * ties in hash order.
 */
export async function selectProcessForNewRoom(): Promise<string> {
  const self = matchMaker.processId;
  const [stats, live] = await Promise.all([matchMaker.stats.fetchAll(), liveProcessIds()]);
  let best = { processId: self, rooms: matchMaker.stats.local.roomCount + keptRecently };
  for (const s of stats) {
    if (s.processId === self || !live.has(s.processId)) continue;
    let sent = sentSincePublished.get(s.processId);
    if (!sent || sent.published !== s.roomCount) {
      sent = { published: s.roomCount, sent: 0 };
      sentSincePublished.set(s.processId, sent);
    }
    const rooms = s.roomCount + sent.sent;
    if (rooms < best.rooms) best = { processId: s.processId, rooms };
  }
  const chosen = sentSincePublished.get(best.processId);
  if (best.processId !== self && chosen) chosen.sent++;
  if (best.processId === self) {
    // Counted until the room surely exists (creating one takes milliseconds): at worst a room
    // is counted twice for a second, which only leans the next choices towards other processes.
    keptRecently++;
    setTimeout(() => keptRecently--, 1000).unref();
  }
  return best.processId;
}

/** LocalPresence and LocalDriver by default; Colyseus's Redis presence + driver when REDIS_URL is set. */
export function clusterServerOptions(cfg: ServerConfig): ServerOptions {
  const options: ServerOptions = { greet: false, publicAddress: publicAddressFor(cfg) };
  if (!cfg.redisUrl) return options;
  // Required lazily: ioredis is not loaded at all in the default single-process setup.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose
  const presence = require('@colyseus/redis-presence') as { RedisPresence: typeof RedisPresence };
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose
  const driver = require('@colyseus/redis-driver') as { RedisDriver: typeof RedisDriver };
  options.presence = new presence.RedisPresence(cfg.redisUrl);
  options.driver = new driver.RedisDriver(cfg.redisUrl);
  options.selectProcessIdToCreateRoom = selectProcessForNewRoom;
  // Colyseus's clients: `pub`/`sub` are protected, `_client` private (same ioredis connections).
  const clients = [
    (options.presence as unknown as { pub?: EventEmitter }).pub,
    (options.presence as unknown as { sub?: EventEmitter }).sub,
    (options.driver as unknown as { _client?: EventEmitter })._client,
  ];
  reportRedisErrors(clients, cfg.redisUrl);
  return options;
}

/**
 * ioredis reconnects by itself; without an 'error' listener it prints a stack trace at every
 * attempt (several a second while Redis is down). One line per problem every 30 s instead.
 */
export function reportRedisErrors(
  clients: (EventEmitter | undefined)[],
  url: string,
  log = (m: string) => console.warn(m),
): void {
  const lastSaid = new Map<string, number>();
  const onError = (e: Error) => {
    const now = Date.now();
    if (now - (lastSaid.get(e.message) ?? -Infinity) < 30_000) return;
    lastSaid.set(e.message, now);
    log(`  Redis at ${redactedRedisUrl(url)}: ${e.message} (retrying)`);
  };
  for (const c of clients) c?.on('error', onError);
}

/** REDIS_URL without a password, for logs. */
export function redactedRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * Resolves once Redis answers. ioredis queues commands and retries the connection forever, so a
 * wrong REDIS_URL (or Redis started after us, as compose may do) would otherwise look like a hang:
 * say so after `patienceMs`, once, and keep waiting.
 */
export async function waitForRedis(presence: Presence, url: string, patienceMs = 3000): Promise<void> {
  const warn = setTimeout(
    () => console.warn(`  Waiting for Redis at ${redactedRedisUrl(url)} (REDIS_URL) ...`),
    patienceMs,
  );
  try {
    await presence.exists('parlor:ping');
  } finally {
    clearTimeout(warn);
  }
}
