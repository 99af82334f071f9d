/**
 * Finding a table by its short join code (private tables are not listed in the lobby, so the code
 * is how friends reach them). Works across processes: it asks the matchmaker's driver.
 */
import { matchMaker } from '@colyseus/core';
import type { TableMetadata } from '@parlor/shared';
import { Router } from 'express';
import { ClientRate, clientKey, sendRefusal } from '../http/clientLimits';
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

/**
 * Lookups per client: a burst, then this many a minute. A person types a code a few times; guessing
 * one of the 31^5 codes at this pace takes longer than any table lives.
 */
export const CODE_LOOKUP_BURST = 10;
export const CODE_LOOKUPS_PER_MINUTE = 20;
/**
 * Lookups by all clients together (a guest may use many addresses): a party typing codes stays far
 * below it, and guessing at this pace still takes months per table.
 */
export const CODE_LOOKUPS_TOTAL = { burst: 60, perMinute: 120 };

/**
 * GET /api/tables/code/:code -> { roomId, game } or 404 { code: 'NOT_FOUND', message }; past the
 * client's rate (or the total of all clients'), 429 { code: 'TOO_MANY_LOOKUPS', message } (with Retry-After).
 */
export function tablesRouter(
  limits: { burst: number; perMinute: number; total?: { burst: number; perMinute: number } } = {
    burst: CODE_LOOKUP_BURST,
    perMinute: CODE_LOOKUPS_PER_MINUTE,
    total: CODE_LOOKUPS_TOTAL,
  },
): Router {
  const router = Router();
  const lookups = new ClientRate(limits.burst, limits.perMinute, { total: limits.total });
  router.get('/api/tables/code/:code', (req, res) => {
    const verdict = lookups.check(clientKey(req));
    if (verdict !== 'ok') {
      sendRefusal(res, {
        status: 429,
        code: 'TOO_MANY_LOOKUPS',
        message:
          verdict === 'client'
            ? 'Too many join codes tried: wait a minute before the next one.'
            : 'Too many join codes are being tried on this server: wait a minute before the next one.',
        retryAfter: verdict === 'client' ? lookups.secondsPerToken : lookups.secondsPerTotalToken,
      });
      return;
    }
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
