/**
 * The server as a @colyseus/tools app config: rooms (rooms/), HTTP API and static client (http/),
 * discovery (discovery/), Redis when REDIS_URL is set (scale/). index.ts listens; tests boot the
 * same config with @colyseus/testing.
 */
import type { Server as HttpServer } from 'node:http';
import config from '@colyseus/tools';
import { WebSocketTransport } from '@colyseus/ws-transport';
import type { ServerConfig } from './config';
import { createServerIdentity, type ServerIdentity } from './discovery/serverIdentity';
import type { PeerSource } from './discovery/types';
import { apiNotFound, apiRouter } from './http/apiRouter';
import { BodyBudget } from './http/bodyLimit';
import { compressAnswers } from './http/compress';
import { colyseusLogger } from './http/colyseusLogger';
import { historyRouter } from './http/historyApi';
import { clientRouter } from './http/staticClient';
import { matchmakeHandler } from './http/matchmake';
import { monitorRouter } from './http/monitor';
import { createOriginPolicy } from './http/originPolicy';
import { installRequestGate } from './http/requestGate';
import { registerRooms } from './rooms/registerRooms';
import { tablesRouter } from './rooms/tablesApi';
import { clusterServerOptions } from './scale/cluster';
import { matchStoreOf } from './storage/FileMatchStore';
import { saveKeyFor } from './storage/saveKey';
import { uploadPool } from './uploads/uploadPool';

export interface AppServices {
  /** Who this process is; index.ts shares one identity between the API and mDNS. */
  identity?: ServerIdentity;
  /** The discovered peers (none when discovery is off, and in most tests). */
  peers?: PeerSource;
  /** The budget of request bytes in flight (tests watch it); made from the config when absent. */
  bodies?: BodyBudget;
}

export function createAppConfig(cfg: ServerConfig, services: AppServices = {}) {
  const identity = services.identity ?? createServerIdentity(cfg);
  const peers = services.peers ?? { peers: () => [] };
  // Bytes of request bodies in flight, shared by every route that reads one (http/bodyLimit.ts).
  const bodies =
    services.bodies ?? new BodyBudget({ perClient: cfg.requestBytesPerClient, total: cfg.requestBytesTotal });
  return config({
    // One line, not a stack, for each undecodable frame a client sends (http/colyseusLogger.ts).
    options: { ...clusterServerOptions(cfg), logger: colyseusLogger },
    initializeTransport: (options: { server: HttpServer }) => {
      // Node clients (the SDK's fetch in tests and benches, a peer server) pool idle connections and
      // drop them just before the server's keep-alive ends; on a busy box their timer fires late and
      // a matchmaking POST goes out on a socket the server already closed ("fetch failed", never
      // retried). A long idle window costs a home server nothing: close() still ends idle sockets.
      options.server.keepAliveTimeout = 65_000;
      options.server.headersTimeout = 66_000;
      // Host, Origin and body limits before Express and Colyseus see anything (http/requestGate.ts).
      installRequestGate(options.server, {
        policy: createOriginPolicy(cfg),
        matchmake: matchmakeHandler(
          { tablesPerClient: cfg.tablesPerClient, tablesTotal: cfg.tablesTotal, bodies },
          uploadPool,
          () => saveKeyFor(cfg.dataDir),
        ),
      });
      const transport = new WebSocketTransport(options);
      // The upload worker goes with the server (Colyseus shuts the transport down last).
      const shutdown = transport.shutdown.bind(transport);
      transport.shutdown = () => {
        void uploadPool().close();
        shutdown();
      };
      return transport;
    },
    initializeGameServer: (gameServer) => {
      registerRooms(gameServer, cfg);
    },
    initializeExpress: (app) => {
      app.use(compressAnswers()); // JSON and the built client alike (brotli or gzip)
      app.use(apiRouter({ identity, peers }));
      app.use(tablesRouter());
      app.use(
        historyRouter(matchStoreOf(cfg), {
          uploads: uploadPool,
          bodies,
          importsPerMinute: cfg.importsPerMinute,
        }),
      );
      app.use(apiNotFound());
      app.use(monitorRouter(cfg.monitorPassword));
      app.use(clientRouter(cfg.clientDir));
    },
  });
}
