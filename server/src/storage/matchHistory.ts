/**
 * The history: finished matches, one file each (`finished/<id>.json`), bounded (the oldest go
 * first; matches played here and imported ones each have their own limit). A finished match is
 * listed and readable at once; its file is written off the event loop to a temporary file,
 * fsync'ed and renamed into place, so it is whole or absent. Until it lands, its table's file keeps
 * the match (the store waits before removing it: `onLanded`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { HistoryEntry } from '@parlor/shared';
import { rmQuietAsync, writeFileAtomicAsync } from './fileIo';
import { matchFingerprint, matchQuickKey } from './matchFingerprint';
import type { ImportHead } from '../uploads/uploadCheck';
import type { FinishedMatch } from './MatchStore';

const FINISHED_ID = /^[\w-]{1,100}$/;

/** A finished match on its way to its file. */
interface Unwritten {
  roomId: string;
  /** The file's text (an import's comes as UTF-8 bytes from the upload process). */
  json: string | Uint8Array;
  /** finish() was called again meanwhile: written once more when this write lands. */
  again: boolean;
  failed: boolean;
}

export interface MatchHistoryOptions {
  historyLimit: number;
  importedHistoryLimit: number;
  warn: (message: string) => void;
  /** Something under way off the event loop (the store's settled() waits for it). */
  track: (work: Promise<unknown>) => void;
  /** A history write of this table landed (or was given up): the store may remove its table file. */
  onLanded: (roomId: string) => void;
}

export class MatchHistory {
  historyLimit: number;
  importedHistoryLimit: number;
  private dirReady = false;
  /** Summaries of finished matches, loaded on first use. */
  private historyCache: Map<string, HistoryEntry> | null = null;
  /**
   * For the import's duplicate check (matchFingerprint.ts): the history's matches by quick key, and
   * the fingerprints computed so far (only for matches that share a quick key with an import).
   */
  private readonly byQuickKey = new Map<string, Set<string>>();
  private readonly quickKeyOf = new Map<string, string>();
  private readonly fingerprintOf = new Map<string, string>();
  /** When each imported match was imported: the oldest imports go first (not the oldest matches). */
  private readonly importedAtOf = new Map<string, number>();
  /** Finished matches whose file has not landed yet, by id: served from here meanwhile. */
  private readonly unwritten = new Map<string, Unwritten>();
  private readonly warn: (message: string) => void;
  private readonly track: (work: Promise<unknown>) => void;
  private readonly onLanded: (roomId: string) => void;

  constructor(
    readonly dir: string,
    options: MatchHistoryOptions,
  ) {
    this.historyLimit = options.historyLimit;
    this.importedHistoryLimit = options.importedHistoryLimit;
    this.warn = options.warn;
    this.track = options.track;
    this.onLanded = options.onLanded;
  }

  private finishedPath(id: string): string {
    if (!FINISHED_ID.test(id)) throw new Error(`Unusable match id: ${JSON.stringify(id)}`);
    return path.join(this.dir, `${id}.json`);
  }

  /** Listed and readable at once; the file is written off the event loop (settled()). */
  finish(match: FinishedMatch): void {
    this.add(match, () => JSON.stringify(match));
  }

  /**
   * An imported match as the upload process left it (uploads/uploadCheck.ts `checkImport`): its
   * head, its number of moves and its canonical JSON, with the content's fingerprint. The file's
   * text is joined here, never parsed: nothing of 2 MB is built on the event loop.
   */
  finishImport(m: ImportedMatch): void {
    const fields = {
      format: 'parlor-match' as const,
      v: 1 as const,
      id: m.id,
      roomId: m.roomId,
      importedAt: m.importedAt,
    };
    const match = { ...m.head, ...fields, actions: { length: m.actions } };
    // `{fields,` then the body's members (the body is `{"game":...}`: never empty).
    const head = Buffer.from(`${JSON.stringify(fields).slice(0, -1)},`);
    const json = Buffer.concat([head, m.body.subarray(1)]);
    this.add(match, () => json, m.fingerprint);
  }

  private add(match: Summarised, json: () => string | Uint8Array, fingerprint?: string): void {
    if (this.limitFor(match.importedAt !== undefined) <= 0) return;
    const file = this.finishedPath(match.id);
    if (!this.dirReady) fs.mkdirSync(this.dir, { recursive: true });
    this.dirReady = true;
    const history = this.loadHistory();
    history.set(match.id, summarise(match));
    this.rememberFingerprint(match);
    if (fingerprint !== undefined) this.fingerprintOf.set(match.id, fingerprint);
    this.prune();
    // Older than every match kept (a full history): pruned at once, nothing to write.
    if (!history.has(match.id)) return;
    const text = json();
    const pending = this.unwritten.get(match.id);
    if (pending && !pending.failed) {
      // One write per id at a time: this one follows when the current one lands.
      Object.assign(pending, { json: text, roomId: match.roomId, again: true });
      return;
    }
    this.unwritten.set(match.id, { roomId: match.roomId, json: text, again: false, failed: false });
    this.writeFinished(match.id, file);
  }

  private writeFinished(id: string, file: string): void {
    const entry = this.unwritten.get(id)!;
    entry.again = false;
    this.track(
      writeFileAtomicAsync(file, entry.json).then(
        () => {
          if (entry.again) return this.writeFinished(id, file);
          if (this.unwritten.get(id) === entry) this.unwritten.delete(id);
          // Pruned while it was being written: it goes now, so no file is left behind.
          if (!this.historyCache?.has(id)) this.track(rmQuietAsync(file));
          this.onLanded(entry.roomId);
        },
        (e: unknown) => {
          entry.failed = true;
          this.warn(
            `history: match ${id} could not be written (${(e as Error).message}); ` +
              'its table keeps its record, and the next start writes it',
          );
        },
      ),
    );
  }

  /** The id of the history's match with this fingerprint and quick key (matchFingerprint.ts), if any. */
  findDuplicate(fingerprint: string, quickKey: string): string | undefined {
    this.loadHistory();
    for (const id of this.byQuickKey.get(quickKey) ?? []) {
      let fp = this.fingerprintOf.get(id);
      if (fp === undefined) {
        const match = this.readFinished(id);
        if (!match) continue;
        fp = matchFingerprint(match);
        this.fingerprintOf.set(id, fp);
      }
      if (fp === fingerprint) return id;
    }
    return undefined;
  }

  private rememberFingerprint(match: Summarised): void {
    this.forgetFingerprint(match.id);
    if (match.importedAt !== undefined) this.importedAtOf.set(match.id, match.importedAt);
    const key = matchQuickKey(match);
    this.quickKeyOf.set(match.id, key);
    const ids = this.byQuickKey.get(key) ?? new Set<string>();
    ids.add(match.id);
    this.byQuickKey.set(key, ids);
  }

  private forgetFingerprint(id: string): void {
    this.fingerprintOf.delete(id);
    this.importedAtOf.delete(id);
    const key = this.quickKeyOf.get(id);
    if (key === undefined) return;
    this.quickKeyOf.delete(id);
    const ids = this.byQuickKey.get(key);
    ids?.delete(id);
    if (ids?.size === 0) this.byQuickKey.delete(key);
  }

  private limitFor(imported: boolean): number {
    return imported ? this.importedHistoryLimit : this.historyLimit;
  }

  hasFinished(id: string): boolean {
    return FINISHED_ID.test(id) && this.loadHistory().has(id);
  }

  finishing(roomId: string): boolean {
    for (const entry of this.unwritten.values()) if (entry.roomId === roomId) return true;
    return false;
  }

  /** Newest first. */
  history(): HistoryEntry[] {
    return [...this.loadHistory().values()].sort((a, b) => b.finishedAt - a.finishedAt);
  }

  readFinished(id: string): FinishedMatch | null {
    if (!FINISHED_ID.test(id)) return null;
    const unwritten = this.unwritten.get(id);
    if (unwritten)
      return this.loadHistory().has(id)
        ? (JSON.parse(Buffer.from(unwritten.json).toString('utf8')) as FinishedMatch)
        : null;
    try {
      return JSON.parse(fs.readFileSync(this.finishedPath(id), 'utf8')) as FinishedMatch;
    } catch {
      return null;
    }
  }

  private loadHistory(): Map<string, HistoryEntry> {
    if (this.historyCache) return this.historyCache;
    const cache = new Map<string, HistoryEntry>();
    let names: string[] = [];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      // no history yet
    }
    for (const name of names) {
      if (!name.endsWith('.json')) continue;
      const id = name.slice(0, -'.json'.length);
      const match = this.readFinished(id);
      if (match && match.format === 'parlor-match') {
        cache.set(id, summarise(match));
        this.rememberFingerprint(match);
      } else this.warn(`history: ignored an unreadable file ${name}`);
    }
    this.historyCache = cache;
    this.prune();
    return cache;
  }

  /**
   * The oldest go (their files off the event loop; one still being written, once it lands). The
   * matches played here and the imported ones each have their own limit, so imports never push out
   * a match played here; of the imports, the earliest imported go first.
   */
  private prune(): void {
    const cache = this.historyCache;
    if (!cache) return;
    for (const imported of [false, true]) {
      const kept = [...cache.values()].filter((e) => e.imported === imported);
      const limit = this.limitFor(imported);
      if (kept.length <= limit) continue;
      const age = (e: HistoryEntry) => (imported ? (this.importedAtOf.get(e.id) ?? 0) : e.finishedAt);
      const oldest = kept.sort((a, b) => age(a) - age(b));
      for (const entry of oldest.slice(0, kept.length - limit)) this.dropFromHistory(entry);
    }
  }

  private dropFromHistory(entry: HistoryEntry): void {
    this.historyCache!.delete(entry.id);
    this.forgetFingerprint(entry.id);
    const unwritten = this.unwritten.get(entry.id);
    if (!unwritten) this.track(rmQuietAsync(this.finishedPath(entry.id)));
    else if (unwritten.failed) {
      // Not kept anyway: its table's record need not wait for it.
      this.unwritten.delete(entry.id);
      this.onLanded(unwritten.roomId);
    }
  }
}

/** What a history entry is made of: a finished match, of which only the number of moves counts. */
type Summarised = Omit<FinishedMatch, 'actions'> & { actions: { length: number } };

/** An imported match, checked and serialised by the upload process (MatchHistory.finishImport). */
export interface ImportedMatch {
  id: string;
  roomId: string;
  importedAt: number;
  head: ImportHead;
  actions: number;
  /** The canonical file's JSON (UTF-8), an object without format, v, id, roomId and importedAt. */
  body: Uint8Array;
  fingerprint: string;
}

export function summarise(m: Summarised): HistoryEntry {
  return {
    id: m.id,
    game: m.game,
    tableName: m.tableName,
    players: m.seats.map((s) => ({ name: s.name, bot: s.bot })),
    result: m.outcome.summary,
    winners: m.outcome.winners.map((w) => m.seats[w]?.name ?? `Seat ${w + 1}`),
    startedAt: m.startedAt,
    finishedAt: m.finishedAt,
    durationMs: Math.max(0, m.finishedAt - m.startedAt),
    actions: m.actions.length,
    imported: m.importedAt !== undefined,
  };
}
