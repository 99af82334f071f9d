/**
 * The replay's control strip under the board: a scrub bar with the move counter, the transport
 * (start, back, play/pause, forward, end), the speed, and "Reveal hands" with whose eyes to see through.
 */
import { SPECTATOR } from '@parlor/shared/core/contract';
import { button, h, setText } from '../ui/dom';
import { SPEEDS, type ReplayPlayer } from './ReplayPlayer';
import { replayIcon, type ReplayIcon } from './replayIcons';

function iconButton(name: ReplayIcon, title: string, testid: string, onClick: () => void): HTMLButtonElement {
  const b = button('', onClick, {
    small: true,
    class: 'icon',
    testid,
    title,
    attrs: { 'aria-label': title },
  });
  b.replaceChildren(replayIcon(name));
  return b;
}

export class ReplayControls {
  readonly el: HTMLElement;
  private scrub: HTMLInputElement;
  private counter = h('span', { class: 'rp-counter', testid: 'replay-position' });
  private caption = h('div', { class: 'rp-caption', testid: 'replay-caption' });
  private playBtn: HTMLButtonElement;
  private first: HTMLButtonElement;
  private prev: HTMLButtonElement;
  private next: HTMLButtonElement;
  private last: HTMLButtonElement;
  private speed: HTMLSelectElement;
  private reveal: HTMLButtonElement;
  private eyes: HTMLSelectElement;
  private playing: boolean | null = null;

  constructor(
    private readonly player: ReplayPlayer,
    seatNames: string[],
    private readonly describe: (position: number) => string,
  ) {
    const length = player.length;
    this.scrub = h('input', {
      class: 'rp-scrub',
      testid: 'replay-scrub',
      attrs: {
        type: 'range',
        min: '0',
        max: String(length),
        step: '1',
        value: '0',
        'aria-label': 'Move',
      },
    });
    this.scrub.addEventListener('input', () => player.seek(Number(this.scrub.value)));
    this.first = iconButton('first', 'Back to the deal (Home)', 'replay-first', () => player.step(-length));
    this.prev = iconButton('prev', 'One move back (←)', 'replay-back', () => player.step(-1));
    this.playBtn = iconButton('play', 'Play (space)', 'replay-play', () => player.toggle());
    this.playBtn.classList.add('primary', 'rp-play');
    this.next = iconButton('next', 'One move forward (→)', 'replay-forward', () => player.step(1));
    this.last = iconButton('last', 'To the end (End)', 'replay-last', () => player.step(length));
    for (const b of [this.first, this.last]) b.classList.add('rp-edge');
    this.speed = h(
      'select',
      { class: 'input rp-select', testid: 'replay-speed', attrs: { 'aria-label': 'Speed', title: 'Speed' } },
      ...SPEEDS.map((s) => h('option', { text: `${s}×`, attrs: { value: String(s) } })),
    );
    this.speed.value = '1';
    this.speed.addEventListener('change', () => player.setSpeed(Number(this.speed.value)));
    this.reveal = button('Reveal hands', () => this.toggleReveal(), {
      small: true,
      testid: 'replay-reveal',
      title: 'The match is over: see it through a player’s eyes, hand included',
      attrs: { 'aria-pressed': 'false' },
    });
    this.eyes = h(
      'select',
      {
        class: 'input rp-select',
        testid: 'replay-eyes',
        attrs: { 'aria-label': 'Whose hand to show', title: 'Whose eyes to see through' },
      },
      ...seatNames.map((name, i) => h('option', { text: `${name}’s view`, attrs: { value: String(i) } })),
    );
    this.eyes.addEventListener('change', () => player.setViewer(Number(this.eyes.value)));
    this.el = h(
      'div',
      { class: 'replay-bar', testid: 'replay-controls' },
      h('div', { class: 'rp-row' }, this.scrub, this.counter),
      h(
        'div',
        { class: 'rp-row rp-buttons' },
        h('div', { class: 'rp-transport' }, this.first, this.prev, this.playBtn, this.next, this.last),
        this.speed,
        h('div', { class: 'rp-reveal' }, this.reveal, this.eyes),
      ),
      this.caption,
    );
    this.update();
  }

  private toggleReveal(): void {
    const on = this.player.table.viewer === SPECTATOR;
    this.player.setViewer(on ? Number(this.eyes.value) : SPECTATOR);
  }

  update(): void {
    const { position, length } = this.player;
    if (this.scrub.value !== String(position)) this.scrub.value = String(position);
    this.scrub.style.setProperty('--fill', `${length ? (position / length) * 100 : 100}%`);
    setText(this.counter, `${position} / ${length}`);
    setText(this.caption, this.describe(position));
    if (this.playing !== this.player.playing) {
      this.playing = this.player.playing;
      const title = this.playing ? 'Pause (space)' : 'Play (space)';
      this.playBtn.replaceChildren(replayIcon(this.playing ? 'pause' : 'play'));
      this.playBtn.title = title;
      this.playBtn.setAttribute('aria-label', title);
      this.playBtn.dataset.state = this.playing ? 'playing' : 'paused';
    }
    this.first.disabled = this.prev.disabled = position === 0;
    this.next.disabled = this.last.disabled = position === length;
    const viewer = this.player.table.viewer;
    const revealed = viewer !== SPECTATOR;
    this.reveal.setAttribute('aria-pressed', String(revealed));
    this.reveal.classList.toggle('on', revealed);
    setText(this.reveal, revealed ? 'Hide hands' : 'Reveal hands');
    this.eyes.hidden = !revealed;
    if (revealed && this.eyes.value !== String(viewer)) this.eyes.value = String(viewer);
  }
}
