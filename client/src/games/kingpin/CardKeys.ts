/**
 * Kingpin's cards for the keyboard and screen readers: one toolbar (a single Tab stop, first in the
 * action bar) with a button per card the canvas shows you may touch: your hand, every board, the
 * Reserve and the Draw Pile. Arrow keys (and Home/End) go through them, Enter or Space does what a
 * tap does (select the card, in the attack planner choose an attacker or the target, buy from the
 * pile), Escape closes the selection or the planner. The selected card's actions then appear in
 * the controls, as for a tap, and the focus goes to the first of them. Only the focused card's
 * button is drawn (over the action bar, with a word of help), and only for the keyboard's focus;
 * the others are read, not shown. The keyboard's focus is :focus-visible while the last input was a
 * key: Chromium also draws it for a focus put there by script before any input (a table opened from
 * a link, a match started by another seat, the platform moving the focus to the bar at your turn),
 * which on a phone put the panel over the board; the class kp-keys-typed follows the last input
 * (a key: on; a tap, click or pen: off; none yet: off).
 * The words come from cardKeysModel (pure); the scene does what a tap would.
 */
import { h } from '../../ui/dom';
import './cardKeys.css';

/** One card the keyboard can reach. */
export interface CardKey {
  /** Stable across redraws: `board-<seat>-<slot>`, `hand-<card>`, `reserve-<card>`, `pile`. */
  key: string;
  /** What a screen reader says: where, which card, its figures, its mark. */
  label: string;
}

/** The page's last input was a key (kept across tables: a table opened by keyboard starts typed). */
let lastTyped = false;

/** true: a key; false: a tap, click or pen; null: a phone's on-screen typing (composed), not counted. */
function isTyped(e: Event): boolean | null {
  if (e.type !== 'keydown') return false;
  const k = e as KeyboardEvent;
  return !k.isComposing && k.key !== 'Unidentified' && k.keyCode !== 229 ? true : null;
}

if (typeof document !== 'undefined') {
  const note = (e: Event): void => {
    lastTyped = isTyped(e) ?? lastTyped;
  };
  document.addEventListener('keydown', note, true);
  document.addEventListener('pointerdown', note, true);
}

export class CardKeys {
  readonly el: HTMLDivElement;
  private list = h('div', { class: 'kp-keys-list' });
  private help = h('div', {
    class: 'kp-keys-help',
    attrs: { 'aria-hidden': 'true' },
    text: '← → cards · Enter choose · Esc close',
  });
  private keys: CardKey[] = [];
  /** The card holding the single Tab stop (kept across redraws by its key). */
  private current = '';
  /** The last input was a key (a phone's on-screen typing, composed, does not count). */
  private typed = lastTyped;

  constructor(
    parent: HTMLElement,
    private readonly choose: (key: string) => void,
    private readonly escape: () => void,
    /** The focused card (null: the toolbar lost the focus), to draw its ring on the canvas. */
    private readonly focused: (key: string | null) => void,
  ) {
    this.el = h(
      'div',
      {
        class: 'kp-keys sr-only',
        testid: 'kp-keys',
        attrs: {
          role: 'toolbar',
          'aria-label': 'Cards: arrow keys go through them, Enter chooses',
          'aria-orientation': 'horizontal',
        },
      },
      this.list,
      this.help,
    );
    this.el.classList.toggle('kp-keys-typed', this.typed);
    this.el.addEventListener('keydown', (e) => this.onKey(e));
    // The ring on the canvas goes with the drawn button: for the keyboard's focus only.
    this.el.addEventListener('focusin', () => this.ring());
    document.addEventListener('keydown', this.onInput, true);
    document.addEventListener('pointerdown', this.onInput, true);
    this.el.addEventListener('focusout', (e) => {
      if (!(e.relatedTarget instanceof Node) || !this.el.contains(e.relatedTarget)) this.focused(null);
    });
    parent.prepend(this.el);
  }

  /** Draws the cards again; the focused one stays focused (same key) or its neighbour takes over. */
  update(keys: CardKey[]): void {
    const had = this.el.contains(document.activeElement);
    const oldIndex = this.keys.findIndex((k) => k.key === this.current);
    this.keys = keys;
    this.el.hidden = keys.length === 0;
    if (!keys.some((k) => k.key === this.current))
      this.current = keys[Math.min(Math.max(oldIndex, 0), keys.length - 1)]?.key ?? '';
    // Buttons updated in place: a redraw never drops the focus from the card the player is on.
    const buttons = [...this.list.children] as HTMLButtonElement[];
    keys.forEach((k, i) => {
      let b = buttons[i];
      if (!b) {
        b = h('button', { class: 'kp-key', attrs: { type: 'button', 'data-keyboard-only': '' } });
        b.addEventListener('click', () => this.choose(b!.dataset.key ?? ''));
        this.list.append(b);
      }
      if (b.dataset.key !== k.key) {
        b.dataset.key = k.key;
        b.dataset.testid = `kp-key-${k.key}`;
      }
      if (b.textContent !== k.label) b.textContent = k.label;
      b.tabIndex = k.key === this.current ? 0 : -1;
    });
    for (const b of buttons.slice(keys.length)) b.remove();
    if (had && !this.el.contains(document.activeElement))
      this.button(this.current)?.focus({ preventScroll: true });
    if (this.keyboardFocus()) this.focused(this.current || null);
  }

  /** Takes the document's listeners away (the scene is closed). */
  destroy(): void {
    document.removeEventListener('keydown', this.onInput, true);
    document.removeEventListener('pointerdown', this.onInput, true);
    this.el.remove();
  }

  /** A key or a pointer: the panel (and the ring) follow the input the player uses now. */
  private onInput = (e: Event): void => {
    const typed = isTyped(e);
    if (typed === null || typed === this.typed) return;
    this.typed = typed;
    this.el.classList.toggle('kp-keys-typed', typed);
    if (this.el.contains(document.activeElement)) this.ring();
  };

  /** The toolbar holds the keyboard's focus: one of its cards, focus-visible, after a key. */
  private keyboardFocus(): boolean {
    const a = document.activeElement;
    return this.typed && !!a && this.el.contains(a) && a.matches(':focus-visible');
  }

  private ring(): void {
    this.focused(this.keyboardFocus() ? this.current || null : null);
  }

  /** Puts the focus on a card's button (or the current one). */
  focus(key = this.current): void {
    this.button(key)?.focus({ preventScroll: true });
  }

  private button(key: string): HTMLButtonElement | undefined {
    return ([...this.list.children] as HTMLButtonElement[]).find((b) => b.dataset.key === key);
  }

  private onKey(e: KeyboardEvent): void {
    const i = this.keys.findIndex((k) => k.key === this.current);
    const n = this.keys.length;
    let next = -1;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = (i + 1) % n;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = (i - 1 + n) % n;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = n - 1;
    else if (e.key === 'Escape') {
      e.preventDefault();
      this.escape();
      return;
    }
    if (next < 0 || !n) return;
    e.preventDefault();
    this.current = this.keys[next]!.key;
    for (const b of this.list.children as HTMLCollectionOf<HTMLButtonElement>)
      b.tabIndex = b.dataset.key === this.current ? 0 : -1;
    this.focus();
    this.focused(this.current);
  }
}
