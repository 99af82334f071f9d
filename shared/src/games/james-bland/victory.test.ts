import { FACTS } from './data';
import { planComplete } from './planCompletion';
import { MASTER_PLANS, MASTER_PLAN_SPECS, plansFor } from './plans';
import { apply, toAct } from './rules';
import type { IntelCard, JamesBlandState, Success } from './types';
import { act, arrange, finishRound, newMatch, playRound, roundUntil } from './testkit';

const s0 = newMatch(4, 51);
const adapt = playRound(s0, {}).state;
const ok = (
  round: number,
  offense: Success['offense'],
  target: number,
  more: Partial<Success> = {},
): Success => ({
  round,
  offense,
  target,
  ...more,
});
let uid = 7000;
const dossier = (...about: number[]): IntelCard[] =>
  about.flatMap((a) => FACTS.map((fact) => ({ uid: uid++, about: a, fact })));

/** Seat 0 holds `plan` with these fields, in round 5. */
function withPlan(
  plan: (typeof MASTER_PLANS)[number],
  fields: Parameters<typeof arrange>[1][number] = {},
  more?: (s: JamesBlandState) => void,
) {
  return arrange(adapt, { 0: { masterPlan: plan, ...fields } }, (s) => {
    s.round = 5;
    more?.(s);
  });
}

describe('Master Plans (design 7, RULINGS 14)', () => {
  it('ten plans, each dealt only where it can be done; the match deals distinct plans', () => {
    expect(MASTER_PLANS).toHaveLength(10);
    expect(plansFor(3)).not.toContain('mastermindOfMisinformation');
    expect(plansFor(4)).toContain('mastermindOfMisinformation');
    const six = newMatch(6, 2);
    expect(new Set(six.agents.map((a) => a.masterPlan)).size).toBe(6);
  });

  it('Expose All: counts Active opponents only, and needs at least one', () => {
    const exposedTwo = { successes: [ok(4, 'exposure', 1), ok(5, 'exposure', 2)] };
    expect(planComplete(withPlan('exposeAll', exposedTwo), 0)).toBe(false);
    const third = (status: 'compromised' | 'burned') =>
      withPlan('exposeAll', exposedTwo, (s) => {
        s.agents[3]!.status = status;
      });
    expect(planComplete(third('compromised'), 0)).toBe(true);
    expect(planComplete(third('burned'), 0)).toBe(true);
    const nobodyActive = withPlan('exposeAll', {}, (s) => {
      for (const i of [1, 2, 3]) s.agents[i]!.status = 'compromised';
    });
    expect(planComplete(nobodyActive, 0)).toBe(false);
  });

  it('Expose All: every Active opponent successfully Exposed within 3 rounds', () => {
    const s = withPlan('exposeAll', {
      successes: [ok(3, 'exposure', 1), ok(4, 'exposure', 2), ok(5, 'exposure', 3)],
    });
    expect(planComplete(s, 0)).toBe(true);
    expect(
      planComplete(
        withPlan('exposeAll', {
          successes: [ok(2, 'exposure', 1), ok(4, 'exposure', 2), ok(5, 'exposure', 3)],
        }),
        0,
      ),
    ).toBe(false);
  });

  it('Control All Assets: all five held from the round start', () => {
    const all = withPlan('controlAllAssets', {}, (s) => {
      for (const k of Object.keys(s.assets)) s.assets[k as keyof typeof s.assets] = 0;
    });
    expect(planComplete(all, 0)).toBe(false);
    all.heldSinceStart = { ...all.assets };
    expect(planComplete(all, 0)).toBe(true);
    expect(planComplete(withPlan('controlAllAssets'), 0)).toBe(false);
  });

  it('Anvil Carnage: Anvil Drone Assassinations on three different opponents within 3 rounds', () => {
    const a = (r: number, t: number) => ok(r, 'assassination', t, { gadget: 'anvilDrone' });
    expect(planComplete(withPlan('anvilCarnage', { successes: [a(3, 1), a(4, 2), a(5, 3)] }), 0)).toBe(true);
    expect(
      planComplete(withPlan('anvilCarnage', { successes: [a(3, 1), a(4, 2), ok(5, 'assassination', 3)] }), 0),
    ).toBe(false);
  });

  it('Mastermind of Misinformation: three different opponents tricked within 3 rounds', () => {
    const m = (r: number, t: number) => ok(r, 'misinformation', t);
    expect(
      planComplete(withPlan('mastermindOfMisinformation', { successes: [m(4, 1), m(5, 2), m(5, 3)] }), 0),
    ).toBe(true);
    expect(
      planComplete(withPlan('mastermindOfMisinformation', { successes: [m(4, 1), m(5, 1), m(5, 3)] }), 0),
    ).toBe(false);
  });

  it('Saboteur Supreme: a successful Sabotage on an asset holder in three consecutive rounds', () => {
    const sb = (r: number) => ok(r, 'sabotage', 1, { targetHadAsset: true });
    expect(planComplete(withPlan('saboteurSupreme', { successes: [sb(3), sb(4), sb(5)] }), 0)).toBe(true);
    expect(planComplete(withPlan('saboteurSupreme', { successes: [sb(2), sb(4), sb(5)] }), 0)).toBe(false);
  });

  it('Grand Larceny: 8 IP stolen in total', () => {
    const t = (r: number, n: number) => ok(r, 'assetTheft', 1, { stolen: n });
    expect(planComplete(withPlan('grandLarceny', { successes: [t(1, 5), t(4, 3)] }), 0)).toBe(true);
    expect(planComplete(withPlan('grandLarceny', { successes: [t(1, 5), t(4, 2)] }), 0)).toBe(false);
  });

  it('Bug the World: your bugs on every other agent in play', () => {
    const s = withPlan('bugTheWorld', {}, (x) => [1, 2, 3].forEach((i) => x.agents[i]!.buggedBy.push(0)));
    expect(planComplete(s, 0)).toBe(true);
    expect(planComplete(arrange(s, { 3: { buggedBy: [2] } }), 0)).toBe(false);
  });

  it('Double Agent: a successful attack on a partner while in two pacts', () => {
    expect(
      planComplete(
        withPlan('doubleAgent', { successes: [ok(5, 'sabotage', 1, { betrayal: true, pactsAtStart: 2 })] }),
        0,
      ),
    ).toBe(true);
    expect(
      planComplete(
        withPlan('doubleAgent', { successes: [ok(5, 'sabotage', 1, { betrayal: true, pactsAtStart: 1 })] }),
        0,
      ),
    ).toBe(false);
  });

  it('Roadrunner: attacked three rounds running, every attack failed (tracked by the resolver)', () => {
    expect(planComplete(withPlan('roadrunner', { untouchableStreak: 3 }), 0)).toBe(true);
    let s = arrange(s0, { 1: { masterPlan: 'roadrunner' } });
    s = playRound(s, { 0: { offense: 'sabotage', target: 1 }, 1: { defense: 'underground' } }).state;
    expect(s.agents[1]!.untouchableStreak).toBe(1);
    s = finishRound(s).state;
    s = playRound(s, {}).state;
    expect(s.agents[1]!.untouchableStreak).toBe(0);
  });

  it('Banner Day: two believed banners', () => {
    expect(planComplete(withPlan('bannerDay', { bannersBelieved: 2 }), 0)).toBe(true);
    expect(planComplete(withPlan('bannerDay', { bannersBelieved: 1 }), 0)).toBe(false);
  });

  it('Mission Completion wins at the end of the round and pays the plan reward', () => {
    const s = withPlan('bannerDay', { bannersBelieved: 2 });
    const { state } = finishRound(s);
    expect(state.phase).toBe('finished');
    expect(state.winners).toEqual([0]);
    expect(state.summary).toContain('Mission Completion');
    expect(state.agents[0]!.ip).toBe(s.agents[0]!.ip + MASTER_PLAN_SPECS.bannerDay.reward);
  });
});

describe('victory conditions (design 8, RULINGS 16)', () => {
  it('Last Spy Standing: the only agent not Captured or Eliminated', () => {
    const s = arrange(adapt, {
      1: { status: 'eliminated' },
      2: { status: 'captured', capturedRound: 1 },
      3: { status: 'eliminated' },
    });
    const { state } = finishRound(s);
    expect(state.winners).toEqual([0]);
    expect(state.summary).toContain('Last Spy Standing');
  });

  it('Network Control: three of five assets held from the round start to its end', () => {
    const held = (x: JamesBlandState, seat: number) => {
      x.assets.bank = seat;
      x.assets.armory = seat;
      x.assets.blackMarket = seat;
      x.heldSinceStart = { ...x.assets };
    };
    const s = arrange(adapt, {}, (x) => held(x, 2));
    expect(finishRound(s).state).toMatchObject({ phase: 'finished', winners: [2] });
    const two = arrange(s, {}, (x) => (x.assets.blackMarket = 1));
    expect(finishRound(two).state.phase).toBe('planning');
  });

  it('Network Control: three assets bought in an Adaptation win only if they are still held a round later', () => {
    // Seat 2 buys three assets in round 1's Adaptation (5 IP + 1 Safe Turn = 6 IP = 2 + 2 + 2).
    let st = adapt;
    for (const asset of ['bank', 'blackMarket', 'broadcastStation'] as const)
      st = act(st, 2, { type: 'buyAsset', asset }).state;
    expect(st.agents[2]!.ip).toBe(0);
    st = finishRound(st).state;
    expect(st).toMatchObject({ phase: 'planning', round: 2 });
    // Round 2: nobody breaks the network; it wins at the end of round 2.
    expect(finishRound(playRound(st, {}).state).state).toMatchObject({ phase: 'finished', winners: [2] });
    // Round 2 again, with a Network Attack taking an asset: no win.
    const cut = roundUntil(
      st,
      { 0: { offense: 'networkAttack', target: 2 } },
      (after) => after.reveal!.offenses[0]!.result === 'success',
    ).state;
    expect(cut.assets.broadcastStation).toBe(0);
    expect(finishRound(cut).state.phase).toBe('planning');
  });

  it('Intelligence Supremacy: a full dossier (three facts as Intel Cards) on every other Active agent', () => {
    const s = arrange(adapt, { 3: { cards: dossier(0, 1, 2) } });
    expect(finishRound(s).state).toMatchObject({ winners: [3] });
    const partial = arrange(adapt, { 3: { cards: dossier(0, 1, 2).slice(1) } });
    expect(finishRound(partial).state.phase).toBe('planning');
    // Agents out of play need no dossier.
    const fewer = arrange(adapt, { 2: { status: 'eliminated' }, 3: { cards: dossier(0, 1) } });
    expect(finishRound(fewer).state.winners).toEqual([3]);
    // RULINGS 12 says "every other Active agent": Compromised and Burned agents need none either...
    const hurt = arrange(adapt, {
      1: { status: 'compromised' },
      2: { status: 'burned' },
      3: { cards: dossier(0) },
    });
    expect(finishRound(hurt).state.winners).toEqual([3]);
    // ...but an Active one does, whatever the dossier holds on the others.
    const missing = arrange(adapt, { 1: { status: 'compromised' }, 3: { cards: dossier(1, 2) } });
    expect(finishRound(missing).state.phase).toBe('planning');
    // With no other Active agent there is nothing to collect: no Supremacy.
    const none = arrange(adapt, {
      0: { status: 'compromised' },
      1: { status: 'compromised' },
      2: { status: 'burned' },
      3: { cards: dossier(0, 1, 2) },
    });
    expect(finishRound(none).state.phase).toBe('planning');
    // The holder itself may be hurt.
    const holder = arrange(adapt, { 3: { status: 'burned', cards: dossier(0, 1, 2) } });
    expect(finishRound(holder).state.winners).toEqual([3]);
  });

  it('checks in order (Network Control before Supremacy); ties go to higher IP, then are shared', () => {
    const both = arrange(adapt, { 3: { cards: dossier(0, 1, 2) } }, (x) => {
      x.assets.bank = 1;
      x.assets.armory = 1;
      x.assets.blackMarket = 1;
      x.heldSinceStart = { ...x.assets };
    });
    expect(finishRound(both).state.winners).toEqual([1]);
    const tie = arrange(adapt, {
      2: { cards: dossier(0, 1, 3), ip: 9 },
      3: { cards: dossier(0, 1, 2), ip: 8 },
    });
    expect(finishRound(tie).state.winners).toEqual([2]);
    const shared = arrange(tie, { 3: { ip: 9 } });
    expect(finishRound(shared).state.winners).toEqual([2, 3]);
    // The headline names a shared win as one (the results card then says "You share the win with ...").
    expect(finishRound(shared).state.summary).toMatch(
      /^Agent C and Agent D share the win: Intelligence Supremacy/,
    );
    expect(finishRound(tie).state.summary).toMatch(/^Agent C wins: /);
  });

  it('Alliance Victory: partners with a joint dossier on everyone outside the pact go to the Final Showdown', () => {
    const s = arrange(adapt, { 0: { cards: dossier(2) }, 1: { cards: dossier(3) } }, (x) =>
      x.pacts.push({ id: 9, a: 0, b: 1, until: 4 }),
    );
    let st = finishRound(s).state;
    expect(st.phase).toBe('showdown');
    expect(st.agents[0]!.ip).toBe(s.agents[0]!.ip + 3);
    expect(toAct(st)).toEqual([0, 1]);
    expect(apply(st, 2, { type: 'showdown', choice: 'sabotage' }).ok).toBe(false);
    st = act(st, 0, { type: 'showdown', choice: 'sabotage' }).state;
    const { state, events } = act(st, 1, { type: 'showdown', choice: 'assassination' });
    expect(state.phase).toBe('finished');
    const roll = events.find((e) => e.type === 'showdownRoll')!.text;
    expect(roll).toMatch(/rolls \d+ \(Sabotage\), .* rolls \d+ \(Assassination\)/);
    const [, r0, r1] = /rolls (\d+) .* rolls (\d+)/.exec(roll)!.map(Number);
    expect(r0).toBeGreaterThanOrEqual(3);
    expect(r0).toBeLessThanOrEqual(8);
    if (r0 !== r1) expect(state.winners).toEqual([r0! > r1! ? 0 : 1]);
    else expect(state.winners.length).toBeGreaterThanOrEqual(1);
  });

  it('1v1: only Last Spy Standing and Intelligence Supremacy count', () => {
    const duel = playRound(newMatch(2, 5), {}).state;
    const assets = arrange(duel, { 0: { masterPlan: 'bannerDay', bannersBelieved: 5 } }, (x) => {
      x.assets.bank = 0;
      x.assets.armory = 0;
      x.assets.blackMarket = 0;
    });
    expect(finishRound(assets).state.phase).toBe('planning');
    expect(finishRound(arrange(duel, { 1: { cards: dossier(0) } })).state.winners).toEqual([1]);
  });

  it('the round limit ends the match: the most IP among agents in play wins', () => {
    const s = arrange(
      playRound(newMatch(4, 5, { roundLimit: 3 }), {}).state,
      { 2: { ip: 12 } },
      (x) => (x.round = 3),
    );
    expect(finishRound(s).state).toMatchObject({ phase: 'finished', winners: [2] });
  });
});
