/** The Devices AI decides from its own view and plays the obvious moves right. */
import { SPECTATOR } from '../../core/contract';
import { randomBot } from './baselines';
import { devicesBot } from './bot';
import { legalActions } from './legal';
import { playGame } from './playout';
import { act, clockOn, deviceId, newGame, toNday } from './testkit';
import type { DevicesAction, DevicesState } from './types';
import { view } from './view';

const half = () => 0.5;

function decide(s: DevicesState, seat: number): DevicesAction {
  return devicesBot.decide(view(s, seat), legalActions(s, seat), half);
}

describe('the Devices AI', () => {
  test('buys a Device worth more than its Price', () => {
    const a = decide(clockOn(newGame()), 1);
    expect(a.type).toBe('purchase');
  });

  test('activates an untapped Mint for its mackerel', () => {
    let s = clockOn(newGame());
    s = act(s, 1, { type: 'purchase', blueprint: 'Mint' }).state;
    s.engine.wallets[1]!.money = 0;
    expect(decide(s, 1)).toEqual({ type: 'activate', device: deviceId(s, 1, 'Mint'), power: 'Coin' });
  });

  test('with nothing worth doing (nothing affordable, its proposal made), it passes', () => {
    const s = clockOn(newGame());
    expect(decide(s, 2).type).not.toBe('pass');
    s.engine.wallets[2]!.money = 0;
    s.submittedIn[2] = 1;
    expect(decide(s, 2)).toEqual({ type: 'pass' });
  });

  test('as the host seat it starts the Clock once it has nothing to buy', () => {
    const s = newGame();
    expect(decide(s, 0).type).not.toBe('startClock');
    s.engine.wallets[0]!.money = 0;
    s.submittedIn[0] = 1;
    expect(decide(s, 0)).toEqual({ type: 'startClock' });
  });

  test('bids on the Statue, but never against itself nor beyond what it can pay', () => {
    let s = clockOn(newGame());
    s.engine.wallets[1]!.money = 30;
    for (const b of s.engine.blueprints) if (b.name !== 'Golden Statue') b.price = 999;
    expect(decide(s, 1)).toMatchObject({ type: 'bid', blueprint: 'Golden Statue' });
    s = act(s, 1, { type: 'bid', blueprint: 'Golden Statue', amount: 26 }).state;
    expect(decide(s, 1).type).not.toBe('bid');
    s = act(s, 2, { type: 'bid', blueprint: 'Golden Statue', amount: 60 }).state;
    expect(decide(s, 1).type).not.toBe('bid');
  });

  test('takes from the leader with a Pickpocket', () => {
    let s = clockOn(newGame(4));
    s = act(s, 0, { type: 'purchase', blueprint: 'Pickpocket' }).state;
    s.engine.wallets[0]!.money = 0;
    s.engine.wallets[2]!.score = 9;
    expect(decide(s, 0)).toMatchObject({ type: 'activate', power: 'Lift', player: 2 });
  });

  test('never panics; in an emergency votes to end when leading, to resume when behind', () => {
    let s = clockOn(newGame(3));
    expect(legalActions(s, 1).some((a) => a.type === 'panic')).toBe(true);
    expect(decide(s, 1).type).not.toBe('panic');
    s.engine.wallets[1]!.score = 5;
    s = act(s, 0, { type: 'panic', on: true }).state;
    s = act(s, 2, { type: 'panic', on: true }).state;
    expect(decide(s, 1)).toEqual({ type: 'emergencyVote', choice: 'end' });
    expect(decide(s, 2)).toEqual({ type: 'emergencyVote', choice: 'resume' });
  });

  test('votes for its own proposal on Ballotday (once its shopping is done)', () => {
    let s = newGame(3);
    s = act(s, 1, {
      type: 'draft',
      spec: {
        name: 'Kiln',
        uniqueness: 'Player',
        count: 'Infinite',
        price: 10,
        powers: ['Fire (Tap): Gain m3'],
      },
    }).state;
    s = act(s, 1, { type: 'submit' }).state;
    s = toNday(s, 9);
    s.engine.wallets[1]!.money = 0;
    expect(decide(s, 1)).toEqual({ type: 'vote', proposal: 1, yes: true });
  });

  test('decides from a seat view only (a spectator view carries no seat)', () => {
    expect(view(newGame(), SPECTATOR).private).toBeNull();
    expect(view(newGame(), 2).private!.seat).toBe(2);
  });

  test('beats three random-action bots by a clear margin in 4-player games', () => {
    const games = 24;
    let wins = 0;
    for (let i = 0; i < games; i++) {
      const seat = i % 4;
      const bots = [randomBot, randomBot, randomBot, randomBot];
      bots[seat] = devicesBot;
      const end = playGame({ ndaySeconds: 45, nweeks: 3, targetPoints: 30 }, 1000 + i, bots).state;
      if (end.outcome!.winners.length === 1 && end.outcome!.winners[0] === seat) wins++;
    }
    // Chance alone would win about a quarter of these.
    expect(wins).toBeGreaterThanOrEqual(20);
  });
});
