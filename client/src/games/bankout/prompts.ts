/** Builds the prompt panels (Joker, counter, discard) from the view and the legal actions. */
import type { BankoutAction, CardId, JokerChoice } from '@parlor/shared/games/bankout/types';
import type { TableSnapshot } from '../../net/TableConnection';
import type { BankoutView } from './adapter';
import { cardName } from './cardArt';
import type { PromptOption, PromptSpec } from './PromptLayer';

const CHOICES: { choice: JokerChoice; label: string; help: string; kind?: 'primary' }[] = [
  {
    choice: 'swap',
    label: 'Swap banks',
    help: 'Trade banks with your opponent; your loot is forfeited and the turn ends.',
  },
  {
    choice: 'king',
    label: 'King effect',
    help: 'Double your loot and bank it; the turn ends.',
    kind: 'primary',
  },
  { choice: 'queen', label: 'Queen effect', help: 'Jacks −1 and latent Aces −1; the turn goes on.' },
];

function jokerOptions(find: (c: JokerChoice) => BankoutAction | undefined): PromptOption[] {
  return CHOICES.map((c) => ({
    label: c.label,
    testid: `joker-${c.choice}`,
    action: find(c.choice) ?? null,
    kind: c.kind,
    help: find(c.choice) ? c.help : 'Not possible: the opponent’s bank is $0.',
    title: find(c.choice)
      ? c.help
      : c.choice === 'swap'
        ? 'Not possible: the opponent’s bank is $0.'
        : 'Not possible now.',
  }));
}

/** A round-3 Joker played from hand: a voluntary choice, so it can be cancelled. */
export function jokerPlayPrompt(
  card: CardId,
  plays: Extract<BankoutAction, { type: 'play' }>[],
  key: string,
): PromptSpec {
  return {
    key: `play:${card}:${key}`,
    testid: 'prompt-joker-play',
    title: 'Play your Joker',
    text: 'Choose its effect.',
    options: jokerOptions((choice) => plays.find((p) => p.choice === choice)),
    deadline: 0,
    cancellable: true,
  };
}

export function buildPrompt(
  snap: TableSnapshot,
  v: BankoutView,
  legal: BankoutAction[],
  cardImage: (id: CardId) => string,
): PromptSpec | null {
  const prompt = v.public.prompt;
  if (!prompt || prompt.seat !== snap.mySeat || snap.status !== 'playing') return null;
  const key = `${prompt.kind}:${v.public.turnNumber}:${snap.deadline}`;
  const deadline = snap.deadlineSeat === snap.mySeat || snap.deadlineSeat < 0 ? snap.deadline : 0;
  const opp = v.public.players[1 - snap.mySeat]?.name || 'Your opponent';
  switch (prompt.kind) {
    case 'joker':
      return {
        key,
        testid: 'prompt-joker',
        title: 'Joker!',
        text: 'Choose what it does. With no answer, it acts as a Queen.',
        options: jokerOptions((choice) => legal.find((a) => a.type === 'joker' && a.choice === choice)),
        deadline,
      };
    case 'counter': {
      // Every round-3 swap asks, Joker or not, so the question itself gives nothing away.
      const yes = legal.find((a) => a.type === 'counter' && a.accept) ?? null;
      const no = legal.find((a) => a.type === 'counter' && !a.accept) ?? null;
      return {
        key,
        testid: 'prompt-counter',
        title: 'Swap declared!',
        text: `${opp} played a Joker to swap banks with you. Discard a Joker from your hand to cancel it, or let it through. With no answer, the swap happens. ${opp} is asked to wait the same whether you hold a Joker or not.`,
        options: [
          {
            label: 'Counter with my Joker',
            testid: 'counter-yes',
            action: yes,
            kind: 'primary',
            help: yes ? 'Both Jokers are discarded; no swap.' : 'You hold no Joker.',
            title: yes ? undefined : 'You hold no Joker: you can only let the swap through.',
          },
          { label: 'Let the swap through', testid: 'counter-no', action: no, kind: 'ghost' },
        ],
        deadline,
      };
    }
    case 'discard': {
      const options: PromptOption[] = legal
        .filter((a): a is Extract<BankoutAction, { type: 'discard' }> => a.type === 'discard')
        .map((a) => ({
          label: cardName(a.card),
          testid: `discard-${a.card}`,
          action: a,
          img: cardImage(a.card),
        }));
      return {
        key,
        testid: 'prompt-discard',
        title: 'Hand limit',
        text: 'You may hold 2 cards. Tap the one to discard. With no answer, the oldest goes.',
        options,
        deadline,
      };
    }
  }
}
