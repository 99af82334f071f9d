import { toAct, apply, legalActions } from './rules';
import type { GadgetItem } from './types';
import { act, arrange, finishRound, newMatch, plan, playRound, roundUntil, shownOn } from './testkit';

const gadget = (id: GadgetItem['id'], uid = 100): GadgetItem => ({ uid, id, tapped: false, readyRound: 1 });
const result = (r: string) => (s: { reveal: { offenses: { result: string }[] } | null }) =>
  s.reveal!.offenses[0]!.result === r;

describe('defenses (design 4, RULINGS 4, 9, 11)', () => {
  const s0 = newMatch(4, 11);

  it('Safe House blocks Assassination: attacker -1 and Exposed, defender +1 and learns who (the sample)', () => {
    const { state } = playRound(s0, {
      0: { offense: 'assassination', target: 1 },
      1: { defense: 'safeHouse' },
    });
    expect(shownOn(state, 1)).toMatchObject({ result: 'blocked', roll: null, attacker: 0 });
    expect(state.agents[0]!.ip).toBe(4);
    expect(state.agents[0]!.exposedUntil).toBe(3);
    expect(state.agents[1]!.ip).toBe(5 + 1 + 1);
    expect(state.agents[1]!.notes.join()).toContain('Agent A ran an Assassination on you');
  });

  it('Safe House blocks Sabotage as RULINGS 4 says: attacker -1, defender +1, and no Exposed marker', () => {
    const { state } = playRound(s0, { 0: { offense: 'sabotage', target: 1 }, 1: { defense: 'safeHouse' } });
    expect(shownOn(state, 1)).toMatchObject({ result: 'blocked', roll: null, attacker: null });
    expect(state.agents[0]!.ip).toBe(4);
    expect(state.agents[0]!.exposedUntil).toBe(0);
    expect(state.agents[1]!.ip).toBe(5 + 1 + 1);
    expect(state.agents[1]!.incomeHalved).toBe(false);
    // Other offenses roll as usual.
    const other = playRound(s0, { 0: { offense: 'exposure', target: 1 }, 1: { defense: 'safeHouse' } }).state;
    expect(shownOn(other, 1).roll).not.toBeNull();
  });

  it('Bodyguard Detail needs Duck Ammo, costs 2, blocks the first Assassination or Infiltration and draws a card', () => {
    const bad = apply(s0, 1, { type: 'plan', plan: plan({ defense: 'bodyguardDetail' }) });
    expect(bad.ok).toBe(false);
    const guarded = arrange(s0, { 1: { gadgets: [gadget('duckAmmo')] } });
    const plans = {
      0: { offense: 'assassination' as const, target: 1 },
      2: { offense: 'infiltration' as const, target: 1 },
      1: { defense: 'bodyguardDetail' as const },
    };
    const { state } = playRound(guarded, plans);
    const results = state.reveal!.offenses.map((o) => [o.offense, o.result]);
    // Resolution order (RULINGS 10): the Infiltration spent more IP, so it is the one attack stopped.
    expect(results).toContainEqual(['infiltration', 'blocked']);
    expect(results.find((r) => r[0] === 'assassination')![1]).not.toBe('blocked');
    expect(state.agents[1]!.gadgets).toHaveLength(0);
    expect(state.agents[1]!.cards.length).toBeGreaterThanOrEqual(1);
    expect(state.agents[1]!.notes.join()).toContain('carries');
  });

  it('Mobile Operations: attacks at -2 unless the position is guessed; no Safe Turn bonus; the design cell on success', () => {
    const plans = {
      0: { offense: 'assassination' as const, target: 1, positionGuess: 3 as const },
      1: { defense: 'mobileOperations' as const, position: 2 as const },
    };
    for (let seed = 0; seed < 30; seed++) {
      const st = playRound({ ...s0, rng: newMatch(4, seed).rng }, plans).state;
      const o = shownOn(st, 1);
      expect(o.result).toBe(o.roll! - 2 >= 6 ? 'success' : 'failure');
      const guessed = playRound(
        { ...s0, rng: newMatch(4, seed).rng },
        { ...plans, 0: { ...plans[0], positionGuess: 2 } },
      ).state;
      const g = shownOn(guessed, 1);
      expect(g.result).toBe(g.roll! >= 6 ? 'success' : 'failure');
    }
    const hit = roundUntil(s0, plans, result('success')).state;
    expect(hit.agents[0]!.ip).toBe(5 + 2);
    expect(hit.agents[1]!.ip).toBe(5 - 2);
    expect(hit.agents[1]!.status).toBe('compromised');
    const quiet = playRound(s0, { 1: { defense: 'mobileOperations', position: 1 } }).state;
    expect(quiet.agents[1]!.ip).toBe(5);
  });

  it('Underground costs 1, makes you untargetable (Network Attack needs 3 IP spent) and grants a Tunnel Map', () => {
    const { state } = playRound(s0, { 0: { offense: 'sabotage', target: 1 }, 1: { defense: 'underground' } });
    expect(shownOn(state, 1)).toMatchObject({ result: 'untargetable', roll: null });
    expect(state.agents[0]!.ip).toBe(5);
    expect(state.agents[1]!.ip).toBe(5 - 1 + 1);
    expect(state.agents[1]!.tunnelMaps).toBe(1);
    const cheap = playRound(s0, {
      0: { offense: 'networkAttack', target: 1 },
      1: { defense: 'underground' },
    }).state;
    expect(shownOn(cheap, 1).result).toBe('untargetable');
    const dear = playRound(s0, {
      0: { offense: 'networkAttack', target: 1, enhance: 1 },
      1: { defense: 'underground' },
    }).state;
    expect(shownOn(dear, 1).roll).not.toBeNull();
  });

  it('Sweep & Clear counters the first Surveillance or Infiltration: a card and the attacker identity', () => {
    const plans = {
      0: { offense: 'surveillance' as const, target: 1 },
      2: { offense: 'infiltration' as const, target: 1 },
      1: { defense: 'sweepAndClear' as const },
    };
    const { state } = playRound(s0, plans);
    const blocked = state.reveal!.offenses.filter((o) => o.result === 'blocked');
    expect(blocked).toHaveLength(1);
    expect(state.agents[1]!.cards.length).toBeGreaterThanOrEqual(1);
    expect(state.agents[1]!.notes.join()).toMatch(/Agent [AC] ran an? /);
  });

  it('False Identity: Exposure fails and exposes the attacker; 2 IP only when Exposure is attempted', () => {
    const { state } = playRound(s0, {
      0: { offense: 'exposure', target: 1 },
      1: { defense: 'falseIdentity' },
    });
    expect(shownOn(state, 1).result).toBe('blocked');
    expect(state.agents[0]!.exposedUntil).toBe(3);
    expect(state.agents[0]!.ip).toBe(5 - 1 - 1);
    // 2 IP for the masks, +2 for the counter-intelligence intercept (design 6.1), +1 Safe Turn.
    expect(state.agents[1]!.ip).toBe(5 - 2 + 2 + 1);
    const free = playRound(s0, { 1: { defense: 'falseIdentity' } }).state;
    expect(free.agents[1]!.ip).toBe(6);
    const weak = arrange(s0, { 1: { status: 'compromised' } });
    expect(apply(weak, 1, { type: 'plan', plan: plan({ defense: 'falseIdentity' }) }).ok).toBe(false);
  });

  it('Counter-Surveillance costs 2, mirrors Surveillance (card for the defender), is usable every other round', () => {
    const plans = {
      0: { offense: 'surveillance' as const, target: 1 },
      1: { defense: 'counterSurveillance' as const },
    };
    const { state } = playRound(s0, plans);
    expect(shownOn(state, 1).result).toBe('blocked');
    expect(state.agents[0]!.ip).toBe(4);
    expect(state.agents[1]!.cards).toHaveLength(1);
    const r2 = finishRound(state).state;
    expect(apply(r2, 1, { type: 'plan', plan: plan({ defense: 'counterSurveillance' }) }).ok).toBe(false);
    // A failed Sabotage against it costs the attacker 1 IP.
    const sab = roundUntil(
      s0,
      { 0: { offense: 'sabotage', target: 1 }, 1: { defense: 'counterSurveillance' } },
      result('failure'),
    ).state;
    expect(sab.agents[0]!.ip).toBe(4);
  });

  it('Disinformation counters Misinformation and makes next round attacks on you misfire half the time', () => {
    const { state } = playRound(s0, {
      0: { offense: 'misinformation', target: 1 },
      1: { defense: 'disinformation' },
    });
    expect(shownOn(state, 1).result).toBe('blocked');
    expect(state.agents[1]!.misfireRound).toBe(2);
    const r2 = finishRound(state).state;
    let misfires = 0;
    for (let seed = 0; seed < 40; seed++) {
      const st = playRound(
        { ...r2, rng: newMatch(4, seed).rng },
        { 0: { offense: 'assassination', target: 1 } },
      ).state;
      if (shownOn(st, 1).result === 'misfire') misfires++;
    }
    expect(misfires).toBeGreaterThan(8);
    expect(misfires).toBeLessThan(32);
  });

  it('Preemptive Strike resolves first: the right suspect is cancelled, -2 IP, a gadget revealed; a miss leaves no defense', () => {
    const armed = arrange(s0, { 0: { gadgets: [gadget('silencedWeapons')] } });
    const plans = {
      0: { offense: 'assassination' as const, target: 1 },
      1: { defense: 'preemptiveStrike' as const, suspect: 0 },
    };
    const { state } = playRound(armed, plans);
    expect(shownOn(state, 1)).toMatchObject({ result: 'cancelled', attacker: 0 });
    expect(state.agents[0]!.ip).toBe(3);
    expect(state.agents[0]!.revealedGadgets).toEqual(['silencedWeapons']);
    // 3 IP for the torpedo, +1 for neutralising the attack (design 6.1), +1 Safe Turn.
    expect(state.agents[1]!.ip).toBe(5 - 3 + 1 + 1);
    const miss = playRound(armed, { ...plans, 1: { defense: 'preemptiveStrike', suspect: 2 } }).state;
    expect(shownOn(miss, 1).result).not.toBe('cancelled');
    expect(shownOn(miss, 1).roll).not.toBeNull();
  });

  it('Preemptive Strike also stops a False Flag aimed at you, but not one that merely frames you', () => {
    const flag = { offense: 'falseFlag' as const, target: 1, target2: 2 };
    const aimed = playRound(s0, { 0: flag, 1: { defense: 'preemptiveStrike', suspect: 0 } }).state;
    expect(shownOn(aimed, 1).result).toBe('cancelled');
    const framed = playRound(s0, { 0: flag, 2: { defense: 'preemptiveStrike', suspect: 0 } }).state;
    expect(shownOn(framed, 1).result).toBe('success');
    expect(framed.agents[2]!.exposedUntil).toBe(3);
  });

  it('Alliance Building: a pact forms when both name each other (2 IP per partner); not in 1v1', () => {
    const { state } = playRound(s0, {
      1: { defense: 'allianceBuilding', partners: [2] },
      2: { defense: 'allianceBuilding', partners: [1] },
    });
    expect(state.pacts).toEqual([{ id: 1, a: 1, b: 2, until: 3 }]);
    expect(state.agents[1]!.ip).toBe(5 - 2 + 1);
    const oneSided = playRound(s0, { 1: { defense: 'allianceBuilding', partners: [2] } }).state;
    expect(oneSided.pacts).toEqual([]);
    const duel = newMatch(2, 3);
    expect(
      apply(duel, 0, { type: 'plan', plan: plan({ defense: 'allianceBuilding', partners: [1] }) }).ok,
    ).toBe(false);
  });

  it('Honeypot catches every attacker (Stuck next round, identified), draws 2 cards; unused it costs a gadget', () => {
    const plans = { 0: { offense: 'sabotage' as const, target: 1 }, 1: { defense: 'honeypot' as const } };
    const { state } = playRound(s0, plans);
    expect(shownOn(state, 1)).toMatchObject({ result: 'blocked', attacker: 0 });
    expect(state.agents[1]!.cards).toHaveLength(2);
    const r2 = finishRound(state).state;
    expect(apply(r2, 0, { type: 'plan', plan: plan({ offense: 'sabotage', target: 2 }) }).ok).toBe(false);
    expect(legalActions(r2, 0).every((a) => a.type === 'plan' && a.plan.offense === 'safeTurn')).toBe(true);
    const idle = playRound(arrange(s0, { 1: { gadgets: [gadget('bodyArmor')] } }), {
      1: { defense: 'honeypot' },
    }).state;
    expect(idle.agents[1]!.gadgets).toHaveLength(0);
  });

  it('Information Warfare: every planner answers; believers are redirected, ignorers are not', () => {
    const plans = {
      0: { offense: 'sabotage' as const, target: 1 },
      2: { offense: 'sabotage' as const, target: 1 },
      1: { defense: 'informationWarfare' as const, banner: { text: 'Agent D did it!', redirect: 3 } },
    };
    let s = s0;
    for (const seat of [0, 1, 2, 3])
      s = act(s, seat, { type: 'plan', plan: plan(plans[seat as 0] ?? {}) }).state;
    expect(s.phase).toBe('banner');
    expect(toAct(s)).toEqual([0, 1, 2, 3]);
    expect(legalActions(s, 3)).toEqual([{ type: 'banner', believe: false }]);
    expect(apply(s, 3, { type: 'banner', believe: true }).ok).toBe(false);
    for (const seat of [0, 1, 2, 3]) s = act(s, seat, { type: 'banner', believe: seat === 0 }).state;
    expect(s.phase).toBe('adaptation');
    const targets = s.reveal!.offenses.map((o) => o.target).sort();
    expect(targets).toEqual([1, 3]);
    expect(s.agents[1]!.bannersBelieved).toBe(1);
    expect(s.agents[1]!.ip).toBe(5 - 2 + 1);
    const burned = arrange(s0, { 1: { status: 'burned' } });
    expect(apply(burned, 1, { type: 'plan', plan: plan(plans[1]) }).ok).toBe(false);
  });
});
