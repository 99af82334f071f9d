/**
 * Bankout's hand view on a phone (party mode): the board is on the TV, the phone shows this seat's
 * own hand, bank, the loot at stake and the chance the next draw busts. The draw/bank/play buttons
 * stay in the action strip under it, and prompts (Joker, counter, discard) over it, as ever.
 */
import type { BankoutPrivate, BankoutPublic } from '@parlor/shared/games/bankout/types';
import type { HandHost, HandView } from '../../party/types';
import type { TableSnapshot } from '../../net/TableConnection';
import { h, replace, setText } from '../../ui/dom';
import { cardName, parseCard } from './cardArt';
import { money } from './Ticker';

export function bankoutHandView(host: HandHost): HandView {
  const status = h('div', { class: 'hv-status', testid: 'hand-status' });
  const figures = h('div', { class: 'hv-figures', testid: 'hand-figures' });
  const drawn = h('div', { class: 'hv-drawn', testid: 'hand-drawn' });
  const hand = h('div', { class: 'hv-cards', testid: 'hand-cards' });
  host.el.append(
    status,
    figures,
    h('div', { class: 'hv-label', text: 'Drawn this turn' }),
    drawn,
    h('div', { class: 'hv-label', text: 'Your hand' }),
    hand,
  );
  const card = (id: string) => {
    const { suit } = parseCard(id);
    const red = suit === 'H' || suit === 'D';
    return h('span', { class: `hv-card${red ? ' red' : ''}`, testid: `hand-card-${id}`, text: cardName(id) });
  };
  return {
    update(s: TableSnapshot) {
      const pub = s.view?.public as BankoutPublic | undefined;
      const priv = s.view?.private as BankoutPrivate | null | undefined;
      const me = pub?.players[s.mySeat];
      if (!pub || !me) return;
      const mine = pub.turn === s.mySeat && s.status === 'playing';
      const turnName = pub.players[pub.turn]?.name ?? '';
      setText(
        status,
        s.status !== 'playing'
          ? ''
          : mine
            ? me.loot > 0
              ? `Your turn: ${money(me.loot)} at stake`
              : 'Your turn: draw'
            : `${turnName} is playing`,
      );
      status.classList.toggle('mine', mine);
      const risk = priv && priv.bustRisk > 0 ? `${Math.round(priv.bustRisk * 100)}% bust risk` : '';
      replace(
        figures,
        h('span', { text: `Bank ${money(me.bank)}` }),
        pub.mode === 'blitz' ? null : h('span', { text: `${me.roundsWon} won` }),
        h('span', { text: pub.suddenDeath ? 'Sudden death' : `Round ${pub.round}` }),
        risk ? h('span', { class: 'risk', text: risk }) : null,
      );
      replace(
        drawn,
        ...(pub.drawnThisTurn.length
          ? pub.drawnThisTurn.map(card)
          : [h('span', { class: 'hv-none', text: 'Nothing yet' })]),
      );
      const cards = priv?.hand ?? [];
      replace(
        hand,
        ...(cards.length ? cards.map(card) : [h('span', { class: 'hv-none', text: 'No cards' })]),
      );
    },
    destroy() {
      host.el.replaceChildren();
    },
  };
}
