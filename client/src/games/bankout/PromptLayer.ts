/**
 * Decisions that interrupt the turn, as a panel over the board: the Joker's effect, a counter to a
 * swap, the hand-limit discard. Each shows a countdown from the table deadline when there is one.
 */
import type { BankoutAction } from '@parlor/shared/games/bankout/types';
import { button, h, replace, setText } from '../../ui/dom';

export interface PromptOption {
  label: string;
  testid: string;
  action: BankoutAction | null;
  kind?: 'primary' | 'danger' | 'ghost';
  title?: string;
  /** A short explanation under the label. */
  help?: string;
  /** A card picture (data URL) above the label. */
  img?: string;
}

export interface PromptSpec {
  /** Re-render only when the key changes. */
  key: string;
  testid: string;
  title: string;
  text: string;
  options: PromptOption[];
  /** Local epoch ms, 0 = no limit. */
  deadline: number;
  /** Offer a Cancel button (a voluntary choice, not a forced prompt). */
  cancellable?: boolean;
}

export class PromptLayer {
  private el: HTMLDivElement;
  private key = '';
  private timerText: HTMLSpanElement | null = null;
  private timerBar: HTMLDivElement | null = null;
  private deadline = 0;
  private total = 0;
  private interval = 0;
  private dismissedKey = '';
  private forced: PromptSpec | null = null;
  private voluntary: PromptSpec | null = null;

  constructor(
    parent: HTMLElement,
    private readonly send: (a: BankoutAction) => void,
  ) {
    this.el = h('div', { class: 'bk-prompt-layer' });
    parent.append(this.el);
    this.interval = window.setInterval(() => this.tick(), 200);
  }

  /** The prompt the table demands now (from the view), or null. */
  update(spec: PromptSpec | null): void {
    this.forced = spec;
    this.render();
  }

  /** A choice the player opened (a Joker played from hand); closed by Cancel, a choice, or `null`. */
  setVoluntary(spec: PromptSpec | null): void {
    this.voluntary = spec;
    this.render();
  }

  get voluntaryKey(): string {
    return this.voluntary?.key ?? '';
  }

  private render(): void {
    const spec = this.forced && this.forced.key !== this.dismissedKey ? this.forced : this.voluntary;
    if (!spec || spec.key === this.dismissedKey) {
      if (this.key) replace(this.el);
      this.key = '';
      this.el.classList.remove('open');
      return;
    }
    if (spec.key === this.key) return;
    this.key = spec.key;
    this.deadline = spec.deadline;
    this.total = Math.max(1000, spec.deadline - Date.now());
    const opts = spec.options.map((o) => {
      const b = button(o.label, () => o.action && this.choose(o.action), {
        kind: o.kind,
        testid: o.testid,
        title: o.title,
        disabled: !o.action,
        class: o.img ? 'bk-card-choice' : '',
      });
      if (o.img) b.prepend(h('img', { attrs: { src: o.img, alt: '' } }));
      if (o.help) b.append(h('span', { class: 'opt-help', text: o.help }));
      return b;
    });
    this.timerText = h('span', { class: 'bk-timer-text', testid: 'prompt-countdown' });
    this.timerBar = h('div', { class: 'bk-timer-fill' });
    const panel = h(
      'div',
      { class: 'bk-prompt', testid: spec.testid, attrs: { role: 'dialog', 'aria-label': spec.title } },
      h(
        'div',
        { class: 'row' },
        h('h3', { class: 'grow', text: spec.title }),
        spec.deadline ? this.timerText : null,
      ),
      spec.deadline ? h('div', { class: 'bk-timer' }, this.timerBar) : null,
      h('p', { text: spec.text }),
      h('div', { class: 'bk-prompt-options' }, ...opts),
      spec.cancellable
        ? button('Cancel', () => this.dismiss(spec.key), {
            kind: 'ghost',
            small: true,
            testid: 'prompt-cancel',
          })
        : null,
    );
    replace(this.el, panel);
    this.el.classList.add('open');
    this.tick();
  }

  private choose(action: BankoutAction): void {
    this.send(action);
    this.dismiss(this.key);
  }

  private dismiss(key: string): void {
    this.dismissedKey = key;
    if (this.voluntary?.key === key) this.voluntary = null;
    this.render();
  }

  /** Forget a dismissal (after a refused action the prompt may show again). */
  reset(): void {
    this.dismissedKey = '';
    this.key = '';
    this.render();
  }

  private tick(): void {
    if (!this.key || !this.deadline || !this.timerText || !this.timerBar) return;
    const left = Math.max(0, this.deadline - Date.now());
    setText(this.timerText, `${Math.ceil(left / 1000)} s`);
    this.timerBar.style.width = `${Math.min(100, (left / this.total) * 100)}%`;
    this.timerBar.classList.toggle('low', left < 4000);
  }

  destroy(): void {
    window.clearInterval(this.interval);
    this.el.remove();
  }
}
