import { apply } from './rules';
import { attackOrder, collectAttacks } from './resolve';
import type { GadgetItem } from './types';
import { view } from './view';
import { act, arrange, finishRound, newMatch, plan, playRound, roundUntil, shownOn } from './testkit';

const g = (id: GadgetItem['id'], uid = 100, tapped = false): GadgetItem => ({
  uid,
  id,
  tapped,
  readyRound: 1,
});
const result = (r: string) => (s: { reveal: { offenses: { result: string }[] } | null }) =>
  s.reveal!.offenses[0]!.result === r;
const s0 = newMatch(4, 21);

describe('gadgets (design 6.2, RULINGS 14)', () => {
  it('buying: costs IP, checks prerequisites, no duplicates of lasting gadgets, none while Burned', () => {
    const adapt = playRound(arrange(s0, { 0: { ip: 20 } }), {}).state;
    expect(apply(adapt, 0, { type: 'buyGadget', gadget: 'anvilDrone' }).ok).toBe(false);
    let s = act(adapt, 0, { type: 'buyGadget', gadget: 'jetpackRollerSkates' }).state;
    expect(s.agents[0]!.ip).toBe(21 - 3);
    expect(apply(s, 0, { type: 'buyGadget', gadget: 'jetpackRollerSkates' }).ok).toBe(false);
    s = act(s, 0, { type: 'buyGadget', gadget: 'anvilDrone' }).state;
    s = act(s, 0, { type: 'buyGadget', gadget: 'duckAmmo' }).state;
    s = act(s, 0, { type: 'buyGadget', gadget: 'duckAmmo' }).state;
    expect(s.agents[0]!.gadgets.map((x) => x.id)).toEqual([
      'jetpackRollerSkates',
      'anvilDrone',
      'duckAmmo',
      'duckAmmo',
    ]);
    expect(apply(s, 0, { type: 'buyGadget', gadget: 'mobileFortress' }).ok).toBe(false);
    s = act(s, 0, { type: 'buyGadget', gadget: 'portableSafeHouseKit' }).state;
    expect(apply(s, 0, { type: 'buyGadget', gadget: 'mobileFortress' }).ok).toBe(true);
    const burned = arrange(adapt, { 0: { status: 'burned' } });
    expect(apply(burned, 0, { type: 'buyGadget', gadget: 'bodyArmor' }).ok).toBe(false);
    const poor = arrange(adapt, { 0: { ip: 1 } });
    expect(apply(poor, 0, { type: 'buyGadget', gadget: 'bodyArmor' }).ok).toBe(false);
  });

  it('Listening Devices: the next Surveillance succeeds automatically (one-time), not against Sweep & Clear', () => {
    const spy = arrange(s0, { 0: { gadgets: [g('listeningDevices')] } });
    const { state } = playRound(spy, { 0: { offense: 'surveillance', target: 1 } });
    expect(shownOn(state, 1)).toMatchObject({ result: 'success', roll: null });
    expect(state.agents[0]!.gadgets).toHaveLength(0);
    const swept = playRound(spy, {
      0: { offense: 'surveillance', target: 1 },
      1: { defense: 'sweepAndClear' },
    }).state;
    expect(shownOn(swept, 1).result).toBe('blocked');
  });

  it('Camera Networks: assembles for a full Planning Phase, then shows the aimed agent defense once submitted', () => {
    let s = act(playRound(s0, {}).state, 0, { type: 'buyGadget', gadget: 'cameraNetworks' }).state;
    s = act(s, 0, { type: 'aimCamera', target: 1 }).state;
    s = finishRound(s).state;
    s = act(s, 1, { type: 'plan', plan: plan({ defense: 'safeHouse' }) }).state;
    expect(view(s, 0).private!.cameraView).toBeNull();
    s = finishRound(playRound(s, {}).state).state;
    expect(view(s, 0).private!.cameraView).toBeNull();
    s = act(s, 1, { type: 'plan', plan: plan({ defense: 'underground' }) }).state;
    expect(view(s, 0).private!.cameraView).toEqual({ seat: 1, defense: 'underground' });
    expect(view(s, 2).private!.cameraView).toBeNull();
  });

  it('Communication Intercepts: the next pact formed hands its shared intel to the holder too', () => {
    let s = playRound(
      arrange(s0, {
        3: { gadgets: [g('communicationIntercepts')] },
        1: { cards: [{ uid: 900, about: 0, fact: 'codename' }] },
      }),
      {},
    ).state;
    s = act(s, 1, { type: 'offerPact', to: 2 }).state;
    s = act(s, 2, { type: 'acceptPact', from: 1 }).state;
    expect(s.agents[2]!.cards.map((c) => [c.about, c.fact])).toEqual([[0, 'codename']]);
    expect(s.agents[3]!.cards.map((c) => [c.about, c.fact])).toEqual([[0, 'codename']]);
    expect(s.agents[3]!.gadgets).toHaveLength(0);
  });

  it('Silenced Weapons: +1 on Assassination and a rolled (breachable) Safe House; the Safe House Kit saves the repair', () => {
    const armed = arrange(s0, { 0: { gadgets: [g('silencedWeapons')] } });
    const plans = {
      0: { offense: 'assassination' as const, target: 1 },
      1: { defense: 'safeHouse' as const },
    };
    for (let seed = 0; seed < 30; seed++) {
      const st = playRound({ ...armed, rng: newMatch(4, seed).rng }, plans).state;
      const o = shownOn(st, 1);
      expect(o.result).toBe(o.roll! + 1 >= 6 ? 'success' : 'failure');
    }
    const breach = roundUntil(armed, plans, result('success')).state;
    expect(breach.agents[1]!.ip).toBe(5 - 3 - 1 + 1);
    const kit = arrange(armed, { 1: { gadgets: [g('portableSafeHouseKit', 101)] } });
    expect(roundUntil(kit, plans, result('success')).state.agents[1]!.ip).toBe(5 - 3 + 1);
  });

  it('Explosives Box: one Sabotage at +2 with a 50% misfire that compromises the attacker (-2 IP)', () => {
    const boom = arrange(s0, { 0: { gadgets: [g('explosivesBox')] } });
    const plans = { 0: { offense: 'sabotage' as const, target: 1, useGadget: 'explosivesBox' as const } };
    const misfire = roundUntil(boom, plans, result('misfire')).state;
    expect(misfire.agents[0]!).toMatchObject({ status: 'compromised', ip: 3, gadgets: [] });
    const fired = roundUntil(boom, plans, (s) => s.reveal!.offenses[0]!.roll !== null).state;
    const o = shownOn(fired, 1);
    expect(o.result).toBe(o.roll! + 2 >= 5 ? 'success' : 'failure');
  });

  it('Body Armor: direct attacks on the wearer roll at -1', () => {
    const armored = arrange(s0, { 1: { gadgets: [g('bodyArmor')] } });
    for (let seed = 0; seed < 30; seed++) {
      const st = playRound(
        { ...armored, rng: newMatch(4, seed).rng },
        { 0: { offense: 'assassination', target: 1 } },
      ).state;
      const o = shownOn(st, 1);
      expect(o.result).toBe(o.roll! - 1 >= 6 ? 'success' : 'failure');
    }
  });

  it('Body Armor does not combine with Underground: the 3-IP Network Attack rolls without the -1', () => {
    const armored = arrange(s0, { 0: { ip: 9 }, 1: { gadgets: [g('bodyArmor')] } });
    const hits = { 0: { offense: 'networkAttack' as const, target: 1, enhance: 1 } };
    // A 4 shows the difference: through the tunnels it succeeds (4 + 1), in the open it fails (4 + 1 - 1).
    const fours = new Set<string>();
    for (let seed = 0; seed < 60; seed++) {
      const rng = newMatch(4, seed).rng;
      const under = shownOn(
        playRound({ ...armored, rng }, { ...hits, 1: { defense: 'underground' } }).state,
        1,
      );
      expect(under.result).toBe(under.roll! + 1 >= 5 ? 'success' : 'failure');
      const open = shownOn(playRound({ ...armored, rng }, hits).state, 1);
      expect(open.result).toBe(open.roll! + 1 - 1 >= 5 ? 'success' : 'failure');
      if (under.roll === 4) fours.add(`underground:${under.result}`);
      if (open.roll === 4) fours.add(`open:${open.result}`);
    }
    expect(fours).toEqual(new Set(['underground:success', 'open:failure']));
  });

  it('Bug Detectors nullify the first Infiltration (a card for the owner), then need a 1 IP recharge', () => {
    const det = arrange(s0, { 1: { gadgets: [g('bugDetectors')] } });
    const { state } = playRound(det, { 0: { offense: 'infiltration', target: 1 } });
    expect(shownOn(state, 1).result).toBe('blocked');
    expect(state.agents[1]!.gadgets[0]!.tapped).toBe(true);
    expect(state.agents[1]!.cards).toHaveLength(1);
    const re = act(state, 1, { type: 'recharge', gadget: 'bugDetectors' }).state;
    expect(re.agents[1]!.gadgets[0]!.tapped).toBe(false);
    expect(re.agents[1]!.ip).toBe(state.agents[1]!.ip - 1);
    expect(apply(re, 1, { type: 'recharge', gadget: 'bugDetectors' }).ok).toBe(false);
  });

  it('Signal Jammers destroy a remote-wired gadget used against the owner; the attack goes on without it', () => {
    const jam = arrange(s0, {
      0: { gadgets: [g('explosivesBox')] },
      1: { gadgets: [g('signalJammers', 101)] },
    });
    for (let seed = 0; seed < 20; seed++) {
      const st = playRound(
        { ...jam, rng: newMatch(4, seed).rng },
        { 0: { offense: 'sabotage', target: 1, useGadget: 'explosivesBox' } },
      ).state;
      const o = shownOn(st, 1);
      expect(o.result).toBe(o.roll! >= 5 ? 'success' : 'failure');
      expect(st.agents[0]!.gadgets).toHaveLength(0);
      expect(st.agents[1]!.gadgets[0]!.tapped).toBe(true);
    }
  });

  it('Fake Documents Kit: the first Exposure fails, the attacker loses 1 IP and is not exposed', () => {
    const docs = arrange(s0, { 1: { gadgets: [g('fakeDocumentsKit')] } });
    const { state } = playRound(docs, { 0: { offense: 'exposure', target: 1 } });
    expect(shownOn(state, 1)).toMatchObject({ result: 'blocked', attacker: null });
    expect(state.agents[0]!.ip).toBe(3);
    expect(state.agents[0]!.exposedUntil).toBe(0);
  });

  it('Jetpack Roller Skates: +1 initiative on Mobile Operations (resolves before bigger spenders)', () => {
    const skates = arrange(s0, { 2: { gadgets: [g('jetpackRollerSkates')] } });
    let s = skates;
    s = act(s, 0, { type: 'plan', plan: plan({ offense: 'networkAttack', target: 1, enhance: 2 }) }).state;
    s = act(s, 2, {
      type: 'plan',
      plan: plan({ offense: 'assassination', target: 1, defense: 'mobileOperations', position: 1 }),
    }).state;
    expect(attackOrder(s, collectAttacks(s)).map((a) => a.attacker)).toEqual([2, 0]);
    const plain = act(
      act(s0, 0, { type: 'plan', plan: plan({ offense: 'networkAttack', target: 1 }) }).state,
      2,
      {
        type: 'plan',
        plan: plan({ offense: 'assassination', target: 1, defense: 'mobileOperations', position: 1 }),
      },
    ).state;
    expect(attackOrder(plain, collectAttacks(plain)).map((a) => a.attacker)).toEqual([0, 2]);
  });

  it('ACME Mobile Fortress: every attack on you fails that round, whose income is forfeited; recharge to reuse', () => {
    // Round 2: the fortress owner holds the Bank, so its income at the round start was 2 + 1.
    const r2 = finishRound(
      playRound(
        arrange(s0, {}, (x) => (x.assets.bank = 1)),
        {},
      ).state,
    ).state;
    expect(r2.round).toBe(2);
    expect(r2.agents[1]!.incomeThisRound).toBe(3);
    const fort = arrange(r2, {
      1: { gadgets: [g('mobileFortress'), g('duckAmmo', 101), g('portableSafeHouseKit', 102)] },
    });
    const before = fort.agents[1]!.ip;
    const { state } = playRound(fort, { 0: { offense: 'assassination', target: 1 }, 1: { fortress: true } });
    expect(shownOn(state, 1).result).toBe('blocked');
    expect(state.agents[1]!.status).toBe('active');
    // "No IP generation that round" (design 6.2): this round's 3 IP of income are taken back (Safe Turn +1).
    expect(state.agents[1]!.ip).toBe(before - 3 + 1);
    // The next round's income is paid as usual.
    const next = finishRound(state).state;
    expect(next.agents[1]!.ip).toBe(state.agents[1]!.ip + 3);
    expect(apply(next, 1, { type: 'plan', plan: plan({ fortress: true }) }).ok).toBe(false);
  });

  it('ACME Time-Bomb Beetle: a successful Infiltration makes the target start next round Compromised (-2 IP)', () => {
    const beetle = arrange(s0, { 0: { gadgets: [g('timeBombBeetle')] } });
    const win = roundUntil(beetle, { 0: { offense: 'infiltration', target: 1 } }, result('success')).state;
    expect(win.agents[1]!.timeBomb).toBe(true);
    const next = finishRound(win).state;
    expect(next.agents[1]!.status).toBe('compromised');
    // -2 from the beetle, then income at 80% (floor(2 * 0.8) = 1).
    expect(next.agents[1]!.ip).toBe(win.agents[1]!.ip - 2 + 1);
    const countered = roundUntil(
      beetle,
      { 0: { offense: 'infiltration', target: 1 }, 1: { defense: 'falseIdentity' } },
      result('success'),
    ).state;
    expect(countered.agents[1]!.timeBomb).toBe(false);
  });

  it('ACME Anvil Drone: +2, ignores Mobile Operations, 25% misfire, one-time', () => {
    const anvil = arrange(s0, { 0: { gadgets: [g('jetpackRollerSkates'), g('anvilDrone', 101)] } });
    const plans = {
      0: { offense: 'assassination' as const, target: 1, useGadget: 'anvilDrone' as const },
      1: { defense: 'mobileOperations' as const, position: 2 as const },
    };
    let misfires = 0;
    for (let seed = 0; seed < 40; seed++) {
      const st = playRound({ ...anvil, rng: newMatch(4, seed).rng }, plans).state;
      const o = shownOn(st, 1);
      expect(st.agents[0]!.gadgets.map((x) => x.id)).toEqual(['jetpackRollerSkates']);
      if (o.result === 'misfire') misfires++;
      else expect(o.result).toBe(o.roll! + 2 >= 6 ? 'success' : 'failure');
    }
    expect(misfires).toBeGreaterThan(2);
    expect(misfires).toBeLessThan(20);
  });
});
