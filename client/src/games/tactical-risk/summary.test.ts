/** "Since your last turn": a turn the rules passed for one of mine does not hide what came before it. */
import { expect, test } from '@jest/globals';
import type { TrPublic, TrTurn } from './adapter';
import { passedTurn, seatWithFactions, turnLines, turnsSince } from './summary';

const turn = (faction: string, n: number, over: Partial<TrTurn> = {}): TrTurn => ({
  faction,
  round: 1,
  turn: n,
  done: true,
  changes: [],
  battles: [],
  spent: 0,
  income: 20,
  continents: [],
  ...over,
});

const pub = (turns: TrTurn[]) => ({ turns }) as unknown as TrPublic;

test('a passed turn of mine is no since-point: the Germans’ turn before it still shows', () => {
  const germans = turn('Germans', 1, {
    changes: [{ territory: 'Karelia', from: 'Russians', to: 'Germans' }],
  });
  const britishPassed = turn('British', 2, { income: 0 });
  const turns = [turn('Russians', 0), germans, britishPassed];
  expect(passedTurn(britishPassed)).toBe(true);
  expect(passedTurn(turns[0]!)).toBe(false);
  expect(turnsSince(pub(turns), ['Russians', 'British', 'Americans'])).toEqual([germans, britishPassed]);
  expect(turnLines(britishPassed)).toEqual(['Turn passed: capital lost, no income']);
});

test('a played turn of mine is the since-point', () => {
  const turns = [turn('Germans', 0), turn('Russians', 1, { spent: 12 }), turn('Japanese', 2)];
  expect(turnsSince(pub(turns), ['Russians']).map((r) => r.faction)).toEqual(['Japanese']);
});

test('the results name each seat with the factions it played', () => {
  const factions = [
    { name: 'Russians', seat: 0 },
    { name: 'Germans', seat: 1 },
    { name: 'British', seat: 0 },
  ] as TrPublic['factions'];
  expect(seatWithFactions({ factions }, 0, 'Ada')).toBe('Ada (Russians, British)');
  expect(seatWithFactions({ factions }, 1, 'Bot 2')).toBe('Bot 2 (Germans)');
  // A seat that plays no faction (none dealt yet) keeps its bare name.
  expect(seatWithFactions({ factions }, 2, 'Bo')).toBe('Bo');
});
