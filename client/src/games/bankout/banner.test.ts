import { describe, expect, test } from '@jest/globals';
import { SPECTATOR } from '@parlor/shared/core/contract';
import { bankout } from '@parlor/shared/games/bankout/index';
import type { BankoutPublic } from '@parlor/shared/games/bankout/types';
import { bankoutBanner, bankoutHint } from './banner';
import { CSS } from './cardArt';

const SEATS = [
  { name: 'Ada', bot: false },
  { name: 'Bo', bot: false },
];
const fresh = (): BankoutPublic => {
  const s = bankout.setup(bankout.optionsSchema.parse({}), SEATS, 42);
  return bankout.view(s, SPECTATOR).public;
};
const nameOf = (seat: number) => ['Ada', 'Bo'][seat] ?? `Seat ${seat + 1}`;

describe('the Bankout banner', () => {
  test('the player to move is told it is their turn, in gold; the other watches', () => {
    const pub = fresh();
    const mine = bankoutBanner('playing', pub, pub.turn, nameOf);
    expect(mine).toEqual({
      title: 'YOUR TURN',
      sub: 'Draw, bank, or play a card from your hand',
      color: CSS.gold,
    });
    const theirs = bankoutBanner('playing', pub, 1 - pub.turn, nameOf);
    expect(theirs.title).toBe(`${nameOf(pub.turn).toUpperCase()}’S TURN`);
    expect(theirs.sub).toBe('Watch the deck…');
    expect(theirs.color).toBe(CSS.text);
    expect(bankoutBanner('playing', pub, -1, nameOf).sub).toBe('');
  });

  test('a prompt names who decides, and asks the seat it is for', () => {
    const pub = { ...fresh(), prompt: { kind: 'joker' as const, seat: 1 } };
    expect(bankoutBanner('playing', pub, 1, nameOf)).toMatchObject({ title: 'JOKER!', color: CSS.gold });
    expect(bankoutBanner('playing', pub, 0, nameOf)).toMatchObject({
      title: 'Bo drew a Joker',
      sub: 'Choosing swap, King or Queen…',
    });
    const counter = { ...pub, prompt: { kind: 'counter' as const, seat: 0 } };
    expect(bankoutBanner('playing', counter, 1, nameOf).sub).toBe('Ada may counter with a Joker…');
    const discard = { ...pub, prompt: { kind: 'discard' as const, seat: 0 } };
    expect(bankoutBanner('playing', discard, 0, nameOf).title).toBe('HAND LIMIT');
  });

  test('nothing shows outside play', () => {
    expect(bankoutBanner('finished', fresh(), 0, nameOf)).toEqual({ title: '', sub: '', color: CSS.text });
  });

  test('the hint says whose decision it is', () => {
    expect(bankoutHint('playing', [0], 0, nameOf)).toBe('Your decision');
    expect(bankoutHint('playing', [1], 0, nameOf)).toBe('Waiting for Bo…');
    expect(bankoutHint('playing', [1], -1, nameOf)).toBe('Watching · Bo to act');
    expect(bankoutHint('waiting', [1], 0, nameOf)).toBe('');
  });
});
