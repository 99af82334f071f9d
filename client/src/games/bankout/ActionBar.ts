/**
 * Bankout's action buttons (DOM, under the board): Draw, Bank, End turn, and a Play button per
 * playable hand card. Every button is enabled only when its action is in the seat's legal list.
 */
import type { BankoutAction, CardId } from '@parlor/shared/games/bankout/types';
import { button, h, setText } from '../../ui/dom';
import { patchChildren } from '../../ui/keyed';
import { cardName } from './cardArt';
import { money } from './Ticker';

export interface ActionBarState {
  legal: BankoutAction[];
  loot: number;
  /** Shown when no button applies ("Waiting for Ada…", "Watching"). */
  hint: string;
}

export class ActionBar {
  readonly el: HTMLDivElement;
  private draw: HTMLButtonElement;
  private bank: HTMLButtonElement;
  private end: HTMLButtonElement;
  private plays: HTMLDivElement;
  private hint: HTMLDivElement;
  private playKey = '';

  constructor(
    parent: HTMLElement,
    send: (a: BankoutAction) => void,
    private readonly onPlayCard: (card: CardId) => void,
  ) {
    this.draw = button('Draw', () => send({ type: 'draw' }), {
      kind: 'primary',
      testid: 'action-draw',
      title: 'Draw the top card of the deck',
    });
    this.bank = button('Bank', () => send({ type: 'bank' }), {
      testid: 'action-bank',
      class: 'bk-bank',
      title: 'Add your loot to your bank and end the turn',
    });
    this.end = button('End turn', () => send({ type: 'endTurn' }), {
      kind: 'ghost',
      testid: 'action-end-turn',
      title: 'End the turn without banking: this turn’s loot is lost',
    });
    this.plays = h('div', { class: 'bk-plays' });
    this.hint = h('div', { class: 'bk-hint', testid: 'action-hint' });
    this.el = h(
      'div',
      { class: 'bk-actions', testid: 'bankout-actions' },
      this.plays,
      h('div', { class: 'bk-main' }, this.end, this.bank, this.draw),
      this.hint,
    );
    parent.append(this.el);
  }

  update(s: ActionBarState): void {
    const has = (t: BankoutAction['type']): boolean => s.legal.some((a) => a.type === t);
    this.draw.disabled = !has('draw');
    this.bank.disabled = !has('bank');
    this.end.disabled = !has('endTurn');
    setText(this.bank, s.loot > 0 ? `Bank ${money(s.loot)}` : 'Bank');
    const cards = [...new Set(s.legal.flatMap((a) => (a.type === 'play' ? [a.card] : [])))];
    const key = cards.join(',');
    if (key !== this.playKey) {
      this.playKey = key;
      patchChildren(
        this.plays,
        ...cards.map((card) =>
          button(`Play ${cardName(card)}`, () => this.onPlayCard(card), {
            small: true,
            class: 'bk-play',
            testid: `action-play-${card}`,
            title: 'Play this card from your hand (or tap the card)',
          }),
        ),
      );
    }
    const anyButton = has('draw') || has('bank') || has('endTurn');
    this.el.classList.toggle('idle', !anyButton);
    setText(this.hint, anyButton ? '' : s.hint);
  }

  destroy(): void {
    this.el.remove();
  }
}
