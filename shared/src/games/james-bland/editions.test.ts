/**
 * Rules editions: a match recorded before editions (options without `edition`) is edition 1 and
 * keeps the old rules and the old state shape; new tables are edition 2. The byte-for-byte replay of
 * a real old record is checked by server/test/persistence/legacySeeds.test.ts; these tests pin the
 * edition-1 differences that record may not reach.
 */
import { parseRecordedOptions } from '../../core/editions';
import { jamesBland } from './index';
import { LEGACY_MATRIX, MATRIX } from './matrix';
import { seatsFor } from './playout';
import { apply, legalActions } from './rules';
import { LATEST_EDITION } from './edition';
import { setup } from './setup';
import { PLANNING_MS, planningMs } from './timeouts';
import type { GadgetItem, JamesBlandState } from './types';
import { act, arrange, finishRound, newMatch, plan, playRound, shownOn } from './testkit';

const legacyMatch = (players = 4, seed = 21): JamesBlandState => {
  const parsed = parseRecordedOptions(jamesBland, { planningSeconds: 0, roundLimit: 30 });
  if (!parsed.success) throw new Error('options');
  return setup(parsed.data, seatsFor(players), seed);
};
const g = (id: GadgetItem['id'], uid = 100): GadgetItem => ({ uid, id, tapped: false, readyRound: 1 });

describe('James Bland rules editions', () => {
  it('edition 1 keeps the old options and state shape; new tables are edition 2', () => {
    const old = legacyMatch();
    expect(old.options).toEqual({ planningSeconds: 0, roundLimit: 30 });
    expect(Object.keys(JSON.parse(JSON.stringify(old)) as object)).toContain('assetsAtStart');
    expect(JSON.stringify(old)).not.toMatch(/heldSinceStart|incomeThisRound|mailmanRound/);
    expect(old.agents[0]!.noIncome).toBe(false);
    const now = newMatch(4, 21);
    expect(now.options.edition).toBe(LATEST_EDITION);
    expect(LATEST_EDITION).toBe(4);
    expect(now.heldSinceStart).toBeDefined();
    expect(JSON.stringify(now)).not.toMatch(/assetsAtStart|noIncome/);
  });

  it('edition 1: no newcomer time (the standard planning window in round 1)', () => {
    expect(planningMs(legacyMatch())).toBe(PLANNING_MS);
    expect(planningMs(newMatch(4, 21))).toBeGreaterThan(PLANNING_MS);
  });

  it('edition 1: the Mailman may come more than once a round', () => {
    const s = playRound(arrange(legacyMatch(), { 1: { ip: 10 } }), {}).state;
    const once = act(s, 1, { type: 'bribe', npc: 'mailman' }).state;
    expect(apply(once, 1, { type: 'bribe', npc: 'mailman' }).ok).toBe(true);
    const now = playRound(arrange(newMatch(4, 21), { 1: { ip: 10 } }), {}).state;
    expect(
      apply(act(now, 1, { type: 'bribe', npc: 'mailman' }).state, 1, { type: 'bribe', npc: 'mailman' }).ok,
    ).toBe(false);
  });

  it('edition 1: the Mobile Fortress costs the next round its income, not this one', () => {
    const r1 = legacyMatch();
    const fort = arrange(r1, {
      1: { gadgets: [g('mobileFortress'), g('duckAmmo', 101), g('portableSafeHouseKit', 102)] },
    });
    const before = fort.agents[1]!.ip;
    const { state } = playRound(fort, { 0: { offense: 'assassination', target: 1 }, 1: { fortress: true } });
    expect(shownOn(state, 1).result).toBe('blocked');
    expect(state.agents[1]!.ip).toBe(before + 1); // Safe Turn only: no income taken back
    expect(state.agents[1]!.noIncome).toBe(true);
    const next = finishRound(state).state;
    expect(next.agents[1]!.ip).toBe(state.agents[1]!.ip);
    expect(next.agents[1]!.noIncome).toBe(false);
  });

  it('edition 1: no asset claims through Alliance Building', () => {
    const s = arrange(legacyMatch(), { 0: { ip: 20 } }, (x) => (x.assets.bank = 1));
    const claim = plan({ defense: 'allianceBuilding', partners: [1], claimAsset: 'bank' });
    expect(apply(s, 0, { type: 'plan', plan: claim }).ok).toBe(false);
    const now = arrange(newMatch(4, 21), { 0: { ip: 20 } }, (x) => (x.assets.bank = 1));
    expect(apply(now, 0, { type: 'plan', plan: claim }).ok).toBe(true);
  });

  it("edition 1's matrix: no intercept or Honeypot payouts, Safe House exposes a saboteur", () => {
    expect(LEGACY_MATRIX.surveillance.sweepAndClear.failure!.ipChangeDefender).toBe(0);
    expect(MATRIX.surveillance.sweepAndClear.failure!.ipChangeDefender).toBe(2);
    expect(LEGACY_MATRIX.assassination.honeypot.failure!.ipChangeDefender).toBe(0);
    expect(MATRIX.assassination.honeypot.failure!.ipChangeDefender).toBe(1);
    expect(LEGACY_MATRIX.sabotage.safeHouse.failure!.newStatusOffender).toBe('exposed');
    expect(MATRIX.sabotage.safeHouse.failure!.newStatusOffender).toBe('active');
    expect(LEGACY_MATRIX.assassination.safeHouse).toEqual(MATRIX.assassination.safeHouse);
  });

  it('edition 3: a Mobile Fortress plan must afford the income it gives back (edition 2 could end below 0)', () => {
    const atRound2 = (edition: number) => {
      const r2 = finishRound(
        playRound(
          arrange(newMatch(4, 21, { edition }), {}, (x) => (x.assets.bank = 1)),
          {},
        ).state,
      ).state;
      // Exactly the plan's cost (a 2-IP Network Attack) in hand: nothing left for the forfeit.
      return arrange(r2, {
        1: { ip: 2, gadgets: [g('mobileFortress'), g('duckAmmo', 101), g('portableSafeHouseKit', 102)] },
      });
    };
    const fortressPlan = plan({ offense: 'networkAttack', target: 2, fortress: true });
    const old = atRound2(2);
    expect(old.agents[1]!.incomeThisRound).toBeGreaterThan(0);
    expect(apply(old, 1, { type: 'plan', plan: fortressPlan }).ok).toBe(true);
    const { state } = playRound(old, { 1: fortressPlan });
    expect(state.agents[1]!.ip).toBeLessThan(0);
    const now = atRound2(3);
    const refused = apply(now, 1, { type: 'plan', plan: fortressPlan });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/Mobile Fortress gives back/);
    // Without the Fortress the same plan is fine.
    expect(apply(now, 1, { type: 'plan', plan: { ...fortressPlan, fortress: false } }).ok).toBe(true);
  });

  it('edition 4: in a duel the Mailman calls every other round (edition 3 every round; four agents every round)', () => {
    const mailman = { type: 'bribe', npc: 'mailman' } as const;
    const nextRound = (x: JamesBlandState) => finishRound(x).state;
    const tryMailman = (players: number, edition: number) => {
      const r1 = playRound(arrange(newMatch(players, 21, { edition }), { 0: { ip: 10 } }), {}).state;
      const bribed = act(r1, 0, mailman).state;
      const r2 = playRound(nextRound(bribed), {}).state;
      const r3 = playRound(nextRound(r2), {}).state;
      return { r2: apply(r2, 0, mailman), r3: apply(r3, 0, mailman), legal2: legalActions(r2, 0) };
    };
    const duel4 = tryMailman(2, 4);
    expect(duel4.r2.ok).toBe(false);
    if (!duel4.r2.ok) expect(duel4.r2.error.message).toMatch(/every other round/);
    expect(duel4.legal2).not.toContainEqual(mailman);
    expect(duel4.r3.ok).toBe(true);
    expect(tryMailman(2, 3).r2.ok).toBe(true);
    expect(tryMailman(4, 4).r2.ok).toBe(true);
  });
});
