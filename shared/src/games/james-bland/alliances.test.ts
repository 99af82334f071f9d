import { ASSETS, ASSET_SPECS } from './data';
import { apply, legalActions } from './rules';
import { act, arrange, finishRound, newMatch, plan, playRound, roundUntil } from './testkit';

const s0 = newMatch(4, 41);
const adapt = playRound(s0, {}).state;
const allied = (() => {
  let s = act(adapt, 0, { type: 'offerPact', to: 1 }).state;
  s = act(s, 1, { type: 'acceptPact', from: 0 }).state;
  return s;
})();

describe('assets (design 6.4, RULINGS 15)', () => {
  it('unowned assets are bought at their control cost and yield every round', () => {
    const s = act(arrange(adapt, { 0: { ip: 10 } }), 0, { type: 'buyAsset', asset: 'armory' }).state;
    expect(s.assets.armory).toBe(0);
    expect(s.agents[0]!.ip).toBe(7);
    expect(apply(s, 1, { type: 'buyAsset', asset: 'armory' }).ok).toBe(false);
    const next = finishRound(s).state;
    expect(next.agents[0]!.ip).toBe(7 + 2 + 2);
  });

  it.each(ASSETS)('%s: bought at its cost, pays its yield at the next round start', (asset) => {
    const bought = act(arrange(adapt, { 0: { ip: 10 } }), 0, { type: 'buyAsset', asset }).state;
    expect(bought.agents[0]!.ip).toBe(10 - ASSET_SPECS[asset].cost);
    expect(finishRound(bought).state.agents[0]!.ip).toBe(
      10 - ASSET_SPECS[asset].cost + 2 + ASSET_SPECS[asset].yield,
    );
  });

  it('the Tunnel Hub is 1 IP cheaper per Tunnel Map (never below 1)', () => {
    const s = act(arrange(adapt, { 0: { tunnelMaps: 2 } }), 0, {
      type: 'buyAsset',
      asset: 'tunnelHub',
    }).state;
    expect(s.agents[0]!.ip).toBe(6 - 2);
    expect(s.agents[0]!.tunnelMaps).toBe(0);
  });
});

describe('alliances (design 6.5)', () => {
  it('a Non-Aggression Pact costs 2 IP each, lasts 2 rounds, and shares Intel Cards', () => {
    expect(allied.pacts).toEqual([{ id: 1, a: 0, b: 1, until: 3 }]);
    expect([allied.agents[0]!.ip, allied.agents[1]!.ip]).toEqual([4, 4]);
    // A card drawn by one partner is copied to the other (not one about the partner itself).
    let s = arrange(allied, {}, (x) => x.deck.unshift({ uid: 5000, about: 3, fact: 'safeHouse' }));
    s = act(s, 0, { type: 'bribe', npc: 'mailman' }).state;
    expect(s.agents[1]!.cards).toEqual([
      { uid: expect.any(Number), about: 3, fact: 'safeHouse', sharedVia: 1, copy: true },
    ]);
    s = arrange(s, {}, (x) => x.deck.unshift({ uid: 5001, about: 0, fact: 'gadget' }));
    s = act(s, 1, { type: 'bribe', npc: 'mailman' }).state;
    expect(s.agents[0]!.cards).toHaveLength(1);
    s = finishRound(s).state; // round 2
    s = finishRound(playRound(s, {}).state).state; // round 3
    expect(s.pacts).toHaveLength(1);
    s = finishRound(playRound(s, {}).state).state; // round 4
    expect(s.round).toBe(4);
    expect(s.pacts).toEqual([]);
  });

  it('betrayal: attacking a partner compromises the attacker, -2 IP, breaks the pact, no new alliances for 3 rounds', () => {
    const r2 = finishRound(allied).state;
    const { state, events } = roundUntil(
      r2,
      { 0: { offense: 'sabotage', target: 1 } },
      (x) => x.reveal!.offenses[0]!.result === 'failure',
    );
    expect(state.agents[0]!.status).toBe('compromised');
    expect(state.agents[0]!.ip).toBe(r2.agents[0]!.ip - 2);
    expect(state.pacts[0]!.until).toBeLessThan(state.round);
    expect(state.reveal!.offenses[0]!.attacker).toBe(0);
    expect(events.some((e) => e.type === 'betrayal')).toBe(true);
    expect(apply(state, 0, { type: 'offerPact', to: 2 }).ok).toBe(false);
    expect(apply(state, 2, { type: 'offerPact', to: 3 }).ok).toBe(true);
  });

  it('the betrayal lockout: the betrayal round and the next 3, in Planning and Adaptation alike', () => {
    const r2 = finishRound(allied).state;
    let s = roundUntil(r2, { 0: { offense: 'sabotage', target: 1 } }, () => true).state;
    expect(s.agents[0]!.noAlliancesUntil).toBe(2 + 3);
    const building = { type: 'plan' as const, plan: plan({ defense: 'allianceBuilding', partners: [2] }) };
    const canBuild = (x: typeof s) =>
      legalActions(x, 0).some((a) => a.type === 'plan' && a.plan.defense === 'allianceBuilding');
    // [round, Alliance Building accepted, listed, pact offer accepted, offer to it accepted]
    const seen: [number, boolean, boolean, boolean, boolean][] = [];
    for (let round = 2; round <= 6; round++) {
      let planning = [false, false];
      if (round > 2) {
        s = finishRound(s).state;
        expect(s.round).toBe(round);
        planning = [apply(s, 0, building).ok, canBuild(s)];
        s = playRound(s, {}).state;
      }
      const offered = act(s, 2, { type: 'offerPact', to: 0 }).state;
      seen.push([
        round,
        planning[0]!,
        planning[1]!,
        apply(s, 0, { type: 'offerPact', to: 3 }).ok,
        apply(offered, 0, { type: 'acceptPact', from: 2 }).ok,
      ]);
    }
    expect(seen).toEqual([
      [2, false, false, false, false],
      [3, false, false, false, false],
      [4, false, false, false, false],
      [5, false, false, false, false],
      [6, true, true, true, true],
    ]);
  });

  it('extend (+2 rounds for 2 IP) and break (1 IP) in Adaptation', () => {
    const ext = act(allied, 0, { type: 'extendPact', partner: 1 }).state;
    expect(ext.pacts[0]!.until).toBe(5);
    const broken = act(allied, 1, { type: 'breakPact', partner: 0 }).state;
    expect(broken.agents[1]!.ip).toBe(3);
    expect(finishRound(broken).state.pacts).toEqual([]);
  });

  it('no alliances in the 1v1 variant', () => {
    const duel = playRound(newMatch(2, 3), {}).state;
    expect(apply(duel, 0, { type: 'offerPact', to: 1 }).ok).toBe(false);
    expect(apply(duel, 0, { type: 'offerCoordination', to: 1, target: 0 }).ok).toBe(false);
  });

  it('Coordinated Operation: 3 IP each; both succeed on the agreed target => stakes back and gains split equally', () => {
    let s = act(arrange(adapt, { 0: { ip: 10 }, 1: { ip: 10 } }), 0, {
      type: 'offerCoordination',
      to: 1,
      target: 2,
    }).state;
    s = act(s, 1, { type: 'acceptCoordination', from: 0 }).state;
    expect([s.agents[0]!.ip, s.agents[1]!.ip]).toEqual([7, 7]);
    s = finishRound(s).state;
    const plans = {
      0: { offense: 'assassination' as const, target: 2 },
      1: { offense: 'sabotage' as const, target: 2 },
    };
    const both = roundUntil(s, plans, (x) => x.reveal!.offenses.every((o) => o.result === 'success')).state;
    // Gains +3 and +2 pooled and split 2/3 (floor to the proposer), plus the 3 IP stake back each.
    expect(both.agents[0]!.ip).toBe(s.agents[0]!.ip + 2 + 3);
    expect(both.agents[1]!.ip).toBe(s.agents[1]!.ip + 3 + 3);
    const oneFails = roundUntil(s, plans, (x) =>
      x.reveal!.offenses.some((o) => o.result === 'failure'),
    ).state;
    const a = oneFails.reveal!.offenses.find((o) => o.offense === 'assassination')!;
    expect(oneFails.agents[0]!.ip).toBe(s.agents[0]!.ip + (a.result === 'success' ? 3 : -1));
  });
});

describe('malformed actions reaching the rules', () => {
  it('a bribe of an NPC that does not exist is refused, not thrown', () => {
    const bogus = { type: 'bribe', npc: 'postman' } as unknown as Parameters<typeof apply>[2];
    const r = apply(arrange(adapt, { 0: { ip: 10 } }), 0, bogus);
    expect(r.ok).toBe(false);
  });
});
