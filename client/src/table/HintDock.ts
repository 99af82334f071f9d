/**
 * "What would you do?": a button at the end of the action strip for a seated player whose turn it
 * is, and the answer as one dismissible line above the strip (what the normal bot would play from
 * this seat's view, and why): beside the game's own buttons, never over its board. The server
 * computes it (the `hint` message); the line goes once the position changes. Generic: it knows no
 * game.
 */
import { ClientMsg, ErrorCode } from '@parlor/shared/core/protocol';
import type { TableConnection, TableSnapshot } from '../net/TableConnection';
import { button, h, setText } from '../ui/dom';
import { icon } from '../ui/icons';
import { canAskHint, hintPosition } from './hintModel';

/** Refusals that answer a pending hint request (the button comes back). */
const HINT_REFUSALS: ReadonlySet<string> = new Set([
  ErrorCode.NOT_YOUR_TURN,
  ErrorCode.HINTS_OFF,
  ErrorCode.NOT_PLAYING,
  ErrorCode.SPECTATOR,
  ErrorCode.RATE_LIMITED,
  'OFFLINE',
]);

export class HintDock {
  /** The button's place at the end of the action strip. */
  readonly slot = h('div', { class: 'hint-slot', testid: 'hint-slot' });
  /** The answer, above the strip. */
  readonly line: HTMLElement;
  private ask: HTMLButtonElement;
  private label = h('strong', { class: 'hint-label', testid: 'hint-label' });
  private why = h('span', { class: 'hint-why', testid: 'hint-why' });
  private pending = false;
  /** The position the line answers ('' when none is shown). */
  private shownAt = '';
  private unsubs: (() => void)[] = [];

  /** `onResize`: the strip's height changed (the board gets the rest). */
  constructor(
    private readonly conn: TableConnection,
    private readonly onResize: () => void = () => undefined,
  ) {
    this.ask = button('', () => this.request(), {
      small: true,
      class: 'hint-button',
      testid: 'hint-button',
      title: 'What would the AI play from your seat? (it sees only what you see)',
    });
    this.ask.append(icon('bulb', 18), h('span', { class: 'label', text: 'What would you do?' }));
    this.ask.setAttribute('aria-label', 'What would you do? A hint for your turn');
    const close = button('', () => this.dismiss(), {
      small: true,
      kind: 'ghost',
      class: 'icon hint-close',
      testid: 'hint-dismiss',
      title: 'Dismiss the hint',
    });
    close.append(icon('close', 14));
    close.setAttribute('aria-label', 'Dismiss the hint');
    this.line = h(
      'div',
      { class: 'hint-line', testid: 'hint-line', attrs: { role: 'status' } },
      icon('bulb', 16),
      h('div', { class: 'hint-text' }, this.label, this.why),
      close,
    );
    this.slot.append(this.ask);
    this.line.hidden = true;
    this.slot.hidden = true;
    this.unsubs.push(
      conn.on('hint', (hint) => {
        this.pending = false;
        const s = conn.snapshot();
        if (!s || !canAskHint(s, true)) return this.update(s);
        setText(this.label, hint.label);
        setText(this.why, hint.why);
        this.line.dataset.action = JSON.stringify(hint.action);
        this.shownAt = hintPosition(s);
        this.update(s);
      }),
      conn.on('error', (e) => {
        if (!this.pending || !HINT_REFUSALS.has(e.code)) return;
        this.pending = false;
        this.update(conn.snapshot());
      }),
    );
    this.update(conn.snapshot());
  }

  update(s: TableSnapshot | null): void {
    const can = !!s && canAskHint(s, this.conn.hints === true);
    if (!can || (this.shownAt && s && hintPosition(s) !== this.shownAt)) this.dismiss(false);
    const showing = this.shownAt !== '';
    const before = [this.line.hidden, this.slot.hidden];
    this.line.hidden = !showing;
    this.slot.hidden = !can;
    this.ask.disabled = this.pending || showing;
    if (before[0] !== this.line.hidden || before[1] !== this.slot.hidden) this.onResize();
  }

  private request(): void {
    if (this.pending) return;
    this.pending = true;
    this.ask.disabled = true;
    this.conn.command(ClientMsg.hint);
  }

  private dismiss(render = true): void {
    this.shownAt = '';
    delete this.line.dataset.action;
    if (render) this.update(this.conn.snapshot());
  }

  destroy(): void {
    for (const u of this.unsubs) u();
    this.line.remove();
    this.slot.remove();
  }
}
