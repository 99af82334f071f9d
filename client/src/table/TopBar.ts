/**
 * The table's top bar: game and table name, join code (opens the share dialog), countdown,
 * connection state, spectators, mute, how-to-play, side-panel toggle (phones) and leave.
 */
import { secondsLeft } from '../net/clock';
import type { ConnState, TableSnapshot } from '../net/TableConnection';
import { button, h, setText } from '../ui/dom';
import { icon } from '../ui/icons';
import { howToButton, panelToggleButton, withIcon } from './barButtons';
import { isMuted, onMuteChange, setMuted } from '../ui/sound';

export interface TopBarHandlers {
  onShare(): void;
  onHowTo(): void;
  /** The host downloads the match so far (online tables only). */
  onSave(): void;
  onTogglePanel(): void;
  onLeave(): void;
}

const CONN_LABEL: Record<ConnState, string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
  local: 'Offline play',
};

export class TopBar {
  readonly el: HTMLElement;
  private name = h('span', { class: 'name', testid: 'table-name' });
  private code: HTMLButtonElement;
  private conn = h('span', { class: 'conn-pill', testid: 'conn-state' });
  private spectators = h('span', {
    class: 'badge hide-narrow',
    testid: 'spectator-count',
    title: 'People watching',
  });
  private countdown = h('span', { class: 'countdown', testid: 'turn-countdown', title: 'Time left to act' });
  private mute: HTMLButtonElement;
  private save: HTMLButtonElement;
  /** The same command as a labelled button, for the side panel on phones (the bar has no room). */
  readonly saveItem: HTMLButtonElement;
  private deadline = 0;
  private timer = 0;
  private unsubMute: () => void;

  constructor(title: string, online: boolean, handlers: TopBarHandlers) {
    this.code = button('', handlers.onShare, {
      small: true,
      class: 'code-chip',
      testid: 'share-button',
      title: 'Invite: link, QR code and join code',
    });
    this.mute = button('', () => setMuted(!isMuted()), { small: true, class: 'icon', testid: 'mute-toggle' });
    this.save = withIcon(
      button('', handlers.onSave, {
        small: true,
        class: 'icon save-tool',
        testid: 'save-button',
        disabled: true,
      }),
      'save',
    );
    this.saveItem = button('Save game', handlers.onSave, {
      small: true,
      class: 'save-item',
      testid: 'save-item',
      disabled: true,
    });
    this.saveItem.prepend(icon('save', 16));
    this.unsubMute = onMuteChange(() => this.renderMute());
    this.renderMute();
    this.el = h(
      'header',
      { class: 'topbar', testid: 'topbar' },
      h('div', { class: 'title' }, h('span', { class: 'game', text: title }), this.name),
      h(
        'div',
        { class: 'tools' },
        this.countdown,
        online ? this.code : null,
        this.conn,
        online ? this.spectators : null,
        online ? this.save : null,
        this.mute,
        howToButton(handlers.onHowTo),
        panelToggleButton(handlers.onTogglePanel, 'Players, log and chat'),
        leaveButton(handlers.onLeave),
      ),
    );
    this.timer = window.setInterval(() => this.tick(), 250);
  }

  private renderMute(): void {
    const muted = isMuted();
    this.mute.replaceChildren(icon(muted ? 'soundOff' : 'soundOn'));
    this.mute.title = muted ? 'Sound is off: turn it on' : 'Sound is on: mute';
    this.mute.setAttribute('aria-pressed', String(muted));
  }

  setConn(state: ConnState): void {
    this.conn.className = `conn-pill ${state}`;
    this.conn.replaceChildren(
      h('span', { class: 'dot' }),
      h('span', { class: 'label', text: CONN_LABEL[state] }),
    );
    this.conn.title = CONN_LABEL[state];
    this.conn.dataset.state = state;
  }

  update(s: TableSnapshot): void {
    setText(this.name, s.tableName || 'Table');
    setText(this.code, s.code ? `# ${s.code}` : 'Invite');
    this.spectators.replaceChildren(icon('eye', 14), String(s.spectators));
    this.spectators.style.display = s.spectators > 0 ? '' : 'none';
    this.spectators.title = s.watchers?.length ? `Watching: ${s.watchers.join(', ')}` : 'People watching';
    const isHost = s.mySeat >= 0 && s.mySeat === s.host;
    const title = !isHost
      ? 'Save game: only the host can save the match'
      : s.status === 'playing'
        ? 'Save game: download the match so far, to load and play on later'
        : 'Save game: possible while the match is being played';
    for (const b of [this.save, this.saveItem]) {
      b.disabled = !isHost || s.status !== 'playing';
      b.title = title;
      // A spectator can never save: no button at all, rather than one that is always disabled.
      b.style.display = s.mySeat < 0 ? 'none' : '';
    }
    this.save.setAttribute('aria-label', 'Save game');
    this.deadline = s.status === 'playing' ? s.deadline : 0;
    this.tick();
  }

  private tick(): void {
    if (!this.deadline) {
      setText(this.countdown, '');
      return;
    }
    const left = secondsLeft(this.deadline);
    setText(this.countdown, `${left}s`);
    this.countdown.classList.toggle('low', left <= 5);
  }

  destroy(): void {
    window.clearInterval(this.timer);
    this.unsubMute();
    this.el.remove();
  }
}

/** "Leave", shrunk to its icon on phones (the table's name needs the room). */
function leaveButton(onLeave: () => void): HTMLButtonElement {
  const b = button('', onLeave, {
    small: true,
    kind: 'ghost',
    class: 'leave-btn',
    testid: 'leave-button',
    title: 'Back to the lobby',
  });
  const leaveIcon = icon('leave', 16);
  leaveIcon.classList.add('leave-icon');
  b.append(leaveIcon, h('span', { class: 'label', text: 'Leave' }));
  b.setAttribute('aria-label', 'Leave the table');
  return b;
}
