/**
 * A hint's words for a Bankout action (see core/hint.ts): the action named as its button is, and
 * one line of why, from the seat's view alone (banks, loot, Jacks, the hand and the bust risk the
 * seat is shown).
 */
import type { HintWords } from '../../core/contract';
import { cardLabel, money, rankOf } from './cards';
import type { BankoutAction, BankoutPrivate, BankoutPublic, JokerChoice } from './types';
import type { GameView } from '../../core/contract';

const JOKER_LABEL: Record<JokerChoice, string> = {
  swap: 'Swap banks',
  king: 'King effect',
  queen: 'Queen effect',
};

export function explainBankout(
  view: GameView<BankoutPublic, BankoutPrivate>,
  action: BankoutAction,
): HintWords {
  const pub = view.public;
  const me = pub.prompt?.seat ?? pub.turn;
  const mine = pub.players[me];
  const theirs = pub.players[1 - me];
  const bank = mine?.bank ?? 0;
  const loot = mine?.loot ?? 0;
  const other = theirs?.bank ?? 0;
  const risk = Math.round((view.private?.bustRisk ?? 0) * 100);
  const race = pub.mode === 'bankout' || pub.suddenDeath;
  const reaches = (amount: number) => race && bank + amount >= 1000;
  const queenWhy = () =>
    (mine?.jacks ?? 0) > 0 || (mine?.latent ?? 0) > 0
      ? 'It cancels a Jack or a waiting Ace, so the turn goes on safely.'
      : 'It clears the way for the draws to come.';
  const kingWhy = () =>
    reaches(2 * loot)
      ? `Doubled, your ${money(loot)} loot takes your bank to $1,000.`
      : `It doubles your ${money(loot)} loot to ${money(2 * loot)} as it banks.`;
  const swapWhy = () => `Their bank (${money(other)}) is bigger than yours (${money(bank)}).`;

  switch (action.type) {
    case 'draw':
      return {
        label: 'Draw',
        why:
          loot === 0
            ? 'Your loot is $0: a draw risks nothing yet.'
            : `Only a ${risk}% chance to bust: worth it with ${money(loot)} at stake.`,
      };
    case 'bank':
      return {
        label: loot > 0 ? `Bank ${money(loot)}` : 'Bank',
        why: reaches(loot)
          ? `Banking now takes you to $1,000.`
          : `A ${risk}% chance to bust is too much to risk ${money(loot)} of loot.`,
      };
    case 'endTurn':
      return { label: 'End turn', why: 'Nothing better is left this turn.' };
    case 'play': {
      const rank = rankOf(action.card);
      if (rank === 'Q') return { label: `Play ${cardLabel(action.card)}`, why: queenWhy() };
      if (rank === 'K') return { label: `Play ${cardLabel(action.card)}`, why: kingWhy() };
      const choice = action.choice ?? 'queen';
      return {
        label: `Play your Joker: ${JOKER_LABEL[choice]}`,
        why: choice === 'swap' ? swapWhy() : choice === 'king' ? kingWhy() : queenWhy(),
      };
    }
    case 'joker':
      return {
        label: `Joker: ${JOKER_LABEL[action.choice]}`,
        why: action.choice === 'swap' ? swapWhy() : action.choice === 'king' ? kingWhy() : queenWhy(),
      };
    case 'counter': {
      const hasJoker = (view.private?.hand ?? []).some((c) => rankOf(c) === 'X');
      if (action.accept)
        return {
          label: 'Counter with your Joker',
          why: `Your ${money(bank)} bank is worth more than their ${money(other)}: keep it.`,
        };
      return {
        label: 'Let the swap through',
        why: hasJoker
          ? `Their ${money(other)} for your ${money(bank)} costs less than your Joker is worth.`
          : 'You hold no Joker to counter with.',
      };
    }
    case 'discard':
      return {
        label: `Discard ${cardLabel(action.card)}`,
        why: 'Of the cards in your hand, it is the one worth least to keep.',
      };
    default:
      return { label: action.type, why: 'The only move left.' };
  }
}
