import { apply } from './rules';
import { arrange, finishRound, newMatch, playRound, roundUntil, shownOn } from './testkit';

const ok = (r: string) => (s: { reveal: unknown }) =>
  (s as { reveal: { offenses: { result: string }[] } }).reveal.offenses[0]!.result === r;

describe('offenses (design 3, RULINGS 6)', () => {
  const s0 = newMatch(4, 7);

  it('Safe Turn gains +1 IP', () => {
    const { state } = playRound(s0, {});
    expect(state.agents.map((a) => a.ip)).toEqual([6, 6, 6, 6]);
  });

  it('Assassination succeeds on d10 >= 6: target Compromised, +3/-3 (the design default cell)', () => {
    for (let seed = 0; seed < 40; seed++) {
      const { state } = playRound(
        { ...s0, rng: newMatch(4, seed).rng },
        { 0: { offense: 'assassination', target: 1 } },
      );
      const o = shownOn(state, 1);
      expect(o.result).toBe(o.roll! >= 6 ? 'success' : 'failure');
    }
    const win = roundUntil(s0, { 0: { offense: 'assassination', target: 1 } }, ok('success')).state;
    expect(win.agents[0]!.ip).toBe(8);
    expect(win.agents[1]!.ip).toBe(5 + 1 - 3);
    expect(win.agents[1]!.status).toBe('compromised');
  });

  it('Assassination failure: attacker -1 IP and Exposed (revealed to all)', () => {
    const lose = roundUntil(s0, { 0: { offense: 'assassination', target: 1 } }, ok('failure')).state;
    expect(lose.agents[0]!.ip).toBe(4);
    expect(lose.agents[0]!.exposedUntil).toBe(3);
    expect(shownOn(lose, 1).attacker).toBe(0);
  });

  it('Sabotage: +2 and halves the target next income; failure costs nothing without Counter-Surveillance', () => {
    const win = roundUntil(s0, { 0: { offense: 'sabotage', target: 1 } }, ok('success')).state;
    expect(win.agents[0]!.ip).toBe(7);
    expect(win.agents[1]!.incomeHalved).toBe(true);
    const next = finishRound(win).state;
    expect(next.agents[1]!.ip).toBe(6 + 1);
    expect(next.agents[2]!.ip).toBe(6 + 2);
    const lose = roundUntil(s0, { 0: { offense: 'sabotage', target: 1 } }, ok('failure')).state;
    expect(lose.agents[0]!.ip).toBe(5);
  });

  it('Exposure costs 1: success reveals the codename for 2 rounds, +2 and a card; failure exposes the attacker', () => {
    const win = roundUntil(s0, { 0: { offense: 'exposure', target: 1 } }, ok('success')).state;
    expect(win.agents[0]!.ip).toBe(5 - 1 + 2);
    expect(win.agents[0]!.cards).toHaveLength(1);
    expect(win.agents[1]!.codenameRevealedUntil).toBe(2);
    const lose = roundUntil(s0, { 0: { offense: 'exposure', target: 1 } }, ok('failure')).state;
    expect(lose.agents[0]!.ip).toBe(3);
    expect(lose.agents[0]!.exposedUntil).toBeGreaterThanOrEqual(2);
  });

  it('Surveillance reveals the defense, a card, +2 for a right guess; failure gives the defender a card', () => {
    const plans = {
      0: { offense: 'surveillance' as const, target: 1, defenseGuess: 'safeHouse' as const },
      1: { defense: 'safeHouse' as const },
    };
    const win = roundUntil(s0, plans, ok('success')).state;
    expect(win.agents[0]!.ip).toBe(5 - 1 + 2);
    expect(win.agents[0]!.notes.join()).toContain('defended with Safe House');
    expect(win.agents[0]!.cards).toHaveLength(1);
    const wrong = roundUntil(
      s0,
      { ...plans, 0: { ...plans[0], defenseGuess: 'none' as const } },
      ok('success'),
    ).state;
    expect(wrong.agents[0]!.ip).toBe(4);
    const lose = roundUntil(s0, plans, ok('failure')).state;
    expect(lose.agents[1]!.cards).toHaveLength(1);
  });

  it('Infiltration plants a permanent bug and draws a card about the target; failure loses a confiscated card', () => {
    const win = roundUntil(s0, { 0: { offense: 'infiltration', target: 1 } }, ok('success')).state;
    expect(win.agents[1]!.buggedBy).toEqual([0]);
    expect(win.agents[0]!.cards.map((c) => c.about)).toEqual([1]);
    expect(win.agents[0]!.ip).toBe(5);
    // The bug keeps feeding its planter: one card about the target each round.
    const next = finishRound(win).state;
    expect(next.agents[0]!.cards.filter((c) => c.about === 1)).toHaveLength(2);
    const withCard = arrange(s0, { 0: { cards: [{ uid: 999, about: 2, fact: 'codename' }] } });
    const lose = roundUntil(withCard, { 0: { offense: 'infiltration', target: 1 } }, ok('failure')).state;
    expect(lose.agents[0]!.ip).toBe(3);
    expect(lose.agents[0]!.cards).toHaveLength(0);
    expect(lose.agents[1]!.cards.map((c) => c.uid)).toEqual([999]);
  });

  it('Asset Theft steals half the unspent IP (rounded down) and a random gadget', () => {
    const rich = arrange(s0, {
      1: { ip: 9, gadgets: [{ uid: 500, id: 'bodyArmor', tapped: false, readyRound: 1 }] },
    });
    const win = roundUntil(rich, { 0: { offense: 'assetTheft', target: 1 } }, ok('success')).state;
    expect(win.agents[0]!.ip).toBe(5 - 1 + 1 + 4);
    expect(win.agents[1]!.ip).toBe(9 - 4 + 1);
    expect(win.agents[0]!.gadgets.map((g) => g.id)).toEqual(['bodyArmor']);
    const lose = roundUntil(rich, { 0: { offense: 'assetTheft', target: 1 } }, ok('failure')).state;
    expect(lose.agents[1]!.cards).toHaveLength(1);
  });

  it('Misinformation needs no roll: +2 next round unless the target pays the counter', () => {
    const { state } = playRound(s0, { 0: { offense: 'misinformation', target: 1 } });
    expect(shownOn(state, 1)).toMatchObject({ result: 'success', roll: null });
    expect(finishRound(state).state.agents[0]!.ip).toBe(4 + 2 + 2);
    const blocked = playRound(s0, {
      0: { offense: 'misinformation', target: 1 },
      1: { counterMisinformation: true },
    }).state;
    expect(shownOn(blocked, 1).result).toBe('blocked');
    expect(blocked.agents[0]!.ip).toBe(3);
    // 1 IP for the counter, +2 for the counter-intelligence intercept (design 6.1), +1 Safe Turn.
    expect(blocked.agents[1]!.ip).toBe(5 - 1 + 2 + 1);
    expect(blocked.agents[1]!.cards).toHaveLength(1);
  });

  it('Network Attack removes an alliance link (+1), or takes an asset from an unallied holder; failure -2', () => {
    const allied = arrange(s0, {}, (s) => s.pacts.push({ id: 1, a: 1, b: 2, until: 3 }));
    const win = roundUntil(allied, { 0: { offense: 'networkAttack', target: 1 } }, ok('success')).state;
    expect(win.pacts[0]!.until).toBe(0);
    expect(win.agents[0]!.ip).toBe(5 - 2 + 1);
    const holder = arrange(s0, {}, (s) => {
      s.assets.bank = 1;
      s.assets.armory = 1;
    });
    const took = roundUntil(holder, { 0: { offense: 'networkAttack', target: 1 } }, ok('success')).state;
    expect(took.assets).toMatchObject({ armory: 0, bank: 1 });
    const lose = roundUntil(holder, { 0: { offense: 'networkAttack', target: 1 } }, ok('failure')).state;
    expect(lose.agents[0]!.ip).toBe(1);
    expect(lose.agents[1]!.cards).toHaveLength(1);
  });

  it('Resource Denial removes next round Safe Turn and prediction bonuses', () => {
    const win = roundUntil(s0, { 0: { offense: 'resourceDenial', target: 1 } }, ok('success')).state;
    expect(win.agents[0]!.ip).toBe(5 - 2 + 1);
    const r2 = playRound(finishRound(win).state, {}).state;
    expect(r2.agents[1]!.ip).toBe(win.agents[1]!.ip + 2);
    expect(r2.agents[2]!.ip).toBe(win.agents[2]!.ip + 2 + 1);
    const lose = roundUntil(s0, { 0: { offense: 'resourceDenial', target: 1 } }, ok('failure')).state;
    expect(lose.agents[0]!.ip).toBe(1);
  });

  it('Alliance Disruption (d6, 4-6) breaks a pact: both partners -1 and lose shared intel; failure -2, both draw', () => {
    const allied = arrange(
      s0,
      { 1: { cards: [{ uid: 900, about: 3, fact: 'codename', sharedVia: 1 }] } },
      (s) => s.pacts.push({ id: 1, a: 1, b: 2, until: 3 }),
    );
    const plans = { 0: { offense: 'allianceDisruption' as const, target: 1, target2: 2 } };
    for (let seed = 0; seed < 20; seed++) {
      const st = playRound({ ...allied, rng: newMatch(4, seed).rng }, plans).state;
      const o = shownOn(st, 1);
      expect(o.roll).toBeLessThanOrEqual(6);
      expect(o.result).toBe(o.roll! >= 4 ? 'success' : 'failure');
    }
    const win = roundUntil(allied, plans, ok('success')).state;
    expect(win.pacts[0]!.until).toBe(0);
    expect([win.agents[1]!.ip, win.agents[2]!.ip]).toEqual([5, 5]);
    expect(win.agents[1]!.cards).toHaveLength(0);
    expect(win.agents[0]!.ip).toBe(4);
    const lose = roundUntil(allied, plans, ok('failure')).state;
    expect(lose.agents[0]!.ip).toBe(1);
    // Each draws one card; pact partners also receive a copy of each other's draws (design 6.5).
    expect(lose.agents[2]!.cards.filter((c) => c.sharedVia === undefined)).toHaveLength(1);
    expect(lose.agents[2]!.cards.filter((c) => c.sharedVia === 1)).toHaveLength(1);
    expect(
      apply(s0, 0, {
        type: 'plan',
        plan: {
          ...plans[0],
          enhance: 0,
          defense: 'none',
          counterMisinformation: false,
          predictions: [],
          fortress: false,
        },
      }).ok,
    ).toBe(false);
  });

  it('False Flag frames X: X Exposed and -1, attacker +2; counter-intel catches it', () => {
    const plans = { 0: { offense: 'falseFlag' as const, target: 1, target2: 2 } };
    const { state } = playRound(s0, plans);
    expect(state.agents[2]!.exposedUntil).toBe(3);
    expect(state.agents[2]!.ip).toBe(5 + 1 - 1);
    expect(state.agents[0]!.ip).toBe(5 - 2 + 2);
    expect(state.agents[1]!.notes.join()).toContain('Agent C attacked you');
    const caught = playRound(s0, { ...plans, 1: { defense: 'sweepAndClear' } }).state;
    expect(caught.agents[0]!.ip).toBe(1);
    expect(caught.agents[2]!.exposedUntil).toBe(0);
  });

  it('Capture targets Burned agents only, costs 2, succeeds on 7+', () => {
    const bad = apply(s0, 0, {
      type: 'plan',
      plan: {
        offense: 'capture',
        target: 1,
        enhance: 0,
        defense: 'none',
        counterMisinformation: false,
        predictions: [],
        fortress: false,
      },
    });
    expect(bad.ok).toBe(false);
    const burned = arrange(s0, { 1: { status: 'burned' } });
    for (let seed = 0; seed < 20; seed++) {
      const st = playRound(
        { ...burned, rng: newMatch(4, seed).rng },
        { 0: { offense: 'capture', target: 1 } },
      ).state;
      const o = shownOn(st, 1);
      expect(o.result).toBe(o.roll! >= 7 ? 'success' : 'failure');
    }
    const win = roundUntil(burned, { 0: { offense: 'capture', target: 1 } }, ok('success')).state;
    expect(win.agents[1]!.status).toBe('captured');
    expect(win.agents[0]!.ip).toBe(5);
    const lose = roundUntil(burned, { 0: { offense: 'capture', target: 1 } }, ok('failure')).state;
    expect(lose.agents[0]!.ip).toBe(2);
    expect(lose.agents[0]!.exposedUntil).toBe(3);
  });

  it('refuses plans the agent cannot pay for, and enhancement beyond +2', () => {
    const poor = arrange(s0, { 0: { ip: 1 } });
    const base = {
      enhance: 0,
      defense: 'none' as const,
      counterMisinformation: false,
      predictions: [],
      fortress: false,
    };
    expect(apply(poor, 0, { type: 'plan', plan: { ...base, offense: 'networkAttack', target: 1 } }).ok).toBe(
      false,
    );
    expect(apply(poor, 0, { type: 'plan', plan: { ...base, offense: 'assassination', target: 1 } }).ok).toBe(
      true,
    );
    expect(
      apply(s0, 0, { type: 'plan', plan: { ...base, offense: 'assassination', target: 1, enhance: 3 } }).ok,
    ).toBe(false);
    expect(apply(s0, 0, { type: 'plan', plan: { ...base, offense: 'assassination', target: 0 } }).ok).toBe(
      false,
    );
  });

  it('enhancement adds +1 per IP and an Exposed target +1 (RULINGS 2)', () => {
    const exposed = arrange(s0, { 1: { exposedUntil: 2 } });
    for (let seed = 0; seed < 30; seed++) {
      const st = playRound(
        { ...exposed, rng: newMatch(4, seed).rng },
        { 0: { offense: 'assassination', target: 1, enhance: 2 } },
      ).state;
      const o = shownOn(st, 1);
      expect(o.result).toBe(o.roll! + 3 >= 6 ? 'success' : 'failure');
    }
  });
});
