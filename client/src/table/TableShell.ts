/**
 * The screen around every game: top bar, side panel (seats, log, chat), waiting room, results,
 * toasts for refusals, and the game's own scene on the canvas. Knows no game rules.
 */
import { describeOptions } from '@parlor/shared/core/optionSummary';
import type Phaser from 'phaser';
import { ClientMsg, ErrorCode } from '@parlor/shared/core/protocol';
import { drawStage, refreshScale, switchScene } from '../app/game';
import { setDebug } from '../app/debug';
import { tableTitle } from '../app/title';
import type { GameSceneData } from '../games/sceneData';
import type { ClientGame } from '../games/types';
import type { TableConnection, TableSnapshot } from '../net/TableConnection';
import { button, downloadJson, h } from '../ui/dom';
import { openModal } from '../ui/modal';
import { prefs } from '../ui/storage';
import { toast } from '../ui/toast';
import { spacedCode } from '../net/seatClaims';
import { Announcer } from './Announcer';
import { focusActions, keepFocusIn } from './focusKeeper';
import { HandDock } from '../party/handDock';
import { TurnAlert } from '../party/turnAlert';
import { HintDock } from './HintDock';
import { Results } from './Results';
import { openMoveSeatDialog, openShareDialog } from './ShareDialog';
import { SidePanel } from './SidePanel';
import { TopBar } from './TopBar';
import { WaitingRoom } from './WaitingRoom';

export interface TableShellOptions {
  conn: TableConnection;
  game: ClientGame;
  phaser: Phaser.Game;
  onLeave(): void;
  /** Join this table again (the seat was taken over by another tab: take it back). */
  onRetake?(): void;
  /** Offline builds: extra items for the how-to dialog (credits...). */
  extraHelp?: HTMLElement;
}

export class TableShell {
  private top: TopBar;
  private side: SidePanel;
  private overlay = h('div', { class: 'board-overlay', testid: 'board-overlay' });
  private actions = h('div', { class: 'game-actions', testid: 'game-actions' });
  private waiting: WaitingRoom | null = null;
  private results: Results;
  /** "What would you do?" (online tables only: the server computes the hint). */
  private hint: HintDock | null = null;
  /** Party mode: the phone's hand view (games that have one) and the "your turn" alert. */
  private hand: HandDock | null = null;
  private turnAlert: TurnAlert;
  private unsubs: (() => void)[] = [];
  private closed = false;
  /** The board, status, log and chat in words (visually hidden). */
  private words: Announcer;
  /** The action bar (with the hint's line and button): where the focus lands and stays. */
  private actionArea: HTMLElement;
  /** The status the last snapshot had (focus moves to the actions when a match starts). */
  private lastStatus = '';
  private wasMine = false;

  constructor(private readonly o: TableShellOptions) {
    const { conn, game } = o;
    const online = conn.kind === 'online';
    this.top = new TopBar(game.title, online, {
      onShare: () => this.share(),
      onHowTo: () => this.howTo(),
      onSave: () => conn.command(ClientMsg.save),
      onTogglePanel: () => this.side.el.classList.toggle('open'),
      onLeave: () => this.confirmLeave(),
    });
    this.side = new SidePanel(
      online,
      (text) => conn.command(ClientMsg.chat, { text }),
      () => this.side.el.classList.remove('open'),
      online ? this.top.saveItem : undefined,
      online ? () => this.moveSeat() : undefined,
      online && game.handOver
        ? (toAi) => conn.command(toAi ? ClientMsg.handOver : ClientMsg.takeBack)
        : undefined,
    );
    this.results = new Results(conn, () => this.leave(), game.formatScore, game.seatLabel);
    document.body.classList.remove('mode-lobby');
    document.body.classList.add('mode-table');
    const ui = document.getElementById('ui') as HTMLElement;
    // The game's action strip, and the hint's line above it and button at its end (online).
    if (conn.hints) this.hint = new HintDock(conn, () => refreshScale(o.phaser));
    const actionArea = this.hint
      ? h(
          'div',
          { class: 'action-area' },
          this.hint.line,
          h('div', { class: 'action-row' }, this.actions, this.hint.slot),
        )
      : this.actions;
    this.actionArea = actionArea;
    // A landmark of its own, and where the skip link goes (ui/skipLink.ts).
    actionArea.setAttribute('role', 'region');
    actionArea.setAttribute('aria-label', 'Table actions');
    actionArea.dataset.skip = '';
    this.words = new Announcer(game.words);
    this.turnAlert = new TurnAlert(!conn.hotSeat);
    this.side.addSetting(TurnAlert.chimeToggle());
    if (game.party?.hand) {
      this.hand = new HandDock(
        conn,
        game.party,
        () => refreshScale(o.phaser),
        (draw) => drawStage(o.phaser, draw),
      );
    }
    ui.replaceChildren(
      this.top.el,
      ...(this.hand ? [this.hand.el] : []),
      this.overlay,
      ...(this.hand ? [this.hand.toggle] : []),
      this.words.el,
      actionArea,
      this.side.el,
    );
    this.unsubs.push(keepFocusIn(actionArea, [this.overlay]));
    this.overlay.append(this.results.peekButton);
    this.results.reset();
    this.top.setConn(conn.connState());

    this.unsubs.push(
      conn.on('change', (s) => this.render(s)),
      conn.on('change', (s) => keepAddressTrue(conn.roomId, s.mySeat)),
      conn.on('conn', (state) => {
        this.top.setConn(state);
        if (state === 'reconnecting') toast('Connection lost: reconnecting…', 'info');
        if (state === 'connected') toast('Reconnected', 'info', 1500);
      }),
      conn.on('error', (e) => {
        toast(e.message || e.code, e.code === 'SHUTDOWN' ? 'info' : 'error');
        // The chat bucket's refusal (the general one may follow an action, not the chat line).
        if (e.code === ErrorCode.RATE_LIMITED && /chat/i.test(e.message)) this.side.chatRefused();
      }),
      conn.on('chat', (line) => {
        this.side.addChat(line, conn.snapshot());
        this.words.addChat(line, conn.snapshot());
      }),
      conn.on('kicked', (k) => this.kicked(k)),
      conn.on('saved', (file) => {
        downloadJson(`parlor-${file.game}-saved-${fileStamp(file.savedAt)}.json`, file);
        toast(
          'Game saved. Load the file on this server to carry the match on: each player got their own seat code.',
          'info',
          5000,
        );
      }),
      conn.on('claim', (claim) =>
        toast(
          `Your seat code for this saved game: ${spacedCode(claim.code)} (kept in this browser; type it on another device).`,
          'info',
          8000,
        ),
      ),
      conn.on('closed', ({ reason }) => this.lost(reason)),
    );
    const data: GameSceneData = { conn, dom: { actions: this.actions, overlay: this.overlay } };
    switchScene(o.phaser, game.sceneKey, data);
    refreshScale(o.phaser);
    setDebug('table', {
      snapshot: () => conn.snapshot(),
      legal: () => conn.snapshot()?.legal ?? [],
      send: (a: { type: string }) => conn.send(a),
      command: (type: string, payload?: unknown) => conn.command(type as never, payload),
      connState: () => conn.connState(),
      roomId: conn.roomId,
      simulateDrop: () => (conn as { simulateDrop?: () => void }).simulateDrop?.(),
      clock: () => (conn as { clockInfo?: () => unknown }).clockInfo?.(),
      turnAlerts: () => this.turnAlert.count,
    });
    const s = conn.snapshot();
    if (s) this.render(s);
  }

  private render(s: TableSnapshot): void {
    this.top.update(s);
    this.side.update(s);
    this.hint?.update(s);
    this.hand?.update(s);
    this.turnAlert.update(s);
    if (s.status === 'waiting') {
      if (!this.waiting) {
        this.waiting = new WaitingRoom(this.o.conn, this.o.game, () => this.share());
        this.overlay.append(this.waiting.el);
      }
      this.waiting.update(s);
    } else if (this.waiting) {
      this.waiting.el.remove();
      this.waiting = null;
    }
    if (s.status === 'finished') {
      if (!this.results.el.isConnected) {
        this.overlay.append(this.results.el);
        this.results.reset();
      }
      this.results.update(s);
    } else if (this.results.el.isConnected) {
      this.results.el.remove();
      this.results.reset();
    }
    document.body.dataset.tableStatus = s.status;
    const title = tableTitle(this.o.game.title, s);
    if (document.title !== title) document.title = title;
    this.words.update(s);
    // Your turn, and the focus waits on the bar itself (nothing was enabled): onto the first control.
    const mine = s.status === 'playing' && s.mySeat >= 0 && s.toAct.includes(s.mySeat);
    if (mine && !this.wasMine && document.activeElement === this.actionArea)
      window.setTimeout(
        () => document.activeElement === this.actionArea && focusActions(this.actionArea),
        50,
      );
    this.wasMine = mine;
    if (s.status !== this.lastStatus) {
      const opened = !this.lastStatus || s.status === 'playing';
      this.lastStatus = s.status;
      if (opened) this.focusTable();
    }
  }

  /**
   * A table opens (or its match starts) with the focus on its actions, not on the page: unless the
   * player is already somewhere on purpose (typing a chat line, in a dialog).
   */
  private focusTable(): void {
    // After the scene has drawn its controls for this snapshot.
    window.setTimeout(() => {
      if (this.closed) return;
      const a = document.activeElement;
      const idle = !a || a === document.body || !a.isConnected;
      if (!idle || document.querySelector('dialog[open], [aria-modal="true"]')) return;
      const waiting = this.waiting?.el;
      focusActions(waiting && waiting.isConnected ? waiting : this.actionArea);
    }, 50);
  }

  private share(): void {
    const s = this.o.conn.snapshot();
    if (!s || this.o.conn.kind !== 'online') return;
    void openShareDialog({
      roomId: this.o.conn.roomId,
      code: s.code,
      isPrivate: s.isPrivate,
      tableName: s.tableName,
    });
  }

  private moveSeat(): void {
    const s = this.o.conn.snapshot();
    const seatToken = prefs.seatToken(this.o.conn.roomId);
    if (!s || s.mySeat < 0 || !seatToken) return;
    void openMoveSeatDialog({ roomId: this.o.conn.roomId, tableName: s.tableName, seatToken });
  }

  private howTo(): void {
    const m = openModal(`How to play ${this.o.game.title}`, { testid: 'howto-dialog', wide: true });
    const s = this.o.conn.snapshot();
    m.body.append(this.o.game.howToPlay());
    if (s) {
      const opts = describeOptions(this.o.game.optionFields, s.options);
      if (opts.length) m.body.append(h('p', { class: 'help', text: `This table: ${opts.join(' · ')}` }));
    }
    if (this.o.extraHelp) m.body.append(this.o.extraHelp);
    m.body.append(
      h(
        'div',
        { class: 'actions' },
        button('Got it', () => m.close(), { kind: 'primary', testid: 'howto-close' }),
      ),
    );
  }

  /** Leaving a match in play (yours) asks first: a stray tap should not end it. */
  private confirmLeave(): void {
    const s = this.o.conn.snapshot();
    if (!s || s.status !== 'playing' || s.mySeat < 0) return this.leave();
    // The server closes a table once nobody is left in it.
    const alone =
      s.spectators === 0 &&
      s.seats.every((seat, i) => i === s.mySeat || seat.bot || seat.botControlled || !seat.connected);
    const m = openModal('Leave the table?', { testid: 'leave-dialog' });
    m.body.append(
      h('p', {
        text:
          this.o.conn.kind === 'local'
            ? 'Leaving ends this match.'
            : alone
              ? 'Nobody else is at this table: leaving ends the match.'
              : 'The match goes on without you: the AI plays your seat until you come back.',
      }),
      h(
        'div',
        { class: 'actions' },
        button('Stay', () => m.close(), { kind: 'ghost', testid: 'leave-cancel' }),
        button('Leave', () => (m.close(), this.leave()), { kind: 'primary', testid: 'leave-confirm' }),
      ),
    );
  }

  private kicked(k: { reason: string; takenOver: boolean }): void {
    const retake = this.o.onRetake;
    const title = k.takenOver ? 'Your seat is open elsewhere' : 'You left the table';
    const m = openModal(title, { testid: 'kicked-dialog', dismissable: false });
    m.body.append(
      h('p', {
        testid: 'kicked-reason',
        text: k.takenOver
          ? 'This table was opened in another tab or on another device, and that one took your seat. You can take it back here (the other one then lets go).'
          : 'The host removed you from your seat.',
      }),
      h(
        'div',
        { class: 'actions' },
        button('Back to the lobby', () => (m.close(), this.leave()), {
          kind: k.takenOver ? 'ghost' : 'primary',
          testid: 'kicked-ok',
        }),
        k.takenOver && retake
          ? button(
              'Take my seat back',
              () => {
                m.close();
                this.closed = true;
                this.destroy();
                this.o.conn.leave();
                retake();
              },
              { kind: 'primary', testid: 'kicked-retake' },
            )
          : null,
      ),
    );
  }

  private lost(reason: string): void {
    if (this.closed || reason === 'left' || reason === 'kicked') return;
    const m = openModal('Table unavailable', { testid: 'lost-dialog', dismissable: false });
    m.body.append(
      h('p', { text: reason }),
      h(
        'div',
        { class: 'actions' },
        button('Back to the lobby', () => (m.close(), this.leave()), { kind: 'primary', testid: 'lost-ok' }),
      ),
    );
  }

  leave(): void {
    if (this.closed) return;
    this.closed = true;
    this.destroy();
    this.o.conn.leave();
    this.o.onLeave();
  }

  destroy(): void {
    for (const u of this.unsubs) u();
    this.unsubs = [];
    this.top.destroy();
    this.side.destroy();
    this.hint?.destroy();
    this.words.destroy();
    this.hand?.destroy();
    setDebug('table', undefined);
    delete document.body.dataset.tableStatus;
  }
}

/** `2026-11-25-0412` in local time: sorts by date, safe in a file name. */
function fileStamp(at: number): string {
  const d = new Date(at);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}`;
}

/**
 * A spectator who sits down plays from then on: the address says so, so a reload seats them again
 * (replaced in place: no new route, no history entry). Never the other way: before the welcome
 * arrives a player's page has no seat yet.
 */
function keepAddressTrue(roomId: string, mySeat: number): void {
  if (mySeat >= 0 && location.hash === `#/watch/${roomId}`)
    history.replaceState(null, '', `#/table/${roomId}`);
}
