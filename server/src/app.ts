/**
 * The server as a @colyseus/tools app config: rooms (rooms/), HTTP API and static client (http/),
 * discovery (discovery/). index.ts listens; tests boot the same config with @colyseus/testing.
 */
import config from '@colyseus/tools';
import type { ServerOptions } from '@colyseus/core';
import type { RedisDriver } from '@colyseus/redis-driver';
import type { RedisPresence } from '@colyseus/redis-presence';
import type { ServerConfig } from './config';
import { createServerIdentity, type ServerIdentity } from './discovery/serverIdentity';
import type { PeerSource } from './discovery/types';
import { apiNotFound, apiRouter } from './http/apiRouter';
import { historyRouter } from './http/historyApi';
import { clientRouter } from './http/staticClient';
import { monitorRouter } from './http/monitor';
import { registerRooms } from './rooms/registerRooms';
import { tablesRouter } from './rooms/tablesApi';
import { matchStoreFor } from './storage/FileMatchStore';

export interface AppServices {
  /** Who this process is; index.ts shares one identity between the API and mDNS. */
  identity?: ServerIdentity;
  /** The discovered peers (none when discovery is off, and in most tests). */
  peers?: PeerSource;
}

/** LocalPresence by default; Colyseus's Redis presence + driver when REDIS_URL is set. */
function serverOptions(cfg: ServerConfig): ServerOptions {
  const options: ServerOptions = { greet: false, publicAddress: cfg.publicAddress };
  if (cfg.redisUrl) {
    // Required lazily: ioredis is not loaded at all in the default single-process setup.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose
    const presence = require('@colyseus/redis-presence') as { RedisPresence: typeof RedisPresence };
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose
    const driver = require('@colyseus/redis-driver') as { RedisDriver: typeof RedisDriver };
    options.presence = new presence.RedisPresence(cfg.redisUrl);
    options.driver = new driver.RedisDriver(cfg.redisUrl);
  }
  return options;
}

export function createAppConfig(cfg: ServerConfig, services: AppServices = {}) {
  const identity = services.identity ?? createServerIdentity(cfg);
  const peers = services.peers ?? { peers: () => [] };
  return config({
    options: serverOptions(cfg),
    initializeGameServer: (gameServer) => {
      registerRooms(gameServer, cfg);
    },
    initializeExpress: (app) => {
      app.use(apiRouter({ identity, peers }));
      app.use(tablesRouter());
      app.use(historyRouter(matchStoreFor(cfg.dataDir, { historyLimit: cfg.historyLimit })));
      app.use(apiNotFound());
      app.use(monitorRouter(cfg.monitorPassword));
      app.use(clientRouter(cfg.clientDir));
    },
  });
}
