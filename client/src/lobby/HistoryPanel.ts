/**
 * The lobby's "Finished matches" panel: each server's own history (game, players, result, date,
 * length) with Replay and Export (a JSON download), Import (a match file sent to this server), and
 * Load saved game (a match saved during play, carried on at a new table: LoadDialog).
 */
import { canonicalGameId } from '@parlor/shared/games/ids';
import type { ServerListing } from '../net/api';
import { exportUrl, HERE, importMatch, type HistoryEntry } from '../replay/historyApi';
import { formatDate, formatDuration } from '../replay/format';
import { replayIcon } from '../replay/replayIcons';
import { button, h, replace } from '../ui/dom';
import { patchChildren } from '../ui/keyed';
import { toast } from '../ui/toast';
import { HistoryData } from './HistoryData';
import type { LoadRequest } from './LoadDialog';
import { holding } from './holding';

/** Rows shown per server before "Show all". */
const FIRST_ROWS = 5;

export interface HistoryPanelOptions {
  replay(server: string, id: string): void;
  gameTitle(id: string): string;
  /** The name the uploader plays under (to preselect their saved seat). */
  playerName(): string;
  /** Create a table that carries the saved game on. */
  load(r: LoadRequest): Promise<void>;
}

const NO_MATCHES =
  'No finished matches yet. Every match played here is kept for replays; you can also import a match file.';

export class HistoryPanel {
  readonly el: HTMLElement;
  private data = new HistoryData();
  private list = h('div', { class: 'servers', testid: 'history-list' });
  private file: HTMLInputElement;
  private savedFile: HTMLInputElement;
  private servers: ServerListing[] = [];
  private expanded = new Set<string>();
  /** The match just imported, highlighted once it is listed. */
  private fresh = '';

  constructor(private readonly o: HistoryPanelOptions) {
    const imported = matchFilePicker(
      'Import',
      'Add a match file exported by any Parlor server to this server’s history',
      'history-import',
      () => void this.importFile(),
    );
    this.file = imported.input;
    const importBtn = imported.button;
    const saved = matchFilePicker(
      'Load saved game',
      'Play on a game its host saved during the match, at a new table',
      'load-saved',
      () => void this.loadFile(),
    );
    this.savedFile = saved.input;
    const loadBtn = saved.button;
    this.el = h(
      'section',
      { class: 'panel', testid: 'history', attrs: { 'aria-labelledby': 'lobby-history-h' } },
      h(
        'div',
        { class: 'panel-head' },
        h('h2', { text: 'Finished matches', attrs: { id: 'lobby-history-h' } }),
        h('div', { class: 'row wrap' }, loadBtn, importBtn),
        this.file,
        this.savedFile,
      ),
      this.list,
    );
    this.data.on(() => this.render());
    this.data.start();
    this.render();
  }

  destroy(): void {
    this.data.stop();
  }

  /** The servers the lobby lists (this one first). */
  setServers(servers: ServerListing[]): void {
    const sig = (list: ServerListing[]) => list.map((s) => `${this.key(s)}|${s.name}|${s.id}`).join();
    if (sig(servers) === sig(this.servers)) return;
    this.servers = servers;
    this.data.follow(servers.map((s) => this.key(s)));
    this.render();
  }

  /** A table on `s` has just finished: its match is in that server's history now. */
  refresh(s: ServerListing): void {
    void this.data.refresh(this.key(s));
  }

  private key(s: ServerListing): string {
    return s.self ? HERE : s.url.replace(/\/+$/, '');
  }

  private async importFile(): Promise<void> {
    const file = this.file.files?.[0];
    this.file.value = '';
    if (!file) return;
    try {
      const text = await file.text();
      const twin = this.alreadyListed(text);
      if (twin) {
        // The same match again would be a second entry: point at the first one instead.
        toast(`Already in the history: ${players(twin)}`, 'info');
        this.fresh = twin.id;
        this.render();
        this.el
          .querySelector(`[data-testid="history-${CSS.escape(twin.id)}"]`)
          ?.scrollIntoView({ block: 'nearest' });
        return;
      }
      const id = await importMatch(text);
      this.fresh = id;
      await this.data.refresh(HERE);
      const entry = this.data.get(HERE)?.entries.find((e) => e.id === id);
      toast(`Imported: ${entry ? players(entry) : file.name}`, 'info');
      if (entry && this.firstIndex(id) >= FIRST_ROWS) this.expanded.add(HERE);
      this.render();
      this.el
        .querySelector(`[data-testid="history-${CSS.escape(id)}"]`)
        ?.scrollIntoView({ block: 'nearest' });
    } catch (err) {
      toast(`Could not import ${file.name}: ${(err as Error).message}`);
    }
  }

  /**
   * An import of the same match as the file (same game, players, start and end) already listed
   * here, if any: a second import would only add a twin entry.
   */
  private alreadyListed(text: string): HistoryEntry | undefined {
    let file: { game?: unknown; startedAt?: unknown; finishedAt?: unknown; seats?: unknown };
    try {
      file = JSON.parse(text) as typeof file;
    } catch {
      return undefined; // the server says what is wrong with it
    }
    if (!file || typeof file !== 'object' || typeof file.startedAt !== 'number') return undefined;
    const names = Array.isArray(file.seats)
      ? file.seats.map((x) => String((x as { name?: unknown })?.name ?? '')).join('\n')
      : '';
    return this.data
      .get(HERE)
      ?.entries.find(
        (e) =>
          e.imported &&
          canonicalGameId(e.game) === canonicalGameId(String(file.game)) &&
          e.startedAt === file.startedAt &&
          e.finishedAt === file.finishedAt &&
          e.players.map((p) => p.name).join('\n') === names,
      );
  }

  private async loadFile(): Promise<void> {
    const file = this.savedFile.files?.[0];
    this.savedFile.value = '';
    if (!file) return;
    // The dialog's code is fetched the first time a file is chosen (the lobby's first screen has no use for it).
    const [{ openLoadDialog, readSavedGame }, text] = await Promise.all([
      import('./LoadDialog'),
      file.text(),
    ]);
    const saved = readSavedGame(text);
    if (typeof saved === 'string') {
      toast(`Could not load ${file.name}: ${saved}`);
      return;
    }
    openLoadDialog(saved, this.o.gameTitle(saved.game), this.o.playerName(), (r) => this.o.load(r));
  }

  private firstIndex(id: string): number {
    return this.data.get(HERE)?.entries.findIndex((e) => e.id === id) ?? -1;
  }

  private render(): void {
    const blocks = this.servers.flatMap((s) => {
      const key = this.key(s);
      const hist = this.data.get(key);
      // Peers appear once they have something to show; this server always does.
      if (!s.self && (!hist || hist.entries.length === 0)) return [];
      return [this.serverBlock(s, key, hist?.entries ?? [], hist?.loaded ?? false, hist?.failed ?? false)];
    });
    if (blocks.length === 0) {
      replace(this.list, h('div', { class: 'empty-state', text: 'Looking for servers…' }));
      return;
    }
    patchChildren(this.list, ...blocks);
  }

  private serverBlock(
    s: ServerListing,
    key: string,
    entries: HistoryEntry[],
    loaded: boolean,
    failed: boolean,
  ): HTMLElement {
    const open = this.expanded.has(key);
    const shown = open ? entries : entries.slice(0, FIRST_ROWS);
    const more = entries.length - shown.length;
    return h(
      'div',
      { class: 'server', testid: s.self ? 'history-self' : `history-server-${s.id}` },
      this.servers.length > 1
        ? h(
            'div',
            { class: 'server-head' },
            h('span', { class: 'server-name', text: s.name }),
            s.self
              ? h('span', { class: 'badge gold', text: 'This server' })
              : h('span', { class: 'badge teal', text: 'On the network' }),
          )
        : null,
      entries.length === 0
        ? holding(
            { class: 'empty-state', testid: 'history-empty' },
            failed
              ? 'The finished matches could not be fetched yet: asking again shortly…'
              : loaded
                ? NO_MATCHES
                : 'Loading…',
            // While loading, the room the likeliest answer takes: nothing below moves when it comes.
            NO_MATCHES,
          )
        : h('div', { class: 'history-rows' }, ...shown.map((e) => this.row(e, key))),
      more > 0 || (open && entries.length > FIRST_ROWS)
        ? button(open ? 'Show fewer' : `Show all ${entries.length}`, () => this.toggle(key), {
            small: true,
            kind: 'ghost',
            testid: 'history-more',
          })
        : null,
    );
  }

  private toggle(key: string): void {
    if (this.expanded.has(key)) this.expanded.delete(key);
    else this.expanded.add(key);
    this.render();
  }

  private row(e: HistoryEntry, server: string): HTMLElement {
    const replay = button('Replay', () => this.o.replay(server, e.id), {
      small: true,
      kind: 'primary',
      testid: `replay-${e.id}`,
      title: 'Watch this match again, move by move',
    });
    const download = h('a', {
      class: 'btn small icon',
      testid: `export-${e.id}`,
      title: 'Export: download this match as a file (JSON)',
      attrs: {
        href: exportUrl(server, e.id),
        download: `parlor-${e.game}-${e.id}.json`,
        'aria-label': 'Export this match',
      },
    });
    download.append(replayIcon('download'));
    return h(
      'div',
      { class: `table-row history-row${e.id === this.fresh ? ' fresh' : ''}`, testid: `history-${e.id}` },
      h('div', { class: 't-name', text: players(e) }),
      h('div', { class: 't-actions' }, replay, download),
      h('div', { class: 'h-result', testid: 'history-result', text: e.result }),
      h(
        'div',
        { class: 't-meta' },
        h('span', { class: 'badge gold', text: this.o.gameTitle(e.game) }),
        e.imported ? h('span', { class: 'badge teal', text: 'Imported' }) : null,
        h('span', { text: formatDate(e.finishedAt) }),
        h('span', { text: `${formatDuration(e.durationMs)} · ${e.actions} moves` }),
      ),
    );
  }
}

function players(e: HistoryEntry): string {
  return e.players.map((p) => (p.bot ? `${p.name} (AI)` : p.name)).join(' vs ');
}

/** A hidden file input for a match file (`<testid>-file`) and the button that opens it (`testid`). */
function matchFilePicker(
  label: string,
  title: string,
  testid: string,
  onChange: () => void,
): { input: HTMLInputElement; button: HTMLButtonElement } {
  const input = h('input', {
    testid: `${testid}-file`,
    attrs: { type: 'file', accept: '.json,application/json', hidden: '' },
  });
  input.addEventListener('change', onChange);
  const opener = button(label, () => input.click(), { small: true, testid, title });
  opener.prepend(replayIcon('upload', 16));
  return { input, button: opener };
}
