/** The Bankout turn banner's words for a snapshot: pure (no Phaser), the scene only draws them. */
import type { TableStatus } from '@parlor/shared/core/protocol';
import type { BankoutPublic } from '@parlor/shared/games/bankout/types';
import { CSS } from './cardArt';

export interface BannerText {
  title: string;
  sub: string;
  color: string;
}

/** Who acts and what they decide, as the banner says it to seat `me` (-1: a spectator). */
export function bankoutBanner(
  status: TableStatus,
  pub: BankoutPublic,
  me: number,
  nameOf: (seat: number) => string,
): BannerText {
  let title = '';
  let sub = '';
  let color: string = CSS.text;
  if (status === 'playing') {
    const prompt = pub.prompt;
    const actor = prompt ? prompt.seat : pub.turn;
    const mine = actor === me;
    if (prompt?.kind === 'joker') {
      title = mine ? 'JOKER!' : `${nameOf(actor)} drew a Joker`;
      sub = mine ? 'Choose its effect' : 'Choosing swap, King or Queen…';
    } else if (prompt?.kind === 'counter') {
      title = mine ? 'SWAP DECLARED' : 'Swap declared';
      sub = mine
        ? 'Counter it with a Joker, or let it through'
        : `${nameOf(actor)} may counter with a Joker…`;
    } else if (prompt?.kind === 'discard') {
      title = mine ? 'HAND LIMIT' : `${nameOf(actor)} is over the hand limit`;
      sub = mine ? 'Discard one card' : 'Discarding a card…';
    } else if (mine) {
      title = 'YOUR TURN';
      sub = 'Draw, bank, or play a card from your hand';
      color = CSS.gold;
    } else {
      title = `${nameOf(actor).toUpperCase()}’S TURN`;
      sub = me >= 0 ? 'Watch the deck…' : '';
    }
    if (mine && prompt) color = CSS.gold;
  }
  return { title, sub, color };
}

/** The hint under the action buttons: whose decision it is. */
export function bankoutHint(
  status: TableStatus,
  toAct: number[],
  me: number,
  nameOf: (seat: number) => string,
): string {
  if (status !== 'playing') return '';
  const others = toAct.filter((seat) => seat !== me);
  const waitingFor = toAct.includes(me) ? '' : others.length ? nameOf(others[0] as number) : '';
  if (me < 0) return `Watching · ${waitingFor ? `${waitingFor} to act` : ''}`;
  return waitingFor ? `Waiting for ${waitingFor}…` : 'Your decision';
}
