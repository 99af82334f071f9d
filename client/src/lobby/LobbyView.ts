/**
 * The lobby (DOM over the LobbyScene backdrop): your name, the games, every server on the network
 * with its tables (Join / Watch / Invite) and its finished matches (Replay / Export / Import), join
 * by code, and a box to type a server address.
 */
import { canonicalGameId } from '@parlor/shared/games/ids';
import { Limits } from '@parlor/shared/core/protocol';
import type { GameInfo, ServerListing, TableListing } from '../net/api';
import type { RetryProgress } from '../net/client';
import { prefetchStage } from '../app/game';
import { prefetchTable } from '../app/loadTable';
import { hotSeatGameIds, knownGames, loadGame } from '../games';
import { openCredits } from '../ui/credits';
import { button, h, replace } from '../ui/dom';
import { patchChildren } from '../ui/keyed';
import { createButtonName } from './names';
import { icon } from '../ui/icons';
import { prefs } from '../ui/storage';
import { toast } from '../ui/toast';
import type { CreateRequest } from './CreateDialog';
import { HistoryPanel } from './HistoryPanel';
import { holding } from './holding';
import type { LoadRequest } from './LoadDialog';
import { LobbyData, type LobbyModel } from './LobbyData';

export interface LobbyActions {
  create(r: CreateRequest): Promise<void>;
  join(roomId: string, spectator: boolean): void;
  joinCode(code: string): void;
  /** Open a new table carrying on a saved game. */
  load(r: LoadRequest): Promise<void>;
  /** Open the replay of a finished match (`server`: `here` or a peer's URL). */
  replay(server: string, id: string): void;
  /** Set up a game for several people on this screen (hot seat, no server table). */
  hotSeat(game: string): void;
  /** Party mode: this browser becomes the room's table screen (a TV). */
  screen(): void;
}

/** "Loading games…", then, once the server is slow, which attempt this is: never a dead end. */
function waitingText(what: string, p: RetryProgress | null): string {
  if (!p || p.attempt <= 1) return `${what}…`;
  return `${what}… the server is slow to answer (${p.lastError || 'no answer yet'}); trying again (attempt ${p.attempt}).`;
}

const NO_TABLES_HERE = 'No tables yet — create one below, then invite people with its link or QR code.';

const STATUS_LABEL = { waiting: 'Waiting', playing: 'Playing', finished: 'Finished' } as const;

export class LobbyView {
  readonly el: HTMLElement;
  private data = new LobbyData();
  private nameInput: HTMLInputElement;
  private games = h('div', { class: 'games-list', testid: 'games-list' });
  private servers = h('div', { class: 'servers', testid: 'server-list' });
  private status = h('span', { class: 'conn-pill', testid: 'lobby-conn' });
  private history: HistoryPanel;
  /** Per server, its finished tables: when one more finishes, its history is fetched again. */
  private finishedSeen = new Map<string, string>();

  constructor(private readonly actions: LobbyActions) {
    this.nameInput = h('input', {
      class: 'input',
      testid: 'name-input',
      attrs: {
        maxlength: String(Limits.nameLength),
        placeholder: 'Your name',
        'aria-label': 'Your name',
        value: prefs.name,
      },
    });
    this.nameInput.addEventListener('change', () => (prefs.name = this.nameInput.value));
    this.history = new HistoryPanel({
      replay: (server, id) => actions.replay(server, id),
      // The client's own names until the server's list comes (a busy server can list its history first).
      gameTitle: (id) =>
        [...this.data.current.games, ...knownGames].find((g) => g.id === canonicalGameId(id))?.title ?? id,
      playerName: () => this.playerName(),
      load: (r) => actions.load(r),
    });
    const code = h('input', {
      class: 'input code-chip',
      testid: 'code-input',
      attrs: {
        maxlength: String(Limits.joinCodeLength + 2),
        placeholder: 'CODE',
        autocapitalize: 'characters',
        'aria-label': 'Join code',
      },
    });
    const address = h('input', {
      class: 'input',
      testid: 'address-input',
      attrs: { placeholder: '192.168.1.20:2567', inputmode: 'url', 'aria-label': 'Server address' },
    });
    this.el = h(
      'div',
      { class: 'lobby', testid: 'lobby' },
      h(
        'div',
        { class: 'lobby-head' },
        h('div', { class: 'brand', text: 'PARLOR' }),
        this.status,
        h('div', { class: 'name-field' }, this.nameInput),
      ),
      h(
        'div',
        { class: 'lobby-grid' },
        h(
          'div',
          // Where "Skip to content" goes (ui/skipLink.ts): the tables, then the games.
          { class: 'lobby-main', attrs: { 'data-skip': '' } },
          // Each panel a landmark named by its heading.
          h(
            'section',
            { class: 'panel', attrs: { 'aria-labelledby': 'lobby-tables-h' } },
            h('h2', { text: 'Tables on the network', attrs: { id: 'lobby-tables-h' } }),
            this.servers,
          ),
          h(
            'section',
            { class: 'panel', attrs: { 'aria-labelledby': 'lobby-games-h' } },
            h('h2', { text: 'Start a new table', attrs: { id: 'lobby-games-h' } }),
            this.games,
          ),
          this.history.el,
        ),
        h(
          'div',
          { class: 'lobby-aside' },
          h(
            'form',
            {
              class: 'panel',
              attrs: { 'aria-labelledby': 'lobby-code-h' },
              on: { submit: (e) => (e.preventDefault(), this.submitCode(code.value)) },
            },
            h('h2', { text: 'Join with a code', attrs: { id: 'lobby-code-h' } }),
            h(
              'div',
              { class: 'row' },
              code,
              h('button', {
                class: 'btn primary',
                testid: 'code-join',
                text: 'Join',
                attrs: { type: 'submit' },
              }),
            ),
          ),
          h(
            'form',
            {
              class: 'panel',
              attrs: { 'aria-labelledby': 'lobby-address-h' },
              on: { submit: (e) => (e.preventDefault(), this.goToAddress(address.value)) },
            },
            h('h2', { text: 'Go to a server', attrs: { id: 'lobby-address-h' } }),
            h('p', { class: 'help', text: 'Not listed? Type the address shown by its host.' }),
            h(
              'div',
              { class: 'row' },
              address,
              h('button', { class: 'btn', testid: 'address-go', text: 'Go', attrs: { type: 'submit' } }),
            ),
          ),
          h(
            'section',
            { class: 'panel' },
            h('h2', { text: 'Show on a TV' }),
            h('p', {
              class: 'help',
              text: 'Open this page on the TV or projector: it shows a table for the whole room, and everyone plays from their phone.',
            }),
            button('Show on a TV', () => this.actions.screen(), { testid: 'lobby-screen' }),
          ),
          button('Credits', openCredits, { kind: 'ghost', small: true, testid: 'credits-button' }),
        ),
      ),
    );
    this.data.on((m) => this.render(m));
    this.render(this.data.current);
    this.data.start();
  }

  destroy(): void {
    this.data.stop();
    this.history.destroy();
    this.el.remove();
  }

  /** The name to play under: what is typed, else a remembered or generated guest name. */
  playerName(): string {
    let name = this.nameInput.value.trim();
    if (!name) {
      name = `Guest ${Math.floor(100 + Math.random() * 900)}`;
      this.nameInput.value = name;
    }
    prefs.name = name;
    return name;
  }

  private submitCode(raw: string): void {
    const code = raw.trim().toUpperCase().replace(/^#/, '');
    if (!code) return;
    this.playerName();
    this.actions.joinCode(code);
  }

  private goToAddress(raw: string): void {
    let addr = raw.trim();
    if (!addr) return;
    if (!/^https?:\/\//i.test(addr)) addr = `http://${addr}`;
    try {
      const url = new URL(addr);
      location.href = `${url.origin}/#/`;
    } catch {
      toast('That does not look like an address (try 192.168.1.20:2567)');
    }
  }

  private render(m: LobbyModel): void {
    this.status.className = `conn-pill ${m.conn}`;
    this.status.replaceChildren(
      h('span', { class: 'dot' }),
      h('span', {
        class: 'label',
        text:
          m.conn === 'connected'
            ? 'Live'
            : m.conn === 'offline'
              ? 'Server unreachable: retrying…'
              : 'Connecting…',
      }),
    );
    this.status.dataset.state = m.conn;
    this.renderGames(m);
    this.renderServers(m);
    this.renderHistory(m);
  }

  private renderHistory(m: LobbyModel): void {
    const servers = [m.self, ...m.peers].filter((s): s is ServerListing => s !== null);
    this.history.setServers(servers);
    for (const s of servers) {
      const finished = (s.tables ?? [])
        .filter((t) => t.status === 'finished')
        .map((t) => t.roomId)
        .join();
      const before = this.finishedSeen.get(s.url);
      this.finishedSeen.set(s.url, finished);
      if (before !== undefined && before !== finished && finished) this.history.refresh(s);
    }
  }

  /**
   * The games' cards show at once, from the client's own list (names, lines, seats); the server's
   * list replaces it when it comes (the same cards, unless the server runs other games). A slow or
   * refusing server is said over the cards, never by pushing them down.
   */
  private renderGames(m: LobbyModel): void {
    const p = m.gamesProgress;
    const notice =
      m.games.length > 0 || !p || p.attempt === 1
        ? null
        : p.attempt === 0
          ? `The server refused the game list (${p.lastError}). Reload the page to try again.`
          : waitingText('Loading games', p);
    const cards = m.games.length > 0 ? m.games : knownGames;
    const key = cards.map((g) => g.id).join();
    if (this.games.dataset.key !== key) {
      this.games.dataset.key = key;
      replace(this.games, ...cards.map((g) => this.gameCard(g)));
    }
    let shown = this.games.querySelector<HTMLElement>('[data-testid="games-progress"]');
    if (!notice) shown?.remove();
    else if (shown) shown.textContent = notice;
    else {
      shown = h('div', {
        class: 'games-notice',
        testid: 'games-progress',
        text: notice,
        attrs: { role: 'status' },
      });
      this.games.append(shown);
    }
  }

  private gameCard(g: {
    id: string;
    title: string;
    tagline: string;
    seats: { min: number; max: number };
  }): HTMLElement {
    const create = button(
      'Create table',
      () => {
        // The game's code is needed for its option defaults and soon for its table: fetch it
        // now (a moment on a LAN); the dialog opens without the defaults if it cannot come. The
        // dialog waits for the server's game list (its fields), if it has not come yet.
        prefetchStage();
        prefetchTable();
        create.setAttribute('aria-busy', 'true');
        void Promise.all([this.data.catalog, import('./CreateDialog'), loadGame(g.id).catch(() => undefined)])
          .then(([games, { openCreateDialog }]) => {
            const info = games.find((x: GameInfo) => x.id === g.id);
            if (info) openCreateDialog(info, this.playerName(), (r) => this.actions.create(r));
            else toast(`This server does not run ${g.title}.`);
          })
          .catch(() => toast('The server has not sent its game list: reload the page to try again.'))
          .finally(() => create.removeAttribute('aria-busy'));
      },
      {
        kind: 'primary',
        testid: `create-${g.id}`,
        // Five buttons read alike by text: the name says which game (and keeps the visible words).
        attrs: { 'aria-label': createButtonName(g.title) },
      },
    );
    return h(
      'div',
      { class: 'game-card', testid: `game-${g.id}` },
      h('div', { class: 'title', text: g.title }),
      h('div', { class: 'tagline', text: g.tagline }),
      h('div', {
        class: 'help',
        text:
          g.seats.min === g.seats.max ? `${g.seats.min} players` : `${g.seats.min}–${g.seats.max} players`,
      }),
      create,
      hotSeatGameIds.includes(g.id)
        ? button('Play on this screen', () => this.actions.hotSeat(g.id), {
            kind: 'ghost',
            testid: `hotseat-${g.id}`,
            title: 'Hot seat: several people take turns on this device (no table, no network)',
          })
        : null,
    );
  }

  private renderServers(m: LobbyModel): void {
    const servers = [m.self, ...m.peers].filter((s): s is ServerListing => s !== null);
    if (servers.length === 0) {
      // This server's block, as it will most likely look (no tables yet), holds its place.
      replace(
        this.servers,
        h(
          'div',
          { class: 'server', testid: 'server-pending' },
          h(
            'div',
            { class: 'server-head' },
            h('span', { class: 'server-name', text: 'This server' }),
            h('span', { class: 'badge gold', text: 'This server' }),
            h('span', { class: 'server-url grow', text: location.origin }),
          ),
          holding(
            { class: 'empty-state', testid: 'servers-progress' },
            waitingText('Looking for tables', m.serversProgress),
            NO_TABLES_HERE,
          ),
        ),
      );
      return;
    }
    // Kept rows and buttons: a listing patch (a table opening elsewhere) must not eat a press on Join.
    patchChildren(this.servers, ...servers.map((s) => this.serverBlock(s, m)));
  }

  private serverBlock(s: ServerListing, m: LobbyModel): HTMLElement {
    const isSelf = s.self === true;
    const tables = s.tables ?? [];
    return h(
      'div',
      { class: 'server', testid: isSelf ? 'server-self' : `server-${s.id}` },
      h(
        'div',
        { class: 'server-head' },
        h('span', { class: 'server-name', text: s.name }),
        isSelf
          ? h('span', { class: 'badge gold', text: 'This server' })
          : h('span', { class: 'badge teal', text: 'On the network' }),
        h('span', { class: 'server-url grow', text: s.url }),
      ),
      tables.length === 0
        ? h('div', {
            class: 'empty-state',
            testid: isSelf ? 'no-tables' : undefined,
            text: isSelf ? NO_TABLES_HERE : 'No open tables on this server.',
          })
        : h(
            'div',
            { class: 'row wrap', style: { flexDirection: 'column', alignItems: 'stretch' } },
            ...tables.map((t) => this.tableRow(t, s, m)),
          ),
    );
  }

  private tableRow(t: TableListing, server: ServerListing, m: LobbyModel): HTMLElement {
    const isSelf = server.self === true;
    const game = m.games.find((g) => g.id === canonicalGameId(t.game));
    const full = t.seatsTaken >= t.seatsTotal;
    const mine = isSelf && !!prefs.seatToken(t.roomId);
    const canJoin = mine || (t.status === 'waiting' && !full);
    const open = (spectator: boolean): void => {
      this.playerName();
      if (isSelf) void loadGame(t.game).catch(() => undefined); // its code comes during the join
      if (isSelf) prefetchTable();
      if (isSelf) this.actions.join(t.roomId, spectator);
      else location.href = `${server.url.replace(/\/+$/, '')}/#/${spectator ? 'watch' : 'table'}/${t.roomId}`;
    };
    const share = button(
      '',
      () =>
        // The dialog and its QR code are fetched on the first invite.
        void import('../table/ShareDialog').then(({ openShareDialog }) =>
          openShareDialog({
            roomId: t.roomId,
            code: t.code,
            isPrivate: t.private,
            tableName: t.tableName,
            base: server.url.replace(/\/+$/, ''),
          }),
        ),
      {
        small: true,
        class: 'icon',
        testid: `share-${t.roomId}`,
        title: 'Invite: link and QR code',
      },
    );
    share.replaceChildren(icon('qr'));
    return h(
      'div',
      { class: 'table-row', testid: `table-${t.roomId}` },
      h('div', { class: 't-name', text: t.tableName || `${game?.title ?? t.game} table` }),
      h(
        'div',
        { class: 't-actions' },
        button(mine ? 'Rejoin' : 'Join', () => open(false), {
          kind: canJoin ? 'primary' : undefined,
          small: true,
          disabled: !canJoin,
          testid: `join-${t.roomId}`,
          title: canJoin ? 'Take a seat' : 'No free seat: you can watch',
        }),
        button('Watch', () => open(true), {
          small: true,
          testid: `watch-${t.roomId}`,
          title: 'Sit in the audience',
        }),
        share,
      ),
      h(
        'div',
        { class: 't-meta' },
        h('span', { class: 'badge gold', text: game?.title ?? t.game }),
        h('span', {
          class: `badge ${t.status === 'waiting' ? 'teal' : ''}`,
          text: STATUS_LABEL[t.status] ?? t.status,
        }),
        h('span', { text: `host ${t.host}` }),
        h('span', { text: `${t.seatsTaken}/${t.seatsTotal} seats` }),
        t.spectators > 0
          ? h('span', { class: 'row', style: { gap: '3px' } }, icon('eye', 14), String(t.spectators))
          : null,
        t.private ? h('span', { class: 'badge', title: 'Private table' }, icon('lock', 12), 'Private') : null,
      ),
    );
  }
}
