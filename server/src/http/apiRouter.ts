/**
 * The read-only JSON API: /api/info (this server, asked by peers), /api/discovery (every server on
 * the network, asked by the lobby) and /api/games (the create dialog).
 */
import { Router, type Response } from 'express';
import type { ServerIdentity } from '../discovery/serverIdentity';
import type {
  DiscoveredServer,
  DiscoveryResponse,
  PeerSource,
  ServerInfoWithTables,
} from '../discovery/types';
import { gameCatalog } from './gameCatalog';
import { listPublicTables } from './publicTables';

export interface ApiDeps {
  identity: ServerIdentity;
  peers: PeerSource;
}

export async function buildServerInfo(identity: ServerIdentity): Promise<ServerInfoWithTables> {
  return {
    id: identity.id,
    name: identity.name,
    url: identity.url,
    version: identity.version,
    games: identity.games,
    tables: await listPublicTables(),
  };
}

/**
 * Each table under the first server that lists it (this server first): processes sharing Redis
 * all list every table of theirs, and a table is best joined through the page's own server.
 */
export function withoutRepeatedTables(servers: DiscoveredServer[]): DiscoveredServer[] {
  const seen = new Set<string>();
  return servers.map((s) => {
    const tables = s.tables.filter((t) => !seen.has(t.roomId));
    for (const t of tables) seen.add(t.roomId);
    return tables.length === s.tables.length ? s : { ...s, tables };
  });
}

function sendJson(res: Response, body: unknown): void {
  // Listings change every second; nobody should cache them.
  res.set('Cache-Control', 'no-store').json(body);
}

export function apiRouter({ identity, peers }: ApiDeps): Router {
  const router = Router();

  router.get('/api/info', async (_req, res, next) => {
    try {
      sendJson(res, await buildServerInfo(identity));
    } catch (err) {
      next(err);
    }
  });

  router.get('/api/discovery', async (_req, res, next) => {
    try {
      const self = { ...(await buildServerInfo(identity)), lastSeen: Date.now(), self: true as const };
      const body: DiscoveryResponse = { self, servers: withoutRepeatedTables([self, ...peers.peers()]) };
      sendJson(res, body);
    } catch (err) {
      next(err);
    }
  });

  const catalog = gameCatalog();
  router.get('/api/games', (_req, res) => sendJson(res, catalog));

  return router;
}

/** Anything else under /api is a JSON 404, never the client's index.html. */
export function apiNotFound(): Router {
  const router = Router();
  router.use('/api', (req, res) => {
    res.status(404).json({ code: 'NOT_FOUND', message: `No API route ${req.method} ${req.originalUrl}` });
  });
  return router;
}
