/**
 * The history of finished matches kept in DATA_DIR (HISTORY_LIMIT played here, and
 * IMPORTED_HISTORY_LIMIT imported, counted apart):
 *   GET  /api/history           { matches: HistoryEntry[] } newest first
 *   GET  /api/history/:id       the whole match as JSON (a download): replayable from seed + actions
 *   POST /api/history/import    a match exported by any Parlor server; checked by replaying it
 *
 * Reading is open to every origin (peers' lobbies replay from here). An import is same-origin only
 * (requestGate.ts), at most IMPORT_LIMIT bytes (and its share of the bytes in flight, bodyLimit.ts), checked off the event loop by the upload processes
 * (uploads/uploadPool.ts), one at a time and a few a minute per client; a match the history already
 * has (same content whatever its names and times, storage/matchFingerprint.ts) is refused before
 * it is replayed. What is stored is the file's canonical content (uploads/uploadCheck.ts).
 *
 * A private table's matches are neither listed nor served while the table is open: their ids
 * carry its room id, which is all it takes to join it.
 */
import { randomBytes } from 'node:crypto';
import { matchMaker } from '@colyseus/core';
import type { HistoryEntry, TableMetadata } from '@parlor/shared';
import { Router } from 'express';
import type { MatchStore } from '../storage/MatchStore';
import type { ImportedMatch } from '../storage/matchHistory';
import { MATCH_FILE_LIMIT_BYTES } from '../storage/matchFile';
import type { UploadPool } from '../uploads/uploadPool';
import { type BodyBudget, readBodyOrRefuse } from './bodyLimit';
import { ClientRate, OnePerClient, clientKey, sendRefusal } from './clientLimits';

/** The largest match accepted for import. */
export const IMPORT_LIMIT = MATCH_FILE_LIMIT_BYTES;

export interface HistoryStore extends MatchStore {
  findDuplicate(fingerprint: string, quickKey: string): string | undefined;
  finishImport(match: ImportedMatch): void;
  importedHistoryLimit?: number;
}

export interface HistoryApiOptions {
  uploads: () => UploadPool;
  /** Imports per client: a burst, then this many a minute. */
  importBurst?: number;
  importsPerMinute?: number;
  /** Request bodies in flight (shared with the matchmaker's). */
  bodies?: BodyBudget;
}

/** The room ids of the private tables open now (on any process). */
async function openPrivateTables(): Promise<Set<string>> {
  const rooms = await matchMaker.query({});
  return new Set(
    rooms
      .filter((r) => r.private || (r.metadata as TableMetadata | undefined)?.private === true)
      .map((r) => r.roomId),
  );
}

/** A played match's id is `<roomId>-<match number>`. */
const tableOf = (matchId: string) => matchId.replace(/-\d+$/, '');

export function historyRouter(store: HistoryStore, options: HistoryApiOptions): Router {
  const router = Router();
  const imports = new ClientRate(options.importBurst ?? 5, options.importsPerMinute ?? 10);
  const importing = new OnePerClient();

  router.get('/api/history', async (_req, res, next) => {
    try {
      const hidden = await openPrivateTables();
      const matches: HistoryEntry[] = store.history().filter((m) => m.imported || !hidden.has(tableOf(m.id)));
      res.set('Cache-Control', 'no-store').json({ matches });
    } catch (e) {
      next(e);
    }
  });

  router.get('/api/history/:id', async (req, res, next) => {
    try {
      const id = String(req.params.id);
      const match = store.readFinished(id);
      if (!match || (match.importedAt === undefined && (await openPrivateTables()).has(match.roomId))) {
        res.status(404).json({ code: 'NOT_FOUND', message: 'No such match in the history.' });
        return;
      }
      res
        .set('Cache-Control', 'no-store')
        .set('Content-Disposition', `attachment; filename="parlor-${match.game}-${match.id}.json"`)
        .json(match);
    } catch (e) {
      next(e);
    }
  });

  router.post('/api/history/import', async (req, res) => {
    if (store.importedHistoryLimit === 0) {
      sendRefusal(res, { status: 409, code: 'NOT_KEPT', message: 'This server keeps no imported matches.' });
      return;
    }
    const ip = clientKey(req);
    const release = importing.claim(ip);
    if (!release) {
      sendRefusal(res, {
        status: 429,
        code: 'UPLOAD_BUSY',
        message: 'Your previous file is still being checked.',
      });
      return;
    }
    try {
      if (!imports.take(ip)) {
        sendRefusal(res, {
          status: 429,
          code: 'TOO_MANY_UPLOADS',
          message: 'You are importing matches too fast: wait a minute.',
          retryAfter: imports.secondsPerToken,
        });
        return;
      }
      const body = await readBodyOrRefuse(req, res, {
        limit: IMPORT_LIMIT,
        budget: options.bodies,
        client: ip,
      });
      if (!body) return;
      const duplicate = {
        status: 409,
        code: 'DUPLICATE',
        message: 'The history already has this match.',
      } as const;
      // The history's duplicates are refused from their content, before any replay.
      const checked = await options.uploads().check({ kind: 'import', body }, ip, {
        known: ({ fingerprint, quickKey }) =>
          fingerprint !== undefined &&
          quickKey !== undefined &&
          store.findDuplicate(fingerprint, quickKey) !== undefined
            ? { ok: false, ...duplicate }
            : undefined,
      });
      if (!checked.ok) {
        sendRefusal(res, checked);
        return;
      }
      const { head, actions, body: json, fingerprint, quickKey } = checked;
      // Imported meanwhile (an identical upload joined the same check, and the first one won).
      if (store.findDuplicate(fingerprint, quickKey) !== undefined) {
        sendRefusal(res, duplicate);
        return;
      }
      const id = `imported-${randomBytes(6).toString('hex')}`;
      try {
        store.finishImport({
          head,
          actions,
          body: json,
          fingerprint,
          id,
          roomId: head.roomId ?? id,
          importedAt: Date.now(),
        });
      } catch (e) {
        console.error('history import failed', e);
        sendRefusal(res, { status: 500, code: 'INTERNAL', message: 'The match could not be saved.' });
        return;
      }
      if (!store.hasFinished(id)) {
        sendRefusal(res, {
          status: 409,
          code: 'NOT_KEPT',
          message: 'This server keeps no imported matches.',
        });
        return;
      }
      res.status(201).json({ id });
    } finally {
      release();
    }
  });

  return router;
}
