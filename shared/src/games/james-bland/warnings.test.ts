import { FACTS } from './data';
import type { IntelCard } from './types';
import { act, arrange, finishRound, newMatch, playRound } from './testkit';
import { view } from './view';
import { victoryWarnings } from './warnings';

const cards = (about: number, n = 3): IntelCard[] =>
  FACTS.slice(0, n).map((fact, k) => ({ uid: 8000 + about * 10 + k, about, fact }));

describe('near-victory warnings (public view only)', () => {
  const s0 = newMatch(4, 9);

  it('names an agent with three assets: next round after buying them, this round once held all round', () => {
    let st = playRound(s0, {}).state;
    for (const asset of ['bank', 'blackMarket', 'broadcastStation'] as const)
      st = act(st, 2, { type: 'buyAsset', asset }).state;
    const bought = victoryWarnings(view(st, 0).public, 0);
    expect(bought).toEqual([expect.objectContaining({ seat: 2, kind: 'network', thisRound: false })]);
    expect(bought[0]!.text).toMatch(/Agent C holds three assets: Network Control at the end of next round/);
    const r2 = finishRound(st).state;
    const held = victoryWarnings(view(r2, 2).public, 2);
    expect(held).toEqual([expect.objectContaining({ seat: 2, thisRound: true })]);
    expect(held[0]!.text).toMatch(/^You have held three assets since the round began/);
    // A spectator reads the same warning.
    expect(victoryWarnings(view(r2, -1).public, -1)[0]!.text).toMatch(/^Agent C has held/);
    expect(victoryWarnings(view(s0, 0).public, 0)).toEqual([]);
  });

  it('counts the secrets an agent lacks for Intelligence Supremacy, without showing which', () => {
    const close = arrange(s0, { 1: { cards: [...cards(0), ...cards(2), ...cards(3, 1)] } });
    const pub = view(close, 0).public;
    expect(pub.agents[1]!.factsMissing).toBe(2);
    expect(JSON.stringify(pub)).not.toContain(close.agents[0]!.safeHouse);
    expect(victoryWarnings(pub, 0)).toEqual([
      expect.objectContaining({ seat: 1, kind: 'supremacy', thisRound: false }),
    ]);
    const far = arrange(s0, { 1: { cards: cards(0) } });
    expect(victoryWarnings(view(far, 0).public, 0)).toEqual([]);
    // Nobody else Active: nothing to collect, no warning.
    const alone = arrange(s0, {
      0: { status: 'compromised' },
      2: { status: 'burned' },
      3: { status: 'burned' },
    });
    expect(view(alone, 0).public.agents[1]!.factsMissing).toBeNull();
  });

  it('announces the last round', () => {
    const last = arrange(s0, {}, (x) => (x.round = x.options.roundLimit));
    expect(victoryWarnings(view(last, 0).public, 0).map((w) => w.kind)).toEqual(['lastRound']);
  });
});
