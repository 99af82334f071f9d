/**
 * The history of finished matches kept in DATA_DIR (at most HISTORY_LIMIT):
 *   GET  /api/history           { matches: HistoryEntry[] } newest first
 *   GET  /api/history/:id       the whole match as JSON (a download): replayable from seed + actions
 *   POST /api/history/import    a match exported by any Parlor server; checked by replaying it
 *                               (same origin only: reading is open to every origin, writing is not)
 */
import { randomBytes } from 'node:crypto';
import { gameById } from '@parlor/shared';
import express, { Router } from 'express';
import { z } from 'zod';
import type { FinishedMatch, MatchStore } from '../storage/MatchStore';
import { rebuildState } from '../storage/replay';

/** The largest match accepted for import (a long Bankout match is about 60 kB). */
export const IMPORT_LIMIT = '2mb';

const ImportSchema = z.object({
  format: z.literal('parlor-match'),
  v: z.literal(1),
  id: z.string().max(100).optional(),
  roomId: z.string().max(64).optional(),
  game: z.string().min(1).max(40),
  tableName: z.string().max(80).default(''),
  options: z.unknown(),
  seed: z.number().finite(),
  seats: z
    .array(z.object({ name: z.string().max(40), bot: z.boolean() }))
    .min(1)
    .max(16),
  actions: z
    .array(
      z.object({
        seat: z.number().int().min(0).max(15),
        action: z.record(z.string(), z.unknown()),
        at: z.number().finite(),
      }),
    )
    .max(100_000),
  outcome: z.object({
    winners: z.array(z.number().int()),
    summary: z.string().max(300),
    scores: z.array(z.number().finite()).optional(),
  }),
  startedAt: z.number().finite(),
  finishedAt: z.number().finite(),
});

/** Replays the match with the game's rules: it must be legal move by move and end as it says. */
export function verifyMatch(match: z.infer<typeof ImportSchema>): string | null {
  const def = gameById(match.game);
  if (!def) return `This server does not have the game "${match.game}".`;
  const options = def.optionsSchema.safeParse(match.options ?? {});
  if (!options.success) return 'The match options are not valid for this game.';
  if (match.seats.length < def.seats.min || match.seats.length > def.seats.max)
    return 'The number of seats is not valid for this game.';
  let state: unknown;
  try {
    state = rebuildState(def, { ...match, options: options.data, actions: match.actions as never });
  } catch (e) {
    return `The match does not replay: ${(e as Error).message}`;
  }
  const outcome = def.outcome(state);
  if (!outcome) return 'The match does not end where the file says it does.';
  if (JSON.stringify([...outcome.winners].sort()) !== JSON.stringify([...match.outcome.winners].sort()))
    return 'The replayed match has other winners than the file says.';
  return null;
}

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
    const parsed = ImportSchema.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      res.status(400).json({
        code: 'BAD_MATCH',
        message: `Not a Parlor match file (${issue?.path.join('.') || 'file'}: ${issue?.message ?? 'invalid'}).`,
      });
      return;
    }
    const problem = verifyMatch(parsed.data);
    if (problem) {
      res.status(422).json({ code: 'BAD_MATCH', message: problem });
      return;
    }
    const id = `imported-${randomBytes(6).toString('hex')}`;
    const match: FinishedMatch = {
      ...parsed.data,
      format: 'parlor-match',
      v: 1,
      id,
      roomId: parsed.data.roomId ?? id,
      actions: parsed.data.actions as unknown as FinishedMatch['actions'],
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
