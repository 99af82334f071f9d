import { seedRng } from '../../core/rng';
import type { DefenseChoice, OffenseId } from './data';
import { OFFENSES, OFFENSE_SPECS } from './data';
import { COLUMNS } from './matrix';
import type { AttackSituation } from './odds';
import { attackOdds, planOdds, rollChance } from './odds';
import { view } from './view';
import { apply } from './rules';
import type { GadgetItem, Plan } from './types';
import { arrange, newMatch, plan, playRound } from './testkit';

const g = (id: GadgetItem['id'], uid = 100): GadgetItem => ({ uid, id, tapped: false, readyRound: 1 });
const pct = (a: AttackSituation) => Math.round(attackOdds(a).chance.success * 1000) / 10;

describe('attack odds (the numbers the planning panel shows)', () => {
  it('rolls: d10 >= threshold - modifiers, clamped; Alliance Disruption on a d6', () => {
    expect(rollChance('assassination', 0)).toBe(0.5);
    expect(rollChance('sabotage', 0)).toBe(0.6);
    expect(rollChance('capture', 0)).toBe(0.4);
    expect(rollChance('assassination', 9)).toBe(1);
    expect(rollChance('assassination', -9)).toBe(0);
    expect(rollChance('allianceDisruption', 0)).toBe(0.5);
    expect(rollChance('misinformation', -5)).toBe(1);
  });

  it('follows the matrix, the modifiers and the gadgets', () => {
    const assn: AttackSituation = { offense: 'assassination', enhance: 0, defense: 'none' };
    expect(pct(assn)).toBe(50);
    expect(pct({ ...assn, enhance: 2, targetExposed: true })).toBe(80);
    expect(pct({ ...assn, defense: 'mobileOperations' })).toBe(30);
    expect(pct({ ...assn, defense: 'mobileOperations', positionGuessed: true })).toBe(50);
    expect(attackOdds({ ...assn, defense: 'safeHouse' }).chance.blocked).toBe(1);
    expect(pct({ ...assn, defense: 'safeHouse', silenced: true })).toBe(60);
    expect(attackOdds({ ...assn, defense: 'underground' }).chance.untargetable).toBe(1);
    expect(pct({ ...assn, bodyArmor: true, guardDog: true })).toBe(30);
    expect(
      pct({ ...assn, defense: 'underground', bodyArmor: true, offense: 'networkAttack', enhance: 1 }),
    ).toBe(70);
    expect(pct({ ...assn, disinformation: true })).toBe(25);
    expect(attackOdds({ ...assn, fortress: true }).chance.blocked).toBe(1);
    // Explosives: 50% misfire, then 5+ at +2. Anvil: 25% misfire, 6+ at +2, ignores Mobile Operations.
    expect(pct({ offense: 'sabotage', enhance: 0, defense: 'none', gadget: 'explosivesBox' })).toBe(40);
    expect(pct({ ...assn, defense: 'mobileOperations', gadget: 'anvilDrone' })).toBe(52.5);
    expect(attackOdds({ ...assn, gadget: 'anvilDrone' }).chance.misfire).toBe(0.25);
    expect(pct({ offense: 'surveillance', enhance: 0, defense: 'none', gadget: 'listeningDevices' })).toBe(
      100,
    );
    expect(attackOdds({ offense: 'surveillance', enhance: 0, defense: 'sweepAndClear' }).chance.blocked).toBe(
      1,
    );
    expect(pct({ offense: 'surveillance', enhance: 0, defense: 'sweepAndClear', laterAttack: true })).toBe(
      60,
    );
    expect(pct({ offense: 'misinformation', enhance: 0, defense: 'none' })).toBe(100);
    expect(
      attackOdds({ offense: 'exposure', enhance: 0, defense: 'none', countered: true }).chance.blocked,
    ).toBe(1);
  });

  it('always sums to 1 and reports the die roll needed', () => {
    for (const offense of OFFENSES)
      for (const defense of COLUMNS)
        for (const enhance of [0, 1, 2]) {
          const o = attackOdds({ offense, defense, enhance, targetExposed: enhance === 1 });
          const sum = Object.values(o.chance).reduce((x, y) => x + y, 0);
          expect(sum).toBeCloseTo(1, 10);
          if (o.need !== null) expect(o.chance.success).toBeCloseTo(rollChance(offense, o.modifier), 10);
        }
  });
});

/** A legal plan for the target (seat 1) using `defense`, with what that defense needs. */
function defensePlan(defense: DefenseChoice): Partial<Plan> {
  switch (defense) {
    case 'informationWarfare':
      return { defense, banner: { text: 'Look over there', redirect: 3 } };
    case 'preemptiveStrike':
      return { defense, suspect: 2 };
    case 'allianceBuilding':
      return { defense, partners: [3] };
    case 'mobileOperations':
      return { defense, position: 2 };
    default:
      return { defense };
  }
}

function offensePlan(offense: OffenseId, enhance: number): Partial<Plan> {
  const base: Partial<Plan> = { offense, target: 1, enhance, positionGuess: 2 };
  if (offense === 'allianceDisruption') base.target2 = 3;
  if (offense === 'falseFlag') base.target2 = 2;
  return base;
}

describe('attack odds agree with combat', () => {
  // Seat 1 is Exposed (+1), owns Body Armor and a Duck Ammo, and is in a pact with seat 3; seat 0
  // owns Silenced Weapons and has IP to spend. Capture needs a Burned target: run separately.
  const base = arrange(newMatch(4, 5), {
    0: { ip: 20, gadgets: [g('silencedWeapons')] },
    1: { ip: 20, exposedUntil: 2, gadgets: [g('bodyArmor', 101), g('duckAmmo', 102)] },
    3: { ip: 20 },
  });
  base.round = 1;
  base.pacts.push({ id: 0, a: 1, b: 3, until: 3 });
  base.nextPactId = 1;

  const situation = (offense: OffenseId, defense: DefenseChoice, enhance: number) => ({
    offense,
    enhance,
    defense,
    silenced: offense === 'assassination',
    positionGuessed: true,
    targetExposed: true,
    bodyArmor: true,
  });

  it('every (offense, defense) cell: the result combat reports is one the odds allow, and rolls meet `need`', () => {
    let checked = 0;
    for (const offense of OFFENSES) {
      const start = offense === 'capture' ? arrange(base, { 1: { status: 'burned' } }) : base;
      for (const defense of COLUMNS)
        for (const enhance of [0, 1]) {
          if (defense !== 'none' && start.agents[1]!.status === 'burned') {
            if (defense !== 'mobileOperations' && defense !== 'sweepAndClear') continue;
          }
          const plans = { 0: offensePlan(offense, enhance), 1: defensePlan(defense) };
          if (!apply(start, 1, { type: 'plan', plan: plan(plans[1]) }).ok) continue;
          if (!apply(start, 0, { type: 'plan', plan: plan(plans[0]) }).ok) continue;
          const odds = attackOdds(situation(offense, defense, enhance));
          for (let seed = 1; seed <= 4; seed++) {
            const st = playRound({ ...start, rng: seedRng(seed * 7919 + checked) }, plans).state;
            const shown = st.reveal!.offenses.find((o) => o.offense === offense)!;
            // A Preemptive Strike naming someone else leaves seat 1 with no defense.
            const o = defense === 'preemptiveStrike' ? attackOdds(situation(offense, 'none', enhance)) : odds;
            const result = shown.result as keyof typeof o.chance;
            if (o.chance[result] === 0)
              throw new Error(
                `${offense} vs ${defense} (+${enhance}): combat said ${result}, odds ${JSON.stringify(o)}`,
              );
            if (shown.roll !== null && o.need !== null)
              expect(shown.result).toBe(shown.roll >= o.need ? 'success' : 'failure');
            checked++;
          }
        }
    }
    expect(checked).toBeGreaterThan(OFFENSES.length * 10 * 4);
  });

  it('misfires happen as often as the odds say (Explosives Box: half the time)', () => {
    const s = arrange(newMatch(4, 9), { 0: { ip: 20, gadgets: [g('explosivesBox')] } });
    const plans = { 0: { offense: 'sabotage' as const, target: 1, useGadget: 'explosivesBox' as const } };
    const odds = attackOdds({ offense: 'sabotage', enhance: 0, defense: 'none', gadget: 'explosivesBox' });
    const n = 200;
    const seen = { success: 0, misfire: 0, failure: 0 };
    for (let seed = 1; seed <= n; seed++) {
      const r = playRound({ ...s, rng: seedRng(seed) }, plans).state.reveal!.offenses[0]!.result;
      seen[r as keyof typeof seen]++;
    }
    // Binomial 3-sigma bands around the computed chances.
    for (const k of ['success', 'misfire'] as const) {
      const p = odds.chance[k];
      expect(Math.abs(seen[k] / n - p)).toBeLessThan(3 * Math.sqrt((p * (1 - p)) / n));
    }
    expect(OFFENSE_SPECS.sabotage.threshold).toBe(5);
  });
});

describe('planOdds (what the attacker can know while planning)', () => {
  it('uses its own gadgets, the Exposed marker and revealed gadgets; lists only the defenses the target may choose', () => {
    const s = arrange(newMatch(4, 3), {
      0: { gadgets: [g('silencedWeapons')] },
      1: { exposedUntil: 1, revealedGadgets: ['bodyArmor'] },
      2: { status: 'burned' },
    });
    const v = view(s, 0);
    const odds = planOdds(
      v.public,
      v.private!,
      plan({ offense: 'assassination', target: 1, enhance: 1, positionGuess: 2 }),
    )!;
    const by = Object.fromEntries(odds.map((o) => [o.defense, o]));
    // 6+ with +1 enhance, +1 Exposed, +1 Silenced, -1 Body Armor = 4+ on a d10.
    expect(by.none!.odds.chance.success).toBeCloseTo(0.7);
    expect(by.safeHouse!.odds.chance.success).toBeCloseTo(0.7); // Silenced Weapons: the house is rolled
    expect(by.underground!.odds.chance.untargetable).toBe(1);
    expect(by.honeypot!.odds.chance.blocked).toBe(1);
    expect(by.mobileOperations!.odds.chance.success).toBeCloseTo(0.5);
    expect(by.mobileOperations!.guessed!.chance.success).toBeCloseTo(0.7);
    // A Burned target may only use Mobile Operations or Sweep & Clear.
    const burned = planOdds(v.public, v.private!, plan({ offense: 'capture', target: 2 }))!;
    expect(burned.map((o) => o.defense)).toEqual(['none', 'mobileOperations', 'sweepAndClear']);
    expect(planOdds(v.public, v.private!, plan({}))).toBeNull();
    // Last round's revealed Disinformation: half the attacks misfire.
    const disinfo = structuredClone(v.public);
    disinfo.round = 2;
    disinfo.reveal = {
      round: 1,
      offenses: [],
      absent: [],
      defenses: [{ seat: 1, defense: 'disinformation' }],
      banners: [],
    };
    const misfiring = planOdds(
      disinfo,
      v.private!,
      plan({ offense: 'assassination', target: 1, enhance: 1 }),
    )!;
    expect(misfiring[0]!.odds.chance).toMatchObject({ misfire: 0.5, success: 0.35 });
    // The same numbers as the rules: the panel computes nothing of its own.
    expect(by.none!.odds).toEqual(
      attackOdds({
        offense: 'assassination',
        enhance: 1,
        defense: 'none',
        silenced: true,
        targetExposed: true,
        bodyArmor: true,
      }),
    );
  });
});
