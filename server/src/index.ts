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
import {
  afterShutdown,
  beforeShutdown,
  ignoreClosedOutput,
  serverStopDeadline,
} from './http/gracefulShutdown';
import { startBanner } from './http/startBanner';
import { isLoopback } from './discovery/lanAddresses';
import { type FileMatchStore, matchStoreOf } from './storage/FileMatchStore';
import { saveKeyFor } from './storage/saveKey';
import { type Heartbeat, anotherServerBeats, startHeartbeat } from './storage/heartbeat';
import { restoreTables } from './storage/restore';
import {
  EXIT_CANNOT_START,
  dataDirError,
  explainStartError,
  isPermanentStartError,
  untilStartable,
  waitForStop,
} from './startPreflight';
import { publicAddressFor, redactedRedisUrl, waitForRedis } from './scale/cluster';
import { restorableStore } from './scale/ownTables';
import { startSweeper } from './scale/sweeper';
import { startMemoryRelease } from './memoryRelease';

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
    throw Object.assign(
      new Error(
        `Another Parlor server is using DATA_DIR=${cfg.dataDir} (its heartbeat is still beating). ` +
          'Stop it first, or give this one its own DATA_DIR.',
      ),
      { dataDir: true },
    );
  }
  try {
    store.init();
    // The key saved games are sealed with, made at the first start (see storage/saveKey.ts).
    saveKeyFor(cfg.dataDir);
  } catch (e) {
    throw dataDirError(cfg.dataDir, e);
  }
  return store;
}

async function main(cfg: ServerConfig): Promise<void> {
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
  startMemoryRelease(cfg.memoryReleaseSeconds);

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
      // Colyseus's own steps wait on Redis and on every room, unbounded: the whole stop is bounded.
      armDeadline: serverStopDeadline,
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

/**
 * Start-up errors that would only repeat (docs/operations.md, "Start-up errors"): said once, then
 * exit EXIT_CANNOT_START, or with START_RETRY_SECONDS (the Docker image) wait until they are fixed.
 */
async function start(): Promise<void> {
  ignoreClosedOutput();
  let cfg: ServerConfig;
  try {
    cfg = loadConfig();
  } catch (err) {
    console.error(`Parlor could not start: ${(err as Error).message}`);
    // Only a new environment fixes this: restarting the same container would repeat it.
    if (Number(process.env.START_RETRY_SECONDS) > 0) {
      console.error('Parlor is waiting to be stopped: fix the setting and start it again.');
      await waitForStop();
    }
    process.exit(EXIT_CANNOT_START);
  }
  const stopWhileWaiting = () => process.exit(0);
  process.once('SIGTERM', stopWhileWaiting).once('SIGINT', stopWhileWaiting);
  const startable = await untilStartable({
    dataDir: cfg.dataDir,
    host: cfg.host,
    port: cfg.port,
    retrySeconds: cfg.startRetrySeconds,
  });
  process.off('SIGTERM', stopWhileWaiting).off('SIGINT', stopWhileWaiting);
  if (!startable) process.exit(EXIT_CANNOT_START);
  try {
    await main(cfg);
  } catch (err) {
    console.error(`Parlor could not start: ${explainStartError(err, cfg)}`);
    process.exit(isPermanentStartError(err) ? EXIT_CANNOT_START : 1);
  }
}

void start();
