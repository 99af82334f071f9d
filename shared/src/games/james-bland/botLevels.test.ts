/**
 * The three levels of the James Bland bot: each answers with a listed action from its seat's view,
 * is deterministic for a seed, and plays as its level says (bench/bot-levels.ts measures strength).
 */
import type { BotLevel } from '../../core/contract';
import type { JamesBlandBot } from './baselines';
import { randomBot } from './baselines';
import { bestAssetBuy, jamesBlandBot } from './bot';
import { playMatch } from './playout';
import { legalActions } from './rules';
import { arrange, newMatch, playRound } from './testkit';
import type { JamesBlandAction, JamesBlandState } from './types';
import { view } from './view';

const at = (level: BotLevel): JamesBlandBot => ({
  decide: (v, legal, random) => jamesBlandBot.decide(v, legal, random, level),
});
const OPTIONS = { planningSeconds: 0, roundLimit: 30 };

function decide(s: JamesBlandState, seat: number, level: BotLevel): JamesBlandAction {
  return jamesBlandBot.decide(view(s, seat), legalActions(s, seat), () => 0.5, level);
}

/** Every action of a match, as canonical text, and every plan each seat made. */
function record(seed: number, bots: JamesBlandBot[]) {
  const actions: string[] = [];
  const plans: { seat: number; plan: Extract<JamesBlandAction, { type: 'plan' }>['plan'] }[] = [];
  playMatch(OPTIONS, seed, bots, {
    onStep: ({ seat, action }) => {
      actions.push(`${seat}:${JSON.stringify(action)}`);
      if (action.type === 'plan') plans.push({ seat, plan: action.plan });
    },
  });
  return { actions, plans };
}

describe.each(['easy', 'normal', 'hard'] as const)('the %s James Bland bot', (level) => {
  it('answers only with listed actions (playMatch refuses any other) and replays exactly per seed', () => {
    for (const seed of [3, 4]) {
      const four = [at(level), randomBot, at(level), at(level)];
      const first = record(seed, four);
      expect(first.plans.some((p) => p.seat === 0)).toBe(true);
      expect(record(seed, four).actions).toEqual(first.actions);
      const duel = record(seed, [at(level), at(level)]);
      expect(duel.plans.length).toBeGreaterThan(0);
    }
  });
});

describe('what tells the levels apart', () => {
  it('easy composes only plain plans: no enhancing, gadgets, predictions, banners or pacts', () => {
    const { plans } = record(5, [at('easy'), at('easy'), at('easy'), at('easy')]);
    expect(plans.length).toBeGreaterThan(8);
    for (const { plan } of plans) {
      expect(['safeTurn', 'assassination', 'sabotage', 'networkAttack', 'capture']).toContain(plan.offense);
      expect(['none', 'safeHouse', 'underground']).toContain(plan.defense);
      expect(plan.enhance).toBe(0);
      expect(plan.useGadget).toBeUndefined();
      expect(plan.predictions).toEqual([]);
    }
  });

  it('easy bribes the Mailman every other round; normal every round it can finish its dossier', () => {
    const duel = newMatch(2, 5);
    const r1 = playRound(duel, {}).state;
    const r2 = arrange(r1, {}, (x) => (x.round = 2));
    // Seat 0: round 2 is its Mailman round, round 1 is not.
    expect(decide(r2, 0, 'easy')).toEqual({ type: 'bribe', npc: 'mailman' });
    expect(decide(r1, 0, 'easy')).not.toEqual({ type: 'bribe', npc: 'mailman' });
    expect(decide(r1, 0, 'normal')).toEqual({ type: 'bribe', npc: 'mailman' });
  });

  it('hard buys the assets with the most income for its IP (the most assets in the full game); normal the cheapest first', () => {
    // A duel after its Mailman: six IP buy Tunnel Hub + Broadcast Station (yield 5), not the three cheapest (yield 4).
    const duel = arrange(playRound(newMatch(2, 2), {}).state, { 0: { ip: 6 } }, (x) => {
      x.agents[0]!.mailmanRound = x.round;
    });
    expect(bestAssetBuy(view(duel, 0).public, 6)).toBe('tunnelHub');
    expect(decide(duel, 0, 'hard')).toEqual({ type: 'buyAsset', asset: 'tunnelHub' });
    expect(decide(duel, 0, 'normal')).toEqual({ type: 'buyAsset', asset: 'broadcastStation' });
    // Four agents: Network Control needs three, so three assets (the best-paying three for 6 IP).
    const full = arrange(playRound(newMatch(4, 2), {}).state, { 0: { ip: 6 } });
    expect(bestAssetBuy(view(full, 0).public, 6)).toBe('broadcastStation');
    expect(decide(full, 0, 'hard')).toEqual({ type: 'buyAsset', asset: 'broadcastStation' });
  });

  it('hard keeps its IP in a dossier race it is about to win; normal goes shopping for gadgets', () => {
    const base = playRound(newMatch(2, 5), {}).state;
    const s = arrange(base, { 0: { ip: 12 } }, (x) => {
      for (const id of ['bank', 'armory', 'blackMarket', 'broadcastStation', 'tunnelHub'] as const)
        x.assets[id] = 1;
      // Two of the rival's three facts already held: its last card comes with a Mailman.
      const about = x.deck.filter((c) => c.about === 1);
      const [a, b] = [about[0]!, about.find((c) => c.fact !== about[0]!.fact)!];
      x.agents[0]!.cards.push(a, b);
      x.deck = x.deck.filter((c) => c !== a && c !== b);
      x.agents[0]!.mailmanRound = x.round;
    });
    expect(decide(s, 0, 'hard')).toEqual({ type: 'ready' });
    expect(decide(s, 0, 'normal').type).toBe('buyGadget');
  });

  it('in seeded duels each level beats the one below it, and easy beats a random-action bot', () => {
    // 100 duels (seats swapped in pairs): 20 were too few (one row read 55% for a level that wins
    // 63% of bench/bot-levels.ts's 200). These seeds give 76%, 66% and 73%.
    const DUELS = 100;
    const rate = (upper: JamesBlandBot, lower: JamesBlandBot) => {
      let wins = 0;
      for (let i = 0; i < DUELS; i++) {
        const up = i % 2;
        const bots = up === 0 ? [upper, lower] : [lower, upper];
        const w = playMatch(OPTIONS, 900 + Math.floor(i / 2), bots).state.winners;
        if (w.length === 1 && w[0] === up) wins++;
      }
      return wins / DUELS;
    };
    const rates = [
      rate(at('hard'), at('normal')),
      rate(at('normal'), at('easy')),
      rate(at('easy'), randomBot),
    ];
    for (const r of rates) expect(r).toBeGreaterThanOrEqual(0.6);
  });
});
