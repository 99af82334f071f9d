/**
 * The replay screen: the game's own scene on the canvas, driven by a ReplayTable, with a top bar,
 * the control strip under the board and a side panel (players, the match, the log). Generic: it
 * uses the GameDefinition contract and the ClientGame registry entry only.
 */
import type Phaser from 'phaser';
import { refreshScale, switchScene } from '../app/game';
import { setDebug } from '../app/debug';
import type { GameSceneData } from '../games/sceneData';
import type { ClientGame } from '../games/types';
import { button, h, replace } from '../ui/dom';
import { icon } from '../ui/icons';
import { openModal } from '../ui/modal';
import { isMuted, onMuteChange, setMuted } from '../ui/sound';
import { exportUrl } from './historyApi';
import { ReplayControls } from './ReplayControls';
import type { ReplayModel } from '@parlor/shared/core/replay';
import { ReplayPlayer } from './ReplayPlayer';
import { ReplaySide } from './ReplaySide';
import { ReplayTable } from './ReplayTable';
import { howToButton, panelToggleButton } from '../table/barButtons';
import { replayIcon } from './replayIcons';
import './replay.css';

export interface ReplayViewOptions {
  model: ReplayModel;
  game: ClientGame;
  phaser: Phaser.Game;
  /** Where the match came from (`here` or a peer's URL), for the export link. */
  server: string;
  onLeave(): void;
}

export class ReplayView {
  private readonly table: ReplayTable;
  private readonly player: ReplayPlayer;
  private readonly controls: ReplayControls;
  private readonly side: ReplaySide;
  private readonly top: HTMLElement;
  private readonly overlay = h('div', { class: 'board-overlay', testid: 'board-overlay' });
  private readonly result = h('div', { class: 'rp-result', testid: 'replay-result' });
  private readonly mute: HTMLButtonElement;
  private unsubs: (() => void)[] = [];
  private resultClosed = false;
  private closed = false;

  constructor(private readonly o: ReplayViewOptions) {
    const { model, game } = o;
    this.table = new ReplayTable(model);
    this.player = new ReplayPlayer(this.table);
    const names = model.record.seats.map((s, i) => s.name || `Seat ${i + 1}`);
    this.controls = new ReplayControls(this.player, names, (p) => this.describe(p));
    this.side = new ReplaySide(this.player, game, () => this.side.el.classList.remove('open'));
    this.mute = button('', () => setMuted(!isMuted()), { small: true, class: 'icon', testid: 'mute-toggle' });
    this.unsubs.push(onMuteChange(() => this.renderMute()));
    this.renderMute();
    this.top = this.topBar();

    document.body.classList.remove('mode-lobby');
    document.body.classList.add('mode-table', 'mode-replay');
    const ui = document.getElementById('ui') as HTMLElement;
    ui.replaceChildren(this.top, this.overlay, this.controls.el, this.side.el);
    this.overlay.append(this.result);

    this.unsubs.push(this.player.on(() => this.render()));
    const onKey = (e: KeyboardEvent): void => this.key(e);
    document.addEventListener('keydown', onKey);
    this.unsubs.push(() => document.removeEventListener('keydown', onKey));

    // The scene's own action strip stays out of sight: a replay takes no actions.
    const data: GameSceneData = { conn: this.table, dom: { actions: h('div'), overlay: this.overlay } };
    switchScene(o.phaser, game.sceneKey, data);
    refreshScale(o.phaser);
    setDebug('replay', {
      id: model.record.id,
      length: model.length,
      position: () => this.player.position,
      playing: () => this.player.playing,
      viewer: () => this.table.viewer,
      snapshot: () => this.table.snapshot(),
      seek: (p: number) => this.player.seek(p),
      /** The state a fresh rebuild gives at `p`, as JSON (tests compare it with what was stepped to). */
      stateJson: (p: number) => JSON.stringify(model.stateAt(p)),
    });
    this.render();
  }

  private topBar(): HTMLElement {
    const { game, model } = this.o;
    const exportLink = h('a', {
      class: 'btn small icon',
      testid: 'replay-export',
      title: 'Download this match (JSON)',
      attrs: {
        href: exportUrl(this.o.server, model.record.id),
        download: `parlor-${model.record.game}-${model.record.id}.json`,
        'aria-label': 'Download this match',
      },
    });
    exportLink.append(replayIcon('download'));
    return h(
      'header',
      { class: 'topbar', testid: 'topbar' },
      h(
        'div',
        { class: 'title' },
        h('span', { class: 'game', text: `${game.title} · Replay` }),
        h('span', { class: 'name', testid: 'table-name', text: model.record.tableName || 'Finished match' }),
      ),
      h(
        'div',
        { class: 'tools' },
        exportLink,
        this.mute,
        howToButton(() => this.howTo()),
        panelToggleButton(() => this.side.el.classList.toggle('open'), 'Players, match and log'),
        button('Close', () => this.leave(), {
          small: true,
          kind: 'ghost',
          testid: 'replay-close',
          title: 'Back to the lobby',
        }),
      ),
    );
  }

  private renderMute(): void {
    const muted = isMuted();
    this.mute.replaceChildren(icon(muted ? 'soundOff' : 'soundOn'));
    this.mute.title = muted ? 'Sound is off: turn it on' : 'Sound is on: mute';
    this.mute.setAttribute('aria-pressed', String(muted));
  }

  /** The caption under the scrub bar: what happened at this move, and when. */
  private describe(position: number): string {
    const { model } = this.o;
    if (position === 0) return 'The deal';
    const events = model.eventsAt(position, -1);
    const text = events.map((e) => e.text).join(' · ');
    const seat = model.actorAt(position);
    const who = model.record.seats[seat]?.name ?? `Seat ${seat + 1}`;
    return text || `${who} moved`;
  }

  private render(): void {
    this.controls.update();
    this.side.update();
    const snap = this.table.snapshot();
    const atEnd = this.player.position === this.player.length;
    if (!atEnd) this.resultClosed = false;
    this.result.hidden = !atEnd || this.resultClosed;
    if (atEnd && snap?.result && !this.resultClosed) {
      const r = snap.result;
      const names = snap.seats.map((s, i) => s.name || `Seat ${i + 1}`);
      const winners = r.winners.map((w) => names[w]).join(' & ');
      const close = button('', () => ((this.resultClosed = true), this.render()), {
        small: true,
        kind: 'ghost',
        class: 'icon',
        testid: 'replay-result-close',
        title: 'Hide',
      });
      close.replaceChildren(icon('close', 16));
      replace(
        this.result,
        h(
          'div',
          { class: 'rp-result-text' },
          h('div', { class: 'label', text: 'Match over' }),
          h('div', {
            class: 'rp-winner',
            testid: 'replay-winner',
            text: winners ? `${winners} won` : 'A draw',
          }),
          h('div', { class: 'help', text: r.summary }),
        ),
        close,
      );
    }
    document.body.dataset.replayPosition = String(this.player.position);
  }

  private key(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey || document.querySelector('.modal-back')) return;
    const target = e.target as HTMLElement | null;
    // Controls keep their own keys: a focused button clicks on space, the scrub bar moves itself
    // with the arrows (only space is taken from it, for play/pause).
    const tag = target?.tagName ?? '';
    if (/^(SELECT|TEXTAREA)$/.test(tag)) return;
    // A button or link just clicked keeps focus, but only Enter and space are its own: every
    // other shortcut still drives the replay.
    if (/^(BUTTON|A)$/.test(tag) && (e.key === ' ' || e.key === 'Enter')) return;
    if (tag === 'INPUT' && (target?.getAttribute('type') !== 'range' || e.key !== ' ')) return;
    const p = this.player;
    if (e.key === ' ' || e.key === 'k') p.toggle();
    else if (e.key === 'ArrowRight') p.step(1);
    else if (e.key === 'ArrowLeft') p.step(-1);
    else if (e.key === 'Home') p.step(-p.length);
    else if (e.key === 'End') p.step(p.length);
    else return;
    e.preventDefault();
  }

  private howTo(): void {
    const m = openModal(`How to play ${this.o.game.title}`, { testid: 'howto-dialog', wide: true });
    m.body.append(
      this.o.game.howToPlay(),
      h(
        'div',
        { class: 'actions' },
        button('Got it', () => m.close(), { kind: 'primary', testid: 'howto-close' }),
      ),
    );
  }

  private leave(): void {
    if (this.closed) return;
    this.destroy();
    this.o.onLeave();
  }

  destroy(): void {
    if (this.closed) return;
    this.closed = true;
    for (const u of this.unsubs) u();
    this.unsubs = [];
    this.player.destroy();
    this.table.leave();
    setDebug('replay', undefined);
    document.body.classList.remove('mode-replay');
    delete document.body.dataset.replayPosition;
  }
}
