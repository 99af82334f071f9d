/**
 * The table screen (`#/screen/<roomId>`): a spectator connection drawn for a TV or projector. The
 * game's own scene shows the board (in spectator mode, enlarged), and a frame in large type says
 * the rest: the table, whose turn and its countdown, every seat with its public figures (the game's
 * `party.figures`), the last few events, and a QR code to join. It stays with the table through
 * rematches, and moves on to the next table its people open: the room tells its spectators of one
 * (private or not; ServerMsg.nextTable), and a public one shows in the listing (see `nextTable`). It never sends
 * anything: a screen is an audience member who does not touch.
 */
import QRCode from 'qrcode';
import type Phaser from 'phaser';
import { switchScene } from '../app/game';
import { setDebug } from '../app/debug';
import { APP_NAME } from '../app/title';
import type { GameSceneData } from '../games/sceneData';
import type { ClientGame } from '../games/types';
import { LobbyData } from '../lobby/LobbyData';
import { shareBaseUrl } from '../net/api';
import type { TableConnection, TableSnapshot } from '../net/TableConnection';
import { tableLink } from '../table/ShareDialog';
import { h, replace, setText } from '../ui/dom';
import type { BoardZoom } from './types';
import { andList, countdownText, nextTable, recentEvents, seatNames, turnLine } from './screenModel';

export interface ScreenViewOptions {
  conn: TableConnection;
  game: ClientGame;
  phaser: Phaser.Game;
  /** Another table took over from this one (its people opened it): show that one. */
  onNext(roomId: string): void;
  /** The table is gone and nothing followed it: back to the list of tables. */
  onGone(): void;
}

/** How the board is enlarged, unless the game says (PartyPieces.board): a scene laid out for about this height is scaled up to fill its box. */
const BOARD_ZOOM: BoardZoom = { height: 560, minWidth: 720, maxZoom: 1.7 };
/** With the table gone, this long to wait for a next one before going back to the list. */
const GONE_WAIT_MS = 90_000;

export class ScreenView {
  readonly el: HTMLElement;
  private gameName = h('div', { class: 'sh-game', testid: 'screen-game' });
  private tableName = h('div', { class: 'sh-table', testid: 'screen-table' });
  private turn = h('div', { class: 'sh-turn', testid: 'screen-turn' });
  private clock = h('div', { class: 'sh-clock', testid: 'screen-countdown' });
  private tableLine = h('div', { class: 'screen-tableline', testid: 'screen-tableline' });
  private players = h('div', { class: 'screen-players', testid: 'screen-players' });
  private events = h('div', { class: 'screen-events', testid: 'screen-events' });
  private qr = h('img', { class: 'screen-qr', testid: 'screen-qr', attrs: { alt: 'QR code to join' } });
  private code = h('div', { class: 'sj-code', testid: 'screen-code' });
  private joinWords = h('div', { class: 'sj-words', text: 'Scan to join' });
  private banner = h('div', { class: 'screen-banner', testid: 'screen-banner' });
  private board: HTMLElement;
  private overlay = h('div', { class: 'screen-scene-overlay' });
  private actions = h('div', { class: 'screen-scene-actions', attrs: { 'aria-hidden': 'true' } });
  private lobby = new LobbyData();
  private listedBefore = new Set<string>();
  private people: string[] = [];
  /** A next table one of this table's people opened (the room told its spectators: any table, private too). */
  private told = '';
  private qrFor = '';
  private timer = 0;
  private goneTimer = 0;
  private gone = false;
  private unsubs: (() => void)[] = [];
  private resize: ResizeObserver | null = null;
  private zoom = 1;
  private restoreMeasure: () => void;

  constructor(private readonly o: ScreenViewOptions) {
    const { conn, game } = o;
    this.board = h('div', { class: 'screen-board', testid: 'screen-board' }, this.overlay, this.banner);
    this.el = h(
      'div',
      { class: 'screen', testid: 'screen' },
      h(
        'header',
        { class: 'screen-head' },
        h('div', { class: 'sh-names' }, this.gameName, this.tableName),
        this.turn,
        this.clock,
      ),
      this.board,
      h(
        'aside',
        { class: 'screen-side' },
        this.tableLine,
        this.players,
        h(
          'div',
          { class: 'screen-join', testid: 'screen-join' },
          this.qr,
          h('div', { class: 'sj-text' }, this.joinWords, this.code),
        ),
      ),
      this.events,
      this.actions,
    );
    setText(this.gameName, game.title);
    document.body.classList.remove('mode-lobby', 'mode-table');
    document.body.classList.add('mode-screen');
    (document.getElementById('ui') as HTMLElement).replaceChildren(this.el);

    this.unsubs.push(
      conn.on('change', (s) => this.render(s)),
      conn.on('closed', ({ reason }) => {
        if (reason !== 'left') this.tableGone();
      }),
      this.lobby.on((m) => this.listing(m.self?.tables ?? [])),
      conn.on('nextTable', ({ roomId }) => {
        if (roomId === conn.roomId) return;
        this.told = roomId;
        this.followTold();
      }),
    );
    this.lobby.start();
    this.restoreMeasure = this.unscaledMeasure();
    const data: GameSceneData = { conn, dom: { actions: this.actions, overlay: this.overlay }, screen: true };
    switchScene(o.phaser, game.sceneKey, data);
    this.resize = new ResizeObserver(() => {
      this.fitStage();
      this.fitPlayers();
    });
    this.resize.observe(this.board);
    this.fitStage();
    this.timer = window.setInterval(() => this.tick(), 250);
    setDebug('screen', {
      snapshot: () => conn.snapshot(),
      decoded: () => (conn as { decoded?: () => unknown }).decoded?.(),
      roomId: conn.roomId,
    });
    const s = conn.snapshot();
    if (s) this.render(s);
  }

  /**
   * The scene is laid out for a smaller stage and scaled up into the board's box, so a TV shows it
   * in large type (the screen takes no input, so the scaled canvas needs no pointer mapping).
   * Phaser measures its parent with getBoundingClientRect, which includes the scaling: while the
   * screen shows, the stage's measure is taken back to its unscaled size (restored on destroy).
   */
  private fitStage(): void {
    const stage = document.getElementById('stage');
    if (!stage) return;
    const r = this.board.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return;
    const z = this.o.game.party?.board ?? BOARD_ZOOM;
    const zoom = Math.max(1, Math.min(z.maxZoom, r.height / z.height, r.width / z.minWidth));
    this.zoom = zoom;
    Object.assign(stage.style, {
      position: 'absolute',
      left: `${r.left}px`,
      top: `${r.top}px`,
      width: `${r.width / zoom}px`,
      height: `${r.height / zoom}px`,
      transform: `scale(${zoom})`,
      transformOrigin: '0 0',
    });
    stage.dataset.zoom = zoom.toFixed(2);
    // The scene's DOM (panels, prompts) is laid out over the canvas: scaled the same way.
    Object.assign(this.overlay.style, {
      inset: 'auto',
      left: '0',
      top: '0',
      width: `${r.width / zoom}px`,
      height: `${r.height / zoom}px`,
      transform: `scale(${zoom})`,
      transformOrigin: '0 0',
    });
    this.o.phaser.scale.refresh();
  }

  /** Phaser's measure of the stage, without the screen's scaling (see fitStage). */
  private unscaledMeasure(): () => void {
    const scale = this.o.phaser.scale as unknown as {
      parent: HTMLElement | null;
      parentSize: { width: number; height: number; setSize(w: number, h: number): void };
      getParentBounds(): boolean;
    };
    const original = scale.getParentBounds;
    scale.getParentBounds = () => {
      if (!scale.parent) return false;
      const r = scale.parent.getBoundingClientRect();
      const w = r.width / this.zoom;
      const h = r.height / this.zoom;
      if (Math.abs(scale.parentSize.width - w) < 0.5 && Math.abs(scale.parentSize.height - h) < 0.5)
        return false;
      scale.parentSize.setSize(w, h);
      return true;
    };
    return () => {
      scale.getParentBounds = original;
    };
  }

  private render(s: TableSnapshot): void {
    if (this.gone) return;
    setText(this.tableName, s.tableName || 'Table');
    const pub = s.view?.public;
    const together = pub != null ? (this.o.game.party?.together?.(pub) ?? '') : '';
    const line = turnLine(s, together);
    setText(this.turn, line);
    this.turn.classList.toggle('quiet', s.status !== 'playing');
    this.renderPlayers(s);
    this.renderBanner(s);
    this.renderJoin(s);
    this.tick();
    const people = s.seats.filter((x) => x.occupied && !x.bot && x.name).map((x) => x.name);
    if (people.length) this.people = people;
    document.title = [line || 'Table screen', this.o.game.title, APP_NAME].join(' · ');
    document.body.dataset.tableStatus = s.status;
    this.followTold();
  }

  /** Once the match is over (or the table gone), the next table this one was told of. */
  private followTold(): void {
    const over = this.gone || this.o.conn.snapshot()?.status === 'finished';
    if (!this.told || !over) return;
    const next = this.told;
    this.told = '';
    this.o.onNext(next);
  }

  private renderPlayers(s: TableSnapshot): void {
    const pub = s.view?.public;
    const party = this.o.game.party;
    const names = seatNames(s);
    replace(
      this.players,
      ...s.seats.map((seat, i) => {
        const due = s.status === 'playing' && s.toAct.includes(i);
        const figures = pub != null && party ? party.figures(pub, i) : [];
        const out = pub != null && party?.out ? party.out(pub, i) : false;
        const winner = s.status === 'finished' && (s.result?.winners ?? []).includes(i);
        const cls = ['sp-row', due ? 'due' : '', out ? 'out' : '', winner ? 'winner' : '']
          .filter(Boolean)
          .join(' ');
        return h(
          'div',
          { class: cls, testid: `screen-seat-${i}`, attrs: { 'data-seat': String(i) } },
          h(
            'div',
            { class: 'sp-head' },
            h('span', { class: 'sp-name', text: seat.occupied ? names[i] : `${names[i]} (free)` }),
            seat.bot || seat.botControlled ? h('span', { class: 'sp-tag', text: 'AI' }) : null,
            winner ? h('span', { class: 'sp-tag gold', text: 'Winner' }) : null,
            !seat.connected && seat.occupied && !seat.bot
              ? h('span', { class: 'sp-tag', text: 'away' })
              : null,
          ),
          figures.length
            ? h('div', { class: 'sp-figs' }, ...figures.map((f) => h('span', { class: 'sp-fig', text: f })))
            : null,
        );
      }),
    );
    const line = pub != null && party?.tableLine ? party.tableLine(pub) : '';
    setText(this.tableLine, line);
    this.tableLine.style.display = line ? '' : 'none';
    this.fitPlayers();
  }

  /**
   * The largest size at which every seat's row fits the column (type never below 28 px). When even
   * the smallest does not (five seats on a 1280x720 TV), the column makes room around the rows: a
   * smaller join code picture first, then the table line on one line.
   */
  private fitPlayers(): void {
    const sizes = ['size-l', 'size-m', 'size-s', 'size-xs'];
    const squeezes = ['squeeze-1', 'squeeze-2'];
    const side = this.players.parentElement;
    side?.classList.remove(...squeezes);
    const fits = () => this.players.scrollHeight <= this.players.clientHeight + 1;
    for (const size of sizes) {
      this.players.classList.remove(...sizes);
      this.players.classList.add(size);
      if (fits()) return;
    }
    for (const squeeze of squeezes) {
      side?.classList.remove(...squeezes);
      side?.classList.add(squeeze);
      if (fits()) return;
    }
  }

  private renderBanner(s: TableSnapshot): void {
    if (s.status === 'finished') {
      const names = seatNames(s);
      const winners = s.result?.winners ?? [];
      const headline =
        winners.length === 0
          ? 'A draw'
          : winners.length === 1
            ? `${names[winners[0]!]} wins!`
            : `${andList(winners.map((w) => names[w]!))} share the win!`;
      replace(
        this.banner,
        h(
          'div',
          { class: 'sb-card', testid: 'screen-result' },
          h('div', { class: 'sb-title', text: headline }),
          s.result?.summary ? h('div', { class: 'sb-text', text: s.result.summary }) : null,
          h('div', { class: 'sb-small', text: 'A rematch shows here by itself.' }),
        ),
      );
    } else if (s.status === 'waiting') {
      const free = s.seats.filter((x) => !x.occupied).length;
      replace(
        this.banner,
        h(
          'div',
          { class: 'sb-card', testid: 'screen-waiting' },
          h('div', { class: 'sb-title', text: free ? 'Take a seat!' : 'Everyone is seated' }),
          h('div', {
            class: 'sb-text',
            text: free
              ? `${free} free seat${free === 1 ? '' : 's'}: scan the code with your phone, or join with code ${s.code}.`
              : 'The match starts when the host says so.',
          }),
        ),
      );
    } else this.banner.replaceChildren();
    this.banner.style.display = this.banner.childElementCount ? '' : 'none';
  }

  private renderJoin(s: TableSnapshot): void {
    setText(this.code, s.code);
    setText(this.joinWords, s.status === 'waiting' ? 'Scan to take a seat' : 'Scan to watch or join');
    const key = `${this.o.conn.roomId}|${s.code}|${s.isPrivate}`;
    if (key === this.qrFor) return;
    this.qrFor = key;
    void shareBaseUrl()
      .then((base) =>
        QRCode.toDataURL(tableLink(base, this.o.conn.roomId, s.code, s.isPrivate), {
          margin: 1,
          width: 360,
          color: { dark: '#15171b', light: '#ffffff' },
        }),
      )
      .then((url) => (this.qr.src = url))
      .catch(() => undefined);
  }

  /** Every quarter second: the countdown, and the events fading as they age. */
  private tick(): void {
    const s = this.o.conn.snapshot();
    if (!s || this.gone) return;
    const left = s.status === 'playing' ? countdownText(s.deadline, Date.now()) : '';
    setText(this.clock, left);
    this.clock.style.visibility = left ? '' : 'hidden';
    this.clock.classList.toggle('low', left !== '' && !left.includes(':') && Number(left) <= 5);
    const shown = recentEvents(s.log, Date.now());
    const keys = shown.map((e) => e.key).join('\n');
    if (this.events.dataset.keys !== keys) {
      this.events.dataset.keys = keys;
      replace(
        this.events,
        ...shown.map((e, i) => h('div', { class: `se-line${i === 0 ? ' fresh' : ''}`, text: e.text })),
      );
    }
    shown.forEach((e, i) => {
      const el = this.events.children[i] as HTMLElement | undefined;
      if (el) el.style.opacity = String(e.opacity);
    });
  }

  /** The lobby's listing: remembered while the match goes on; once it is over, a next table. */
  private listing(tables: { roomId: string; game: string; host: string; status: string }[]): void {
    const s = this.o.conn.snapshot();
    const over = this.gone || s?.status === 'finished';
    if (!over) {
      for (const t of tables) this.listedBefore.add(t.roomId);
      return;
    }
    const next = nextTable(
      { roomId: this.o.conn.roomId, game: s?.game ?? this.o.game.id, people: this.people },
      this.listedBefore,
      tables,
    );
    if (next) this.o.onNext(next.roomId);
  }

  private tableGone(): void {
    if (this.gone) return;
    this.gone = true;
    setText(this.turn, 'The table has closed');
    setText(this.clock, '');
    replace(
      this.banner,
      h(
        'div',
        { class: 'sb-card', testid: 'screen-gone' },
        h('div', { class: 'sb-title', text: 'This table has closed' }),
        h('div', { class: 'sb-text', text: 'A new table by its players shows here by itself.' }),
      ),
    );
    this.banner.style.display = '';
    this.followTold();
    this.listing(this.lobby.current.self?.tables ?? []);
    this.goneTimer = window.setTimeout(() => this.o.onGone(), GONE_WAIT_MS);
  }

  destroy(): void {
    for (const u of this.unsubs) u();
    this.unsubs = [];
    this.o.conn.leave();
    this.lobby.stop();
    this.resize?.disconnect();
    window.clearInterval(this.timer);
    window.clearTimeout(this.goneTimer);
    this.restoreMeasure();
    const stage = document.getElementById('stage');
    if (stage) {
      stage.removeAttribute('style');
      delete stage.dataset.zoom;
    }
    document.body.classList.remove('mode-screen');
    delete document.body.dataset.tableStatus;
    setDebug('screen', undefined);
    this.el.remove();
  }
}
