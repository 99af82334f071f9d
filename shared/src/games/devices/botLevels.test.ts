/**
 * The three levels of the Devices bot: each answers with a listed action from its seat's view, is
 * deterministic for a seed, and plays as its level says (bench/bot-levels.ts measures strength).
 */
import type { BotLevel } from '../../core/contract';
import { canonicalJson, playout } from '../../core/playout';
import { Random, seedRng } from '../../core/rng';
import { devicesBot } from './bot';
import { devices } from './index';
import { legalActions } from './legal';
import { act, clockOn, newGame } from './testkit';
import type { DevicesAction, DevicesState } from './types';
import { view } from './view';

const half = () => 0.5;

function decide(s: DevicesState, seat: number, level: BotLevel, random = half): DevicesAction {
  return devicesBot.decide(view(s, seat), legalActions(s, seat), random, level);
}

/** Every action of a short three-bot game at one level (the playout refuses unlisted answers). */
function game(level: BotLevel, seed: number): string[] {
  const r = playout(
    devices,
    { ndaySeconds: 45, nweeks: 1, targetPoints: 30 },
    seed,
    [devicesBot, devicesBot, devicesBot],
    {
      levels: [level, level, level],
      seatChoice: 'random',
      unlisted: 'throw',
      seats: ['Ada', 'Bo', 'Cy'].map((name) => ({ name, bot: true })),
    },
  );
  expect(r.state.outcome).not.toBeNull();
  return r.actions.map((a) => `${a.seat}:${canonicalJson(a.action)}`);
}

describe.each(['easy', 'normal', 'hard'] as const)('the %s Devices bot', (level) => {
  test('plays a whole game with listed actions only and replays it exactly for a seed', () => {
    const first = game(level, 7);
    expect(first.length).toBeGreaterThan(10);
    expect(game(level, 7)).toEqual(first);
  });
});

describe('what tells the levels apart', () => {
  test("easy misses an aimed Power: it does not pick the leader's pocket that normal picks", () => {
    let s = clockOn(newGame(4));
    s = act(s, 0, { type: 'purchase', blueprint: 'Pickpocket' }).state;
    s.engine.wallets[0]!.money = 0;
    s.engine.wallets[2]!.score = 9;
    expect(decide(s, 0, 'normal')).toMatchObject({ type: 'activate', power: 'Lift', player: 2 });
    expect(decide(s, 0, 'hard')).toMatchObject({ type: 'activate', power: 'Lift', player: 2 });
    const easy = decide(s, 0, 'easy');
    expect(easy.type === 'activate' && easy.player !== undefined).toBe(false);
  });

  test('easy never bids, proposes or accepts, and votes to resume an emergency even when it leads', () => {
    let s = clockOn(newGame(3));
    for (let i = 0; i < 20; i++) {
      const r = new Random(seedRng(i));
      const a = decide(s, 1, 'easy', () => r.float());
      expect(['bid', 'draft', 'submit', 'accept', 'convert']).not.toContain(a.type);
    }
    s.engine.wallets[1]!.score = 5;
    s = act(s, 0, { type: 'panic', on: true }).state;
    s = act(s, 2, { type: 'panic', on: true }).state;
    expect(decide(s, 1, 'normal')).toEqual({ type: 'emergencyVote', choice: 'end' });
    expect(decide(s, 1, 'easy')).toEqual({ type: 'emergencyVote', choice: 'resume' });
  });

  test("easy values a Blueprint by its Points and price only: it buys the cheap Lucky Charm where the others see a Power's yield", () => {
    const s = clockOn(newGame(4));
    s.engine.wallets[1]!.money = 20;
    // Four nweeks ahead, mackerel buy Devices that earn mackerel (a Mint's Coin, a Fish Stall's Sell).
    for (const level of ['normal', 'hard'] as const) {
      const a = decide(s, 1, level);
      expect(a.type).toBe('purchase');
      expect(['Mint', 'Fish Stall']).toContain(a.type === 'purchase' && a.blueprint);
    }
    expect(decide(s, 1, 'easy')).toEqual({ type: 'purchase', blueprint: 'Lucky Charm' });
  });

  test('in the last nweek normal and hard turn mackerel into Points by the Lucky Charm, not into Devices', () => {
    const s = clockOn(newGame(4, { nweeks: 1 }));
    s.engine.wallets[1]!.money = 60;
    s.submittedIn[1] = 1;
    expect(decide(s, 1, 'normal')).toEqual({ type: 'purchase', blueprint: 'Lucky Charm' });
    expect(decide(s, 1, 'hard')).toEqual({ type: 'purchase', blueprint: 'Lucky Charm' });
  });

  test('hard puts less noise on its scores than normal: on a near-tie it draws the better move every time', () => {
    // The last nweek with m12: a Lucky Charm (a Point for m5) is a little better than passing.
    const s = clockOn(newGame(4, { nweeks: 1 }));
    s.engine.wallets[1]!.money = 12;
    s.submittedIn[1] = 1;
    const answers = (level: BotLevel) => {
      const counts = new Map<string, number>();
      for (let i = 0; i < 40; i++) {
        const r = new Random(seedRng(`${i}`.padStart(64, '0')));
        const k = canonicalJson(decide(s, 1, level, () => r.float()));
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      return counts;
    };
    const charm = canonicalJson({ type: 'purchase', blueprint: 'Lucky Charm' });
    const normal = answers('normal');
    const hard = answers('hard');
    expect(normal.size).toBeGreaterThan(1);
    expect([...hard]).toEqual([[charm, 40]]);
    expect(normal.get(charm)).toBeGreaterThan(20);
  });
});
