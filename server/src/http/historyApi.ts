/**
 * The history of finished matches kept in DATA_DIR (at most HISTORY_LIMIT):
 *   GET  /api/history           { matches: HistoryEntry[] } newest first
 *   GET  /api/history/:id       the whole match as JSON (a download): replayable from seed + actions
 *   POST /api/history/import    a match exported by any Parlor server; checked by replaying it
 *                               (same origin only: reading is open to every origin, writing is not)
 */
import { randomBytes } from 'node:crypto';
import express, { Router } from 'express';
import type { FinishedMatch, MatchStore } from '../storage/MatchStore';
import { MATCH_FILE_LIMIT_BYTES, parseMatchFile, verifyMatchFile } from '../storage/matchFile';

/** The largest match accepted for import. */
export const IMPORT_LIMIT = MATCH_FILE_LIMIT_BYTES;

function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export function historyRouter(store: MatchStore & { hasFinished?(id: string): boolean }): Router {
  const router = Router();

  router.get('/api/history', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ matches: store.history() });
  });

  router.get('/api/history/:id', (req, res) => {
    const match = store.readFinished(String(req.params.id));
    if (!match) {
      res.status(404).json({ code: 'NOT_FOUND', message: 'No such match in the history.' });
      return;
    }
    res
      .set('Cache-Control', 'no-store')
      .set('Content-Disposition', `attachment; filename="parlor-${match.game}-${match.id}.json"`)
      .json(match);
  });

  router.post('/api/history/import', express.json({ limit: IMPORT_LIMIT }), (req, res) => {
    // Reading is open to any origin; writing only from this server's own pages (or no browser at
    // all): another web page must not fill the history and push the real matches out.
    if (!sameOrigin(req.headers.origin, req.headers.host)) {
      res.status(403).json({ code: 'FORBIDDEN', message: 'Import matches from this server’s own page.' });
      return;
    }
    const parsed = parseMatchFile(req.body);
    if (!parsed.ok) {
      res.status(400).json({ code: 'BAD_MATCH', message: parsed.message });
      return;
    }
    const { outcome, finishedAt } = parsed.file;
    if (outcome === null || finishedAt === null) {
      res.status(400).json({
        code: 'BAD_MATCH',
        message:
          'This is a game saved in progress, not a finished match: use “Load saved game” to play it on.',
      });
      return;
    }
    const verified = verifyMatchFile(parsed.file);
    if (!verified.ok) {
      res.status(422).json({ code: 'BAD_MATCH', message: verified.message });
      return;
    }
    const id = `imported-${randomBytes(6).toString('hex')}`;
    const match: FinishedMatch = {
      ...parsed.file,
      outcome,
      finishedAt,
      format: 'parlor-match',
      v: 1,
      id,
      roomId: parsed.file.roomId ?? id,
      actions: parsed.file.actions as unknown as FinishedMatch['actions'],
      importedAt: Date.now(),
    };
    try {
      store.finish(match);
    } catch (e) {
      console.error('history import failed', e);
      res.status(500).json({ code: 'INTERNAL', message: 'The match could not be saved.' });
      return;
    }
    if (store.hasFinished && !store.hasFinished(id)) {
      res.status(409).json({ code: 'NOT_KEPT', message: 'This server keeps no history (HISTORY_LIMIT=0).' });
      return;
    }
    res.status(201).json({ id });
  });

  return router;
}
