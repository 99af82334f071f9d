/** The Devices AI decides from its own view and plays the obvious moves right. */
import { SPECTATOR } from '../../core/contract';
import { randomBot } from './baselines';
import { devicesBot, makeDevicesBot } from './bot';
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

  test("jams a rival's Lucky Charm (a tapped Charm cannot be Wished, and blocks another): it stops the Charm loop", () => {
    let s = clockOn(newGame(2, { nweeks: 1 }));
    s = act(s, 0, { type: 'purchase', blueprint: 'Lucky Charm' }).state;
    s = act(s, 1, { type: 'purchase', blueprint: 'Wrench' }).state;
    s.engine.wallets[1]!.money = 2;
    const charm = deviceId(s, 0, 'Lucky Charm');
    expect(decide(s, 1)).toMatchObject({ type: 'activate', power: 'Jam', target: charm });
  });

  test('never starts a Panic; in an emergency votes to end when leading, to resume when behind', () => {
    let s = clockOn(newGame(3));
    expect(legalActions(s, 1).some((a) => a.type === 'panic')).toBe(true);
    expect(decide(s, 1).type).not.toBe('panic');
    s.engine.wallets[1]!.score = 5;
    s = act(s, 0, { type: 'panic', on: true }).state;
    s = act(s, 2, { type: 'panic', on: true }).state;
    expect(decide(s, 1)).toEqual({ type: 'emergencyVote', choice: 'end' });
    expect(decide(s, 2)).toEqual({ type: 'emergencyVote', choice: 'resume' });
  });

  test('joins a Panic a person pressed when it leads (the emergency would end the game for it), not when behind', () => {
    let s = clockOn(newGame(3));
    s.engine.wallets[1]!.score = 5;
    // Nobody pressed: the leader starts no Panic of its own.
    expect(decide(s, 1).type).not.toBe('panic');
    s = act(s, 0, { type: 'panic', on: true }).state;
    // Panic 1/2: the leading bot presses its button; the bot behind does not (and the old bot never did).
    expect(decide(s, 1)).toEqual({ type: 'panic', on: true });
    expect(decide(s, 2).type).not.toBe('panic');
    const old = makeDevicesBot({ variety: 0 }).decide(view(s, 1), legalActions(s, 1), half);
    expect(old.type).not.toBe('panic');
    // Its press opens the emergency (2 of 3 seats), where it votes to end.
    s = act(s, 1, { type: 'panic', on: true }).state;
    expect(s.phase).toBe('emergency');
    expect(decide(s, 1)).toEqual({ type: 'emergencyVote', choice: 'end' });
  });

  test("votes on a person's proposal on its merits: yes when it is worth its Price to the bot, no otherwise", () => {
    const propose = (s: DevicesState, name: string, price: number, power: string) => {
      s = act(s, 0, {
        type: 'draft',
        spec: { name, uniqueness: 'Player', count: 'Infinite', price, powers: [power] },
      }).state;
      return act(s, 0, { type: 'submit' }).state;
    };
    let s = propose(newGame(3), 'Press', 12, 'Print (Tap): Gain m5');
    s = toNday(s, 9);
    s.engine.wallets[1]!.money = 0;
    expect(decide(s, 1)).toEqual({ type: 'vote', proposal: 1, yes: true });
    let t = propose(newGame(3), 'Folly', 90, 'Print (Tap): Gain m1');
    t = toNday(t, 9);
    t.engine.wallets[1]!.money = 0;
    expect(decide(t, 1)).toEqual({ type: 'vote', proposal: 1, yes: false });
  });

  test('drafts one of the several listed Blueprints, drawn with the seeded random: bots do not all propose the same', () => {
    const names = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const s = newGame(3);
      const draftOnly = legalActions(s, 1).filter((a) => a.type === 'draft');
      let x = i + 1;
      const seeded = () => (x = (x * 48271) % 2147483647) / 2147483647;
      const a = devicesBot.decide(view(s, 1), draftOnly, seeded);
      expect(a.type).toBe('draft');
      if (a.type !== 'draft') continue;
      expect(act(s, 1, a).state.drafts[1]).toEqual(a.spec);
      names.add(a.spec.name.split(' ')[0]!);
    }
    expect(names.size).toBeGreaterThan(1);
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
