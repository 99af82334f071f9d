/**
 * Entry point: `node server/dist/index.js`. Reads the configuration, restores the tables the last
 * run left in DATA_DIR, listens on HOST:PORT, starts LAN discovery, prints where to connect, and
 * shuts down cleanly on SIGTERM/SIGINT.
 */
import './threadpool'; // before anything can start libuv's pool
import { getTransport } from '@colyseus/tools';
import { Server, matchMaker } from '@colyseus/core';
import { createAppConfig } from './app';
import { loadConfig, type ServerConfig } from './config';
import { httpServerInfoFetcher } from './discovery/fetchServerInfo';
import { startMdnsDiscovery, type MdnsDiscovery } from './discovery/mdnsDiscovery';
import { PeerRegistry } from './discovery/peerRegistry';
import { createServerIdentity } from './discovery/serverIdentity';
import { afterShutdown, beforeShutdown } from './http/gracefulShutdown';
import { startBanner } from './http/startBanner';
import { isLoopback } from './discovery/lanAddresses';
import { type FileMatchStore, matchStoreOf } from './storage/FileMatchStore';
import { saveKeyFor } from './storage/saveKey';
import { type Heartbeat, anotherServerBeats, startHeartbeat } from './storage/heartbeat';
import { restoreTables } from './storage/restore';
import { publicAddressFor, redactedRedisUrl, waitForRedis } from './scale/cluster';
import { restorableStore } from './scale/ownTables';
import { startSweeper } from './scale/sweeper';

/**
 * @colyseus/tools' listen() ignores the host; this is the same sequence with HOST honoured, and
 * `beforeListen` run once the rooms are defined but before anyone can connect.
 */
async function listen(
  cfg: ServerConfig,
  appConfig: ReturnType<typeof createAppConfig>,
  beforeListen: () => Promise<void>,
): Promise<Server> {
  const transport = await getTransport(appConfig);
  const presence = appConfig.options?.presence;
  if (cfg.redisUrl && presence) await waitForRedis(presence, cfg.redisUrl);
  const gameServer = new Server({ ...appConfig.options, transport, express: appConfig.initializeExpress });
  await appConfig.initializeGameServer?.(gameServer);
  await matchMaker.onReady;
  await beforeListen();
  await gameServer.listen(cfg.port, cfg.host);
  return gameServer;
}

/** Opens DATA_DIR, or explains why it cannot be used. */
async function openStore(cfg: ServerConfig): Promise<FileMatchStore> {
  const store = matchStoreOf(cfg);
  // Before init(): it completes the tables from the journal, which another running server owns.
  const onWait = () =>
    console.log(
      `  A server was running on ${cfg.dataDir} a moment ago (no clean stop yet): checking whether it still is...`,
    );
  if (await anotherServerBeats(() => store.readHeartbeat(), { onWait })) {
    throw new Error(
      `Another Parlor server is using DATA_DIR=${cfg.dataDir} (its heartbeat is still beating). ` +
        'Stop it first, or give this one its own DATA_DIR.',
    );
  }
  try {
    store.init();
    // The key saved games are sealed with, made at the first start (see storage/saveKey.ts).
    saveKeyFor(cfg.dataDir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOSPC')
      throw new Error(
        `DATA_DIR=${cfg.dataDir} cannot be used: ${(e as Error).message}. ` +
          'Free some space, or set DATA_DIR to a directory on another disk.',
        { cause: e },
      );
    throw new Error(
      `DATA_DIR=${cfg.dataDir} cannot be used (${(e as Error).message}). ` +
        'Make it writable by this user, or set DATA_DIR to another directory.',
      { cause: e },
    );
  }
  return store;
}

async function main(): Promise<void> {
  const cfg = loadConfig();
  const identity = createServerIdentity(cfg);
  const registry = new PeerRegistry({ selfId: identity.id, fetchInfo: httpServerInfoFetcher() });
  const appConfig = createAppConfig(cfg, { identity, peers: registry });

  const store = await openStore(cfg);
  let heartbeat: Heartbeat | undefined;
  const gameServer = await listen(cfg, appConfig, async () => {
    // Before the first beat of this run: the restore reads when the last run stopped. With Redis,
    // only this process's own tables (see scale/ownTables.ts).
    const report = await restoreTables(await restorableStore(store, !!cfg.redisUrl));
    heartbeat = startHeartbeat(store);
    if (report.restored.length)
      console.log(`  Resumed ${report.restored.length} table(s) from ${cfg.dataDir}.`);
    for (const f of report.failed) console.warn(`  Table ${f.roomId} could not be resumed: ${f.reason}`);
  });

  // With Redis: forget the tables of processes that crashed (a graceful stop removes its own).
  // It pauses by itself once Colyseus is shutting down.
  if (cfg.redisUrl) startSweeper();

  let discovery: MdnsDiscovery | undefined;
  if (cfg.discovery === 'mdns' && isLoopback(cfg.host)) {
    console.warn(`  Discovery is off: HOST=${cfg.host} cannot be reached from the network.`);
  } else if (cfg.discovery === 'mdns') {
    discovery = startMdnsDiscovery({ self: identity, registry });
  }

  // Colyseus runs this on SIGTERM/SIGINT before it closes rooms and exits.
  gameServer.onBeforeShutdown(
    beforeShutdown({
      serverName: cfg.serverName,
      stopDiscovery: discovery && (() => discovery.stop()),
      // The stop time, for the timers of the tables resumed at the next start.
      recordStop: () => heartbeat?.stop(),
    }),
  );
  // Then, with every room closed: the history files still being written off the event loop.
  gameServer.onShutdown(afterShutdown(() => store.settled()));

  console.log(
    await startBanner({
      serverName: cfg.serverName,
      port: cfg.port,
      host: cfg.host,
      advertisedUrl: identity.url,
      discovery: discovery ? 'mdns' : 'off',
      printQr: cfg.printQr,
      monitor: !!cfg.monitorPassword,
    }),
  );
  if (cfg.redisUrl)
    console.log(
      `  Sharing tables through Redis at ${redactedRedisUrl(cfg.redisUrl)}; ` +
        `this process's tables are reached at ${publicAddressFor(cfg)}.`,
    );
}

/** Start-up failures people can fix, said in their words. */
function explain(err: unknown): string {
  const e = err as { code?: string; message?: string };
  const port = process.env.PORT || '2567';
  if (e.code === 'EADDRINUSE')
    return `Port ${port} is already in use. Stop the other program, or set PORT=<another port>.`;
  if (e.code === 'EACCES') return `Not allowed to listen on port ${port}. Use a port above 1024 (PORT=2567).`;
  if (e.code === 'EADDRNOTAVAIL') return `HOST=${process.env.HOST} is not an address of this machine.`;
  return e.message ?? String(err);
}

main().catch((err: unknown) => {
  console.error(`Parlor could not start: ${explain(err)}`);
  process.exit(1);
});
