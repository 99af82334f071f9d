/**
 * The server as a @colyseus/tools app config: rooms (rooms/), HTTP API and static client (http/),
 * discovery (discovery/). index.ts listens; tests boot the same config with @colyseus/testing.
 */
import config from '@colyseus/tools';
import type { ServerConfig } from './config';
import { registerRooms } from './rooms/registerRooms';

export function createAppConfig(cfg: ServerConfig) {
  return config({
    initializeGameServer: (gameServer) => {
      registerRooms(gameServer, cfg);
    },
    initializeExpress: (_app) => {
      // HTTP API, static client, monitor: see http/ (owned by the ops side).
    },
  });
}
