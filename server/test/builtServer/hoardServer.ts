/**
 * A server entry for the built-server tests: the real app (rooms, HTTP API) plus the Hoard fixture
 * game, built by scripts/build-server.mjs exactly as the real server (one ES module) and run as a
 * process, the way index.ts listens. Listens on 127.0.0.1:$PORT with DATA_DIR.
 */
import { Server, matchMaker } from '@colyseus/core';
import { getTransport } from '@colyseus/tools';
import { createAppConfig } from '../../src/app';
import { testConfig } from '../../src/config';
import { registerGameRoom } from '../../src/rooms/registerRooms';
import { hoardAdapter } from './hoardGame';

async function main(): Promise<void> {
  const port = Number(process.env.PORT);
  const cfg = testConfig({ port, dataDir: process.env.DATA_DIR });
  const appConfig = createAppConfig(cfg);
  const transport = await getTransport(appConfig);
  const gameServer = new Server({ ...appConfig.options, transport, express: appConfig.initializeExpress });
  await appConfig.initializeGameServer?.(gameServer);
  registerGameRoom(gameServer, hoardAdapter, cfg);
  await matchMaker.onReady;
  await gameServer.listen(port, '127.0.0.1');
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
