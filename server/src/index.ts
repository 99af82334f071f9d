/**
 * Entry point: `node server/dist/index.js`. Reads the configuration, listens on HOST:PORT, starts
 * LAN discovery, prints where to connect, and shuts down cleanly on SIGTERM/SIGINT.
 */
import { getTransport } from '@colyseus/tools';
import { Server, matchMaker } from '@colyseus/core';
import { ServerMsg } from '@parlor/shared';
import { createAppConfig } from './app';
import { loadConfig, type ServerConfig } from './config';
import { httpServerInfoFetcher } from './discovery/fetchServerInfo';
import { startMdnsDiscovery, type MdnsDiscovery } from './discovery/mdnsDiscovery';
import { PeerRegistry } from './discovery/peerRegistry';
import { createServerIdentity } from './discovery/serverIdentity';
import { startBanner } from './http/startBanner';

/** @colyseus/tools' listen() ignores the host; this is the same sequence with HOST honoured. */
async function listen(cfg: ServerConfig, appConfig: ReturnType<typeof createAppConfig>): Promise<Server> {
  const transport = await getTransport(appConfig);
  const gameServer = new Server({ ...appConfig.options, transport });
  await appConfig.initializeGameServer?.(gameServer);
  await matchMaker.onReady;
  await gameServer.listen(cfg.port, cfg.host);
  return gameServer;
}

/** Tell every player the server is going away, so clients show it and reconnect later. */
async function announceShutdown(reason: string): Promise<void> {
  const rooms = await matchMaker.query({ processId: matchMaker.processId });
  for (const cached of rooms) {
    const room = matchMaker.getLocalRoomById(cached.roomId);
    try {
      room?.broadcast(ServerMsg.shutdown, { reason });
    } catch {
      // A room already disposing: nothing to tell.
    }
  }
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  return Promise.race([work, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
}

async function main(): Promise<void> {
  const cfg = loadConfig();
  const identity = createServerIdentity(cfg);
  const registry = new PeerRegistry({ selfId: identity.id, fetchInfo: httpServerInfoFetcher() });
  const appConfig = createAppConfig(cfg, { identity, peers: registry });

  const gameServer = await listen(cfg, appConfig);

  let discovery: MdnsDiscovery | undefined;
  if (cfg.discovery === 'mdns') discovery = startMdnsDiscovery({ self: identity, registry });

  // Colyseus runs this on SIGTERM/SIGINT before it closes rooms and exits.
  gameServer.onBeforeShutdown(async () => {
    console.log(`\n  ${cfg.serverName} is shutting down.`);
    await withTimeout(announceShutdown('The server is restarting or shutting down.'), 1000);
    if (discovery) await withTimeout(discovery.stop(), 1500);
  });

  console.log(
    await startBanner({
      serverName: cfg.serverName,
      port: cfg.port,
      host: cfg.host,
      advertisedUrl: identity.url,
      discovery: cfg.discovery,
      printQr: cfg.printQr,
    }),
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
