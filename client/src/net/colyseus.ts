/**
 * The Colyseus client for this page's own origin (the server that served the page). Never a
 * hard-coded host: a peer's table is opened on the peer's origin. The SDK (with @colyseus/schema
 * and msgpackr) is the bulk of a table's connection code: the lobby's first screen does not wait
 * for it (LobbyData imports this module after the page has shown; ColyseusTable comes with a table).
 */
import { Client } from '@colyseus/sdk';

let client: Client | null = null;

export function colyseus(): Client {
  if (!client) client = new Client(location.origin.replace(/^http/, 'ws'));
  return client;
}
