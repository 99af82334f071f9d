/**
 * The phone's hand view switch (party mode): a seated player at a game that has a hand view
 * (`ClientGame.party.hand`) can show only their own hand, choices and status in the board's place,
 * the board being on the TV. The action strip and the game's prompts stay where they are; the
 * choice is remembered per browser. The game fills the view; this only swaps it with the canvas,
 * whose drawing stops while hidden (the scene keeps updating: nothing it receives is lost).
 */
import type { TableSnapshot, TableConnection } from '../net/TableConnection';
import { button, h } from '../ui/dom';
import { prefs } from '../ui/storage';
import type { HandView, PartyPieces } from './types';
import './hand.css';

export class HandDock {
  readonly el = h('div', { class: 'hand-view', testid: 'hand-view' });
  readonly toggle: HTMLButtonElement;
  private view: HandView | null = null;
  private seated = false;

  constructor(
    private readonly conn: TableConnection,
    private readonly pieces: PartyPieces,
    private readonly relayout: () => void,
    /** The board's canvas is drawn (false: hidden behind the hand view, its scene still updated). */
    private readonly drawBoard: (draw: boolean) => void = () => undefined,
  ) {
    // A pill in the board's corner, on a narrow phone over the end of the top bar's title row (the
    // only place free in every game: table.css, body.hand-able).
    this.toggle = button('Hand', () => this.set(!prefs.handView), {
      small: true,
      class: 'hand-toggle',
      testid: 'hand-toggle',
      title: 'Show only your hand (the board is on the TV)',
    });
    this.toggle.style.display = 'none';
  }

  private set(on: boolean): void {
    prefs.handView = on;
    const s = this.conn.snapshot();
    if (s) this.update(s);
    this.relayout();
  }

  update(s: TableSnapshot): void {
    this.seated = s.mySeat >= 0 && s.status !== 'waiting';
    const on = this.seated && prefs.handView && !!this.pieces.hand;
    const able = this.seated && !!this.pieces.hand;
    this.toggle.style.display = able ? '' : 'none';
    document.body.classList.toggle('hand-able', able);
    this.toggle.textContent = on ? 'Board' : 'Hand';
    this.toggle.title = on ? 'Show the whole board again' : 'Show only your hand (the board is on the TV)';
    this.toggle.setAttribute('aria-pressed', String(on));
    if (on && !this.view && this.pieces.hand) this.view = this.pieces.hand({ el: this.el, conn: this.conn });
    if (!on && this.view) {
      this.view.destroy();
      this.view = null;
    }
    if (document.body.classList.contains('hand-on') !== on) this.drawBoard(!on);
    document.body.classList.toggle('hand-on', on);
    this.view?.update(s);
  }

  destroy(): void {
    this.view?.destroy();
    this.view = null;
    if (document.body.classList.contains('hand-on')) this.drawBoard(true);
    document.body.classList.remove('hand-on', 'hand-able');
    this.el.remove();
    this.toggle.remove();
  }
}
