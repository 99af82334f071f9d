/**
 * Finding a table by its short join code (private tables are not listed in the lobby, so the code
 * is how friends reach them). Works across processes: it asks the matchmaker's driver.
 */
import { matchMaker } from '@colyseus/core';
import type { TableMetadata } from '@parlor/shared';
import { Router } from 'express';
import { normaliseJoinCode } from './secrets';

export interface TableRef {
  roomId: string;
  game: string;
}

export async function findTableByCode(code: string): Promise<TableRef | null> {
  const wanted = normaliseJoinCode(code);
  if (!wanted) return null;
  const rooms = await matchMaker.query({});
  const room = rooms.find((r) => (r.metadata as TableMetadata | undefined)?.code === wanted);
  return room ? { roomId: room.roomId, game: (room.metadata as TableMetadata).game } : null;
}

export const lookupTableByCode = findTableByCode;

/** GET /api/tables/code/:code -> { roomId, game } or 404 { code: 'NOT_FOUND', message }. */
export function tablesRouter(): Router {
  const router = Router();
  router.get('/api/tables/code/:code', (req, res) => {
    const code = String(req.params.code ?? '').slice(0, 20);
    findTableByCode(code)
      .then((table) => {
        if (table) res.json(table);
        else
          res
            .status(404)
            .json({ code: 'NOT_FOUND', message: `No table has the code ${normaliseJoinCode(code)}.` });
      })
      .catch((e: unknown) => {
        console.error('table code lookup failed', e);
        res.status(500).json({ code: 'INTERNAL', message: 'The lookup failed.' });
      });
  });
  return router;
}
