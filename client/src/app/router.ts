/**
 * Hash routes: `#/` lobby, `#/table/<roomId>` play (or rejoin with the stored seat token),
 * `#/watch/<roomId>` spectate, `#/code/<CODE>` look a code up then play,
 * `#/replay/<server>/<matchId>` replay a finished match (`here`, or a peer's URL, encoded),
 * `#/hotseat/tactical_risk` several people on this screen (no server).
 */
import type Phaser from 'phaser';
import { Limits } from '@parlor/shared/core/protocol';
import { tacticalRisk } from '@parlor/shared/games/tactical-risk';
import { gameById } from '../games';
import { tacticalRiskClient } from '../games/tactical-risk';
import { hotSeatDialog } from '../games/tactical-risk/hotseat';
import { tacticalRiskViewFromRules } from '../games/tactical-risk/localView';
import { LocalTable } from '../offline/LocalTable';
import { LobbyView } from '../lobby/LobbyView';
import type { CreateRequest } from '../lobby/CreateDialog';
import type { LoadRequest } from '../lobby/LoadDialog';
import { lookupCode } from '../net/api';
import { describeError, isTableFull } from '../net/client';
import { ColyseusTable } from '../net/ColyseusTable';
import { loadReplay } from '../replay/loadReplay';
import { ReplayView } from '../replay/ReplayView';
import { LobbyScene } from '../scenes/LobbyScene';
import { TableShell } from '../table/TableShell';
import { button, h } from '../ui/dom';
import { closeAllModals, openModal } from '../ui/modal';
import { prefs } from '../ui/storage';
import { toast } from '../ui/toast';
import { refreshScale, switchScene } from './game';
import { setDebug } from './debug';

export type Route =
  | { kind: 'lobby' }
  | { kind: 'table'; roomId: string; spectator: boolean }
  | { kind: 'code'; code: string }
  | { kind: 'replay'; server: string; id: string }
  | { kind: 'hotseat'; game: string };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  if ((parts[0] === 'table' || parts[0] === 'watch') && parts[1])
    return { kind: 'table', roomId: parts[1], spectator: parts[0] === 'watch' };
  if (parts[0] === 'code' && parts[1]) return { kind: 'code', code: parts[1].toUpperCase() };
  if (parts[0] === 'hotseat' && parts[1]) return { kind: 'hotseat', game: parts[1] };
  if (parts[0] === 'replay' && parts[1] && parts[2])
    return { kind: 'replay', server: parts[1], id: parts[2] };
  return { kind: 'lobby' };
}

/** A small dialog for the player's name (remembered for next time). */
function askName(): Promise<void> {
  return new Promise((resolve) => {
    const m = openModal('Your name', { testid: 'name-dialog', dismissable: false });
    const input = h('input', {
      class: 'input',
      testid: 'name-dialog-input',
      attrs: { maxlength: String(Limits.nameLength), placeholder: 'How others see you' },
    });
    const done = (): void => {
      prefs.name = input.value.trim() || `Guest ${Math.floor(100 + Math.random() * 900)}`;
      m.close();
      resolve();
    };
    m.body.append(
      h('form', { on: { submit: (e) => (e.preventDefault(), done()) } }, input),
      h('div', { class: 'actions' }, button('Continue', done, { kind: 'primary', testid: 'name-dialog-ok' })),
    );
    input.focus();
  });
}

export class Router {
  private lobby: LobbyView | null = null;
  private shell: TableShell | null = null;
  private replay: ReplayView | null = null;
  /** A table just created here: the hash change that follows adopts it instead of joining again. */
  private adopted: ColyseusTable | null = null;
  private seq = 0;

  constructor(private readonly phaser: Phaser.Game) {}

  start(): void {
    window.addEventListener('hashchange', () => void this.route());
    void this.route();
  }

  private ui(): HTMLElement {
    return document.getElementById('ui') as HTMLElement;
  }

  private teardown(): void {
    closeAllModals();
    this.lobby?.destroy();
    this.lobby = null;
    this.replay?.destroy();
    this.replay = null;
    if (this.shell) {
      const s = this.shell;
      this.shell = null;
      s.leave();
    }
  }

  private async route(): Promise<void> {
    const seq = ++this.seq;
    const r = parseRoute(location.hash);
    setDebug('route', r);
    if (r.kind === 'lobby') return this.showLobby();
    if (r.kind === 'replay') return this.showReplay(r.server, r.id, seq);
    if (r.kind === 'hotseat') return this.showHotSeat(r.game);
    if (!prefs.name) {
      // Arrived by a link or QR code: ask for a name once, then carry on.
      this.showBusy('');
      await askName();
      if (seq !== this.seq) return;
    }
    if (r.kind === 'code') {
      this.showBusy(`Looking up table ${r.code}…`);
      try {
        const found = await lookupCode(r.code);
        if (seq === this.seq) location.replace(`#/table/${found.roomId}`);
      } catch {
        if (seq === this.seq) this.fail(`No table with the code ${r.code}.`);
      }
      return;
    }
    const adopted = this.adopted;
    this.adopted = null;
    if (adopted && adopted.roomId === r.roomId) return this.showTable(adopted);
    this.showBusy(r.spectator ? 'Taking a seat in the audience…' : 'Joining the table…');
    try {
      const conn = await ColyseusTable.join({
        roomId: r.roomId,
        name: prefs.name || 'Guest',
        spectator: r.spectator,
      });
      if (seq !== this.seq) return conn.leave();
      this.showTable(conn);
    } catch (err) {
      if (seq !== this.seq) return;
      if (!r.spectator && isTableFull(err)) this.offerWatch(r.roomId);
      else this.fail(`Could not join: ${describeError(err)}`);
    }
  }

  private showLobby(): void {
    this.teardown();
    document.body.classList.remove('mode-table');
    document.body.classList.add('mode-lobby');
    switchScene(this.phaser, LobbyScene.KEY);
    refreshScale(this.phaser);
    this.lobby = new LobbyView({
      create: (req) => this.create(req),
      load: (req) => this.load(req),
      join: (roomId, spectator) => (location.hash = `#/${spectator ? 'watch' : 'table'}/${roomId}`),
      joinCode: (code) => (location.hash = `#/code/${code}`),
      replay: (server, id) =>
        (location.hash = `#/replay/${encodeURIComponent(server)}/${encodeURIComponent(id)}`),
    });
    this.ui().replaceChildren(this.lobby.el);
  }

  private async showReplay(server: string, id: string, seq: number): Promise<void> {
    this.showBusy('Loading the match…');
    try {
      const { model, game } = await loadReplay(server, id);
      if (seq !== this.seq) return;
      this.teardown();
      this.replay = new ReplayView({
        model,
        game,
        server,
        phaser: this.phaser,
        onLeave: () => {
          this.replay = null;
          location.hash = '#/';
        },
      });
    } catch (err) {
      if (seq === this.seq)
        this.fail(`Could not open the replay: ${describeError(err)}`, 'Cannot open the replay');
    }
  }

  /** Hot seat (Tactical Risk): a setup form, then a LocalTable played by everyone on this screen. */
  private showHotSeat(game: string): void {
    this.teardown();
    if (game !== tacticalRiskClient.id) return this.fail(`No hot-seat play for ${game}.`);
    document.body.classList.remove('mode-table');
    document.body.classList.add('mode-lobby');
    switchScene(this.phaser, LobbyScene.KEY);
    const delay = Number(new URLSearchParams(location.search).get('botDelay'));
    this.ui().replaceChildren(
      hotSeatDialog(
        (setup) => {
          const conn = new LocalTable({
            game: tacticalRisk,
            seats: setup.seats,
            options: setup.options,
            botDelayMs: delay > 0 ? Math.min(5000, delay) : 900,
            viewOf: (view, seat) =>
              tacticalRiskViewFromRules(
                view as Parameters<typeof tacticalRiskViewFromRules>[0],
                seat,
                setup.seats.map((x) => x.name),
              ),
          });
          this.shell = new TableShell({
            conn,
            game: tacticalRiskClient,
            phaser: this.phaser,
            onLeave: () => this.backToLobby(),
          });
        },
        () => (location.hash = '#/'),
      ),
    );
  }

  private create(req: CreateRequest): Promise<void> {
    const { game, tableName, options, vsBots, seats } = req;
    const table = { tableName, private: req.private, options, vsBots, seats };
    return this.openNew(game, table, 'Could not create the table');
  }

  /** A new table carrying on a saved game (the server replays the file first), hosted from `seat`. */
  private load(req: LoadRequest): Promise<void> {
    return this.openNew(req.file.game, { load: req.file, seat: req.seat }, 'Could not load the saved game');
  }

  /** Creates a table, sits at it as its host and shows it; a refusal is toasted and rethrown. */
  private async openNew(game: string, options: Record<string, unknown>, failure: string): Promise<void> {
    try {
      const conn = await ColyseusTable.create(game, options, prefs.name || 'Guest');
      this.adopted = conn;
      location.hash = `#/table/${conn.roomId}`;
    } catch (err) {
      toast(`${failure}: ${describeError(err)}`);
      throw err;
    }
  }

  private showTable(conn: ColyseusTable): void {
    this.teardown();
    const game = gameById(conn.snapshot()?.game ?? '') ?? gameById(conn.gameHint);
    if (!game) {
      conn.leave();
      this.fail('This server runs a game this page does not know. Reload the page.');
      return;
    }
    this.shell = new TableShell({ conn, game, phaser: this.phaser, onLeave: () => this.backToLobby() });
  }

  private backToLobby(): void {
    if (!this.shell) return; // torn down by a route change: that route shows the next screen
    this.shell = null;
    if (parseRoute(location.hash).kind === 'lobby') this.showLobby();
    else location.hash = '#/';
  }

  private showBusy(text: string): void {
    this.teardown();
    document.body.classList.remove('mode-table');
    document.body.classList.add('mode-lobby');
    switchScene(this.phaser, LobbyScene.KEY);
    this.ui().replaceChildren(
      h('div', { class: 'sheet start-sheet', testid: 'busy' }, h('div', { class: 'card' }, h('p', { text }))),
    );
  }

  private fail(text: string, title = 'Cannot open the table'): void {
    const m = openModal(title, { testid: 'route-error', dismissable: false });
    m.body.append(
      h('p', { text }),
      h(
        'div',
        { class: 'actions' },
        button('Back to the lobby', () => (m.close(), (location.hash = '#/')), {
          kind: 'primary',
          testid: 'route-error-ok',
        }),
      ),
    );
  }

  private offerWatch(roomId: string): void {
    const m = openModal('This table is full', { testid: 'table-full', dismissable: false });
    m.body.append(
      h('p', { text: 'Every seat is taken or the match has started. You can watch instead.' }),
      h(
        'div',
        { class: 'actions' },
        button('Back to the lobby', () => (m.close(), (location.hash = '#/')), {
          kind: 'ghost',
          testid: 'table-full-back',
        }),
        button('Watch', () => (m.close(), (location.hash = `#/watch/${roomId}`)), {
          kind: 'primary',
          testid: 'table-full-watch',
        }),
      ),
    );
  }
}
