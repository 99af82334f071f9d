/**
 * Hash routes: `#/` lobby, `#/table/<roomId>` play (or rejoin with the stored seat token),
 * `#/watch/<roomId>` spectate, `#/code/<CODE>` look a code up then play,
 * `#/replay/<server>/<matchId>` replay a finished match (`here`, or a peer's URL, encoded),
 * `#/seat/<roomId>/<seatToken>` take one's own seat on another device (the token is stored and the
 * address replaced at once by `#/table/<roomId>`).
 * `#/hotseat/<game>` several people on this screen (no server), for a game that has a hot seat.
 * `#/screen/<roomId>` the table screen for a TV (a spectator); `#/screen` its list of tables.
 */
import type Phaser from 'phaser';
import { Limits } from '@parlor/shared/core/protocol';
import { canonicalGameId } from '@parlor/shared/games/ids';
import { loadGame, loadHotSeat } from '../games';
import { LobbyView } from '../lobby/LobbyView';
import type { CreateRequest } from '../lobby/CreateDialog';
import type { LoadRequest } from '../lobby/LoadDialog';
import { lookupCode } from '../net/api';
import { backoffMs, describeError, HttpError, isClaimNeeded, isKicked, isTableFull } from '../net/client';
import type { ColyseusTable } from '../net/ColyseusTable';
import type { ReplayView } from '../replay/ReplayView';
import type { ClientGame } from '../games/types';
import type { TableShell } from '../table/TableShell';
import { button, h } from '../ui/dom';
import { closeAllModals, openModal } from '../ui/modal';
import { prefs } from '../ui/storage';
import { toast } from '../ui/toast';
import { prefetchStage, sleepStage, stageFor } from './game';
import { tableParts } from './loadTable';
import { setDebug } from './debug';
import { lobbyTitle, replayTitle } from './title';

export type Route =
  | { kind: 'lobby' }
  | { kind: 'table'; roomId: string; spectator: boolean }
  | { kind: 'code'; code: string }
  /** A seat carried over from another device: store its token, then open the table. */
  | { kind: 'seat'; roomId: string; token: string }
  | { kind: 'replay'; server: string; id: string }
  | { kind: 'hotseat'; game: string }
  /** Party mode's table screen (a TV); no roomId: the list of tables to pick from. */
  | { kind: 'screen'; roomId: string };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  if ((parts[0] === 'table' || parts[0] === 'watch') && parts[1])
    return { kind: 'table', roomId: parts[1], spectator: parts[0] === 'watch' };
  if (parts[0] === 'code' && parts[1]) return { kind: 'code', code: parts[1].toUpperCase() };
  if (parts[0] === 'seat' && parts[1] && parts[2]) return { kind: 'seat', roomId: parts[1], token: parts[2] };
  if (parts[0] === 'hotseat' && parts[1]) return { kind: 'hotseat', game: parts[1] };
  if (parts[0] === 'screen') return { kind: 'screen', roomId: parts[1] ?? '' };
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

/** Colyseus 0.18's matchmaking answers (HTTP statuses): no such room; the seat reservation expired. */
const ROOM_NOT_FOUND = 522;
const RESERVATION_EXPIRED = 524;

/** Why a join failed: what the player can do differs for each. */
export function joinFailure(err: unknown): 'full' | 'gone' | 'refused' | 'unreachable' {
  if (isTableFull(err)) return 'full';
  const code = err && typeof err === 'object' && 'code' in err ? (err as { code: unknown }).code : undefined;
  if (code === ROOM_NOT_FOUND || /not found/i.test(describeError(err))) return 'gone';
  if (typeof code !== 'number' || code === RESERVATION_EXPIRED) return 'unreachable'; // retry
  // Refusals: the server's JoinErrorCode (470-477) and other 4xx statuses, Colyseus's matchmaking
  // refusals (520-523), and close codes of a refused join. A proxy's 502/503 is worth retrying.
  if ((code >= 400 && code < 500) || (code >= 520 && code <= 523) || (code >= 4000 && code < 5000))
    return 'refused';
  return 'unreachable';
}

export class Router {
  private lobby: LobbyView | null = null;
  private shell: TableShell | null = null;
  private replay: ReplayView | null = null;
  private screen: { destroy(): void } | null = null;
  /** A table just created here: the hash change that follows adopts it instead of joining again. */
  private adopted: ColyseusTable | null = null;
  private seq = 0;

  /** The Phaser stage once a table or replay has created it (the lobby never does). */
  private phaser: Phaser.Game | null = null;

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
    this.screen?.destroy();
    this.screen = null;
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
    if (r.kind === 'seat') {
      // The token must not stay in the address (history, a screenshot): keep it, then move on.
      prefs.setSeatToken(r.roomId, r.token);
      prefs.setKicked(r.roomId, false);
      location.replace(`#/table/${encodeURIComponent(r.roomId)}`);
      return;
    }
    if (r.kind === 'hotseat') return this.showHotSeat(r.game, seq);
    if (r.kind === 'screen') return this.showScreen(r.roomId, seq);
    if (!prefs.name) {
      // Arrived by a link or QR code: ask for a name once, then carry on.
      this.showBusy('');
      await askName();
      if (seq !== this.seq) return;
    }
    if (r.kind === 'code') return this.openCode(r.code, seq);
    const adopted = this.adopted;
    this.adopted = null;
    if (adopted && adopted.roomId === r.roomId) return this.showTable(adopted, seq);
    // Removed by the host: the link alone does not seat this browser again (asking first).
    if (!r.spectator && prefs.wasKicked(r.roomId) && !prefs.seatToken(r.roomId))
      return this.offerWatch(r.roomId, true);
    const busy = r.spectator ? 'Taking a seat in the audience…' : 'Joining the table…';
    prefetchStage(); // Phaser arrives while the join is under way
    this.showBusy(busy);
    for (let attempt = 1; ; attempt++) {
      try {
        const { ColyseusTable } = await tableParts();
        const conn = await ColyseusTable.join({
          roomId: r.roomId,
          name: prefs.name || 'Guest',
          spectator: r.spectator,
        });
        if (seq !== this.seq) return conn.leave();
        return this.showTable(conn, seq);
      } catch (err) {
        if (seq !== this.seq) return;
        const why = joinFailure(err);
        if (why === 'full' && !r.spectator) return this.offerWatch(r.roomId);
        if (!r.spectator && isKicked(err)) return this.offerWatch(r.roomId, true);
        if (!r.spectator && isClaimNeeded(err)) {
          // A saved game's seats open with their claim codes: watch, then Sit here with yours (the
          // waiting room takes the seat by itself when this browser has its code).
          toast(
            'This saved game’s seats are kept for its players: press Sit here on yours and enter your seat code.',
          );
          location.hash = `#/watch/${r.roomId}`;
          return;
        }
        if (why === 'gone')
          return this.fail(
            'This table has closed: its match ended or everyone left. Start or join another one in the lobby.',
            'The table is gone',
          );
        if (why === 'refused') return this.fail(`Could not join: ${describeError(err)}`);
        // Unreachable (or a seat reservation that expired): keep trying, and say so.
        this.setBusy(`${busy} The server does not answer yet; trying again (attempt ${attempt + 1}).`);
        await new Promise((res) => window.setTimeout(res, backoffMs(attempt)));
        if (seq !== this.seq) return;
      }
    }
  }

  /** A join code: "no such code" (the server said so) is told apart from a server that is not answering. */
  private async openCode(code: string, seq: number): Promise<void> {
    this.showBusy(`Looking up table ${code}…`);
    try {
      const found = await lookupCode(
        code,
        (p) => {
          if (p.attempt > 1 && seq === this.seq)
            this.setBusy(
              `Looking up table ${code}… the server does not answer (${p.lastError}); trying again (attempt ${p.attempt}).`,
            );
        },
        () => seq !== this.seq,
      );
      if (seq === this.seq) location.replace(`#/table/${found.roomId}`);
    } catch (err) {
      if (seq !== this.seq) return;
      if (err instanceof HttpError && err.status === 404)
        this.fail(
          `No table has the code ${code}. Check it with the table's host (codes use letters and digits, no 0, O, 1, I or L).`,
          'No such table',
        );
      else
        this.fail(`The server could not look up ${code}: ${describeError(err)}`, 'Cannot look up the code');
    }
  }

  private showLobby(): void {
    this.teardown();
    document.body.classList.remove('mode-table');
    document.body.classList.add('mode-lobby');
    sleepStage(this.phaser);
    this.lobby = new LobbyView({
      create: (req) => this.create(req),
      load: (req) => this.load(req),
      join: (roomId, spectator) => (location.hash = `#/${spectator ? 'watch' : 'table'}/${roomId}`),
      joinCode: (code) => (location.hash = `#/code/${code}`),
      replay: (server, id) =>
        (location.hash = `#/replay/${encodeURIComponent(server)}/${encodeURIComponent(id)}`),
      hotSeat: (game) => (location.hash = `#/hotseat/${game}`),
      screen: () => (location.hash = '#/screen'),
    });
    this.ui().replaceChildren(this.lobby.el);
    document.title = lobbyTitle();
  }

  private async showReplay(server: string, id: string, seq: number): Promise<void> {
    this.showBusy('Loading the match…');
    try {
      // The replay screen, the rules of every game (to rebuild the match) and Phaser: fetched now.
      const [{ loadReplay }, { ReplayView }] = await Promise.all([
        import('../replay/loadReplay'),
        import('../replay/ReplayView'),
      ]);
      const { model, game } = await loadReplay(server, id);
      const phaser = await stageFor(game);
      this.phaser = phaser;
      if (seq !== this.seq) return;
      this.teardown();
      this.replay = new ReplayView({
        model,
        game,
        server,
        phaser,
        onLeave: () => {
          this.replay = null;
          location.hash = '#/';
        },
      });
      document.title = replayTitle(game.title);
    } catch (err) {
      if (seq === this.seq)
        this.fail(`Could not open the replay: ${describeError(err)}`, 'Cannot open the replay');
    }
  }

  /**
   * Hot seat (a game's `loadHotSeat`): a setup form, then a local table played by everyone on this screen.
   * Its code (the rules run here, with no server) is fetched only now, like any game's.
   */
  private async showHotSeat(game: string, seq: number): Promise<void> {
    const hotSeat = loadHotSeat(game);
    if (!hotSeat) return this.fail(`No hot-seat play for ${game}.`);
    this.showBusy('Loading the game…');
    let parts;
    try {
      parts = await Promise.all([loadGame(game), hotSeat, tableParts()]);
    } catch (err) {
      if (seq === this.seq) this.fail(`Could not load the game: ${describeError(err)}`);
      return;
    }
    if (seq !== this.seq) return;
    const [client, { hotSeatDialog, hotSeatTable }, { TableShell }] = parts;
    if (!client) return this.fail(`No hot-seat play for ${game}.`);
    this.teardown();
    document.body.classList.remove('mode-table');
    document.body.classList.add('mode-lobby');
    const delay = Number(new URLSearchParams(location.search).get('botDelay'));
    this.ui().replaceChildren(
      hotSeatDialog(
        (setup) =>
          void stageFor(client).then((phaser) => {
            if (seq !== this.seq) return;
            this.phaser = phaser;
            this.shell = new TableShell({
              conn: hotSeatTable(setup, delay > 0 ? Math.min(5000, delay) : 900),
              game: client,
              phaser,
              onLeave: () => this.backToLobby(),
            });
          }),
        () => (location.hash = '#/'),
      ),
    );
  }

  /**
   * Party mode's table screen: a spectator who never sits (no seat token is sent, whatever this
   * browser holds), or with no table chosen the list of this server's tables. Its code is a chunk
   * of its own.
   */
  private async showScreen(roomId: string, seq: number): Promise<void> {
    // The list of tables opens in place of the page it was asked from (no busy card flashing first).
    if (roomId) this.showBusy('Opening the table screen…');
    const [party, { ColyseusTable }] = await Promise.all([import('../party/screen'), tableParts()]);
    if (seq !== this.seq) return;
    if (!roomId) {
      this.teardown();
      sleepStage(this.phaser);
      this.screen = party.pickScreen((id) => (location.hash = `#/screen/${encodeURIComponent(id)}`));
      return;
    }
    prefetchStage();
    for (let attempt = 1; ; attempt++) {
      try {
        const conn = await ColyseusTable.join({
          roomId,
          name: party.SCREEN_NAME,
          spectator: true,
          screen: true,
        });
        if (seq !== this.seq) return conn.leave();
        const game = await loadGame(conn.snapshot()?.game || conn.gameHint);
        if (!game) {
          conn.leave();
          return this.fail('This server runs a game this page does not know. Reload the page.');
        }
        const phaser = await stageFor(game);
        if (seq !== this.seq) return conn.leave();
        this.teardown();
        this.phaser = phaser;
        conn.refresh();
        this.screen = party.tableScreen({
          conn,
          game,
          phaser,
          onNext: (next) => location.replace(`#/screen/${encodeURIComponent(next)}`),
          onGone: () => location.replace('#/screen'),
        });
        return;
      } catch (err) {
        if (seq !== this.seq) return;
        if (joinFailure(err) === 'gone') {
          location.replace('#/screen');
          return;
        }
        this.setBusy(
          `Opening the table screen… (${describeError(err)}; trying again, attempt ${attempt + 1})`,
        );
        await new Promise((res) => window.setTimeout(res, backoffMs(attempt)));
        if (seq !== this.seq) return;
      }
    }
  }

  private create(req: CreateRequest): Promise<void> {
    const { game, tableName, options, vsBots, seats } = req;
    const table = { tableName, private: req.private, competitive: req.competitive, options, vsBots, seats };
    return this.openNew(game, table, 'Could not create the table');
  }

  /**
   * A new table carrying on a saved game (the server opens and replays the file first), hosted from
   * `seat` with its own claim code (the others take theirs with their own).
   */
  private load(req: LoadRequest): Promise<void> {
    return this.openNew(
      canonicalGameId(req.file.game), // a game saved under its former id
      { load: req.file, seat: req.seat, claim: req.claim },
      'Could not load the saved game',
    );
  }

  /** Creates a table, sits at it as its host and shows it; a refusal is toasted and rethrown. */
  private async openNew(
    game: string,
    options: Record<string, unknown>,
    failure: string,
    created?: (roomId: string) => void,
  ): Promise<void> {
    try {
      const { ColyseusTable } = await tableParts();
      const conn = await ColyseusTable.create(game, options, prefs.name || 'Guest');
      created?.(conn.roomId);
      this.adopted = conn;
      location.hash = `#/table/${conn.roomId}`;
    } catch (err) {
      toast(`${failure}: ${describeError(err)}`);
      throw err;
    }
  }

  /** Fetches the game's code and Phaser (the first time), then shows the table. */
  private async showTable(conn: ColyseusTable, seq: number): Promise<void> {
    const id = conn.snapshot()?.game || conn.gameHint;
    let game: ClientGame | undefined;
    let phaser: Phaser.Game;
    let parts: Awaited<ReturnType<typeof tableParts>>;
    for (let attempt = 1; ; attempt++) {
      try {
        parts = await tableParts();
        game = await loadGame(id);
        if (!game) break;
        phaser = await stageFor(game);
        break;
      } catch (err) {
        // A chunk that did not arrive (the network or the server blinked): try again.
        if (seq !== this.seq) return conn.leave();
        this.setBusy(`Loading the game… (${describeError(err)}; trying again, attempt ${attempt + 1})`);
        await new Promise((res) => window.setTimeout(res, backoffMs(attempt)));
      }
    }
    if (seq !== this.seq) return conn.leave();
    this.teardown();
    if (!game) {
      conn.leave();
      this.fail('This server runs a game this page does not know. Reload the page.');
      return;
    }
    this.phaser = phaser!;
    conn.refresh();
    this.shell = new parts!.TableShell({
      conn,
      game,
      phaser: phaser!,
      onLeave: () => this.backToLobby(),
      onRetake: () => {
        this.shell = null;
        void this.route();
      },
    });
  }

  private backToLobby(): void {
    if (!this.shell) return; // torn down by a route change: that route shows the next screen
    this.shell = null;
    if (parseRoute(location.hash).kind === 'lobby') this.showLobby();
    // Replaced, not pushed: Back from the lobby then goes where the player was before the table,
    // not to a table they left (and which may be gone).
    else location.replace('#/');
  }

  private showBusy(text: string): void {
    this.teardown();
    document.body.classList.remove('mode-table');
    document.body.classList.add('mode-lobby');
    sleepStage(this.phaser);
    this.ui().replaceChildren(
      h(
        'div',
        { class: 'sheet start-sheet', testid: 'busy' },
        h(
          'div',
          { class: 'card' },
          h('p', { text, testid: 'busy-text' }),
          // A wait that may last (a server that does not answer) can always be left.
          h(
            'div',
            { class: 'actions' },
            button('Back to the lobby', () => (location.hash = '#/'), {
              kind: 'ghost',
              small: true,
              testid: 'busy-back',
            }),
          ),
        ),
      ),
    );
  }

  /** New words on the busy sheet (progress of a retry) without tearing anything down. */
  private setBusy(text: string): void {
    const p = this.ui().querySelector('[data-testid="busy-text"]');
    if (p) p.textContent = text;
    else this.showBusy(text);
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

  private offerWatch(roomId: string, kicked = false): void {
    const m = openModal(kicked ? 'The host removed you' : 'This table is full', {
      testid: kicked ? 'kicked-before' : 'table-full',
      dismissable: false,
    });
    m.body.append(
      h('p', {
        text: kicked
          ? 'The host of this table removed you from your seat. You can watch it instead.'
          : 'Every seat is taken or the match has started. You can watch instead.',
      }),
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
