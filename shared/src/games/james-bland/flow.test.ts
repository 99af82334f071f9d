import { SPECTATOR } from '../../core/contract';
import { jamesBland } from './index';
import { legalPlans } from './planning';
import { apply, cloneState, legalActions, toAct } from './rules';
import { randomBot } from './baselines';
import { playMatch } from './playout';
import type { JamesBlandState } from './types';
import { STARTER_GADGETS } from './setup';
import { timeout } from './timeouts';
import { view } from './view';
import { act, arrange, finishRound, newMatch, plan, playRound, roundUntil } from './testkit';

/** Every object or array reachable from `v`, with its path. */
function objects(v: unknown, path = '$', out = new Map<object, string>()): Map<object, string> {
  if (typeof v !== 'object' || v === null) return out;
  out.set(v, path);
  for (const [k, x] of Object.entries(v)) objects(x, `${path}.${k}`, out);
  return out;
}

describe('the copy apply works on', () => {
  it('is equal to the state and shares no object or array with it, at every step of played games', () => {
    let checked = 0;
    const check = (s: JamesBlandState) => {
      const copy = cloneState(s);
      expect(copy).toEqual(s);
      const mine = objects(s);
      for (const [o, path] of objects(copy)) if (mine.has(o)) throw new Error(`${path} is shared`);
      checked++;
    };
    for (const [seed, n] of [
      [3, 6],
      [4, 3],
    ] as const)
      playMatch({ planningSeconds: 0, roundLimit: 8 }, seed, Array(n).fill(randomBot), {
        onStep: ({ after }) => check(after),
      });
    expect(checked).toBeGreaterThan(50);
  });
});

/** Plans a round of three in which seat 0 sabotages seat 1, whose Information Warfare raises a banner. */
function toBanner(s: JamesBlandState): JamesBlandState {
  s = act(s, 0, { type: 'plan', plan: plan({ offense: 'sabotage', target: 1 }) }).state;
  s = act(s, 1, {
    type: 'plan',
    plan: plan({ defense: 'informationWarfare', banner: { text: 'Not me!', redirect: 2 } }),
  }).state;
  return act(s, 2, { type: 'plan', plan: plan({}) }).state;
}

describe('round structure and timed windows', () => {
  it('sets up 2 to 6 agents: 1v1 with 7 IP and two starting gadgets, otherwise 5 IP', () => {
    const duel = newMatch(2, 1);
    expect(duel.mode).toBe('1v1');
    for (const a of duel.agents) {
      expect(a.ip).toBe(7);
      expect(a.gadgets).toHaveLength(2);
      for (const g of a.gadgets) expect(STARTER_GADGETS).toContain(g.id);
    }
    const six = newMatch(6, 1);
    expect(six.mode).toBe('full');
    expect(six.agents.map((a) => a.ip)).toEqual([5, 5, 5, 5, 5, 5]);
    expect(new Set(six.agents.map((a) => a.codename)).size).toBe(6);
    expect(six.deck).toHaveLength(6 * 3 * 5);
    expect(() => newMatch(7, 1)).toThrow();
    expect(() => newMatch(1, 1)).toThrow();
  });

  it('the 1v1 variant removes the alliance offenses and defenses (RULINGS 1)', () => {
    const duel = newMatch(2, 1);
    const plans = legalPlans(duel, 0);
    expect(plans.some((p) => p.offense === 'falseFlag' || p.offense === 'allianceDisruption')).toBe(false);
    expect(plans.some((p) => p.defense === 'allianceBuilding')).toBe(false);
    const six = newMatch(6, 1);
    expect(legalPlans(six, 0).some((p) => p.offense === 'falseFlag')).toBe(true);
    expect(legalPlans(six, 0).some((p) => p.defense === 'allianceBuilding')).toBe(true);
  });

  it('planning is simultaneous and closes early when everyone has submitted', () => {
    let s = newMatch(4, 2);
    expect(toAct(s)).toEqual([0, 1, 2, 3]);
    s = act(s, 2, { type: 'plan', plan: plan({}) }).state;
    expect(toAct(s)).toEqual([0, 1, 3]);
    expect(apply(s, 2, { type: 'plan', plan: plan({}) }).ok).toBe(false);
    s = act(s, 0, { type: 'plan', plan: plan({}) }).state;
    s = act(s, 3, { type: 'plan', plan: plan({}) }).state;
    expect(s.phase).toBe('planning');
    s = act(s, 1, { type: 'plan', plan: plan({}) }).state;
    expect(s.phase).toBe('adaptation');
    expect(s.reveal!.round).toBe(1);
  });

  it('planning window: 90 s, 60 s in 1v1, or the table option; the deadline gives every missing seat a Safe Turn', () => {
    const s = newMatch(4, 2, { newcomerTime: 'off' });
    expect(timeout(s)).toEqual({
      key: '1:planning:0',
      seat: SPECTATOR,
      durationMs: 90_000,
      action: { type: 'timeUp' },
    });
    expect(timeout(newMatch(2, 2, { newcomerTime: 'off' }))!.durationMs).toBe(60_000);
    expect(timeout(newMatch(3, 2, { planningSeconds: 30, newcomerTime: 'off' }))!.durationMs).toBe(30_000);
    let t = act(s, 0, { type: 'plan', plan: plan({ offense: 'sabotage', target: 1 }) }).state;
    // Only the clock (seat -1) may end the window: a player cannot force it.
    expect(apply(t, 1, { type: 'timeUp' })).toMatchObject({ ok: false, error: { code: 'CLOCK_ONLY' } });
    expect(apply(t, 0, { type: 'timeUp' }).ok).toBe(false);
    expect(timeout(t)!.key).toBe('1:planning:0');
    t = act(t, SPECTATOR, timeout(t)!.action).state;
    expect(t.phase).toBe('adaptation');
    expect(t.agents.map((a) => a.plan!.offense)).toEqual(['sabotage', 'safeTurn', 'safeTurn', 'safeTurn']);
    expect(t.reveal!.defenses.map((d) => d.defense)).toEqual(['none', 'none', 'none', 'none']);
    expect(legalActions(s, 0).some((a) => a.type === 'timeUp')).toBe(false);
    expect(apply(t, 3, { type: 'plan', plan: plan({}) }).ok).toBe(false);
  });

  it('newcomer time: round 1 gets +2 minutes to plan and +30 s to shop by default, or every round, or never', () => {
    const first = newMatch(4, 2);
    expect(timeout(first)!.durationMs).toBe(90_000 + 120_000);
    expect(timeout(newMatch(2, 2))!.durationMs).toBe(60_000 + 120_000);
    expect(timeout(playRound(first, {}).state)!.durationMs).toBe(45_000 + 30_000);
    const r2 = finishRound(playRound(first, {}).state).state;
    expect(timeout(r2)!.durationMs).toBe(90_000);
    expect(timeout(playRound(r2, {}).state)!.durationMs).toBe(45_000);
    const every = finishRound(playRound(newMatch(4, 2, { newcomerTime: 'everyRound' }), {}).state).state;
    expect(every.round).toBe(2);
    expect(timeout(every)!.durationMs).toBe(90_000 + 120_000);
  });

  it('untimed tables have no deadline in any phase, and the public view says so', () => {
    const s = newMatch(3, 4, { untimed: true });
    expect(timeout(s)).toBeNull();
    expect(view(s, 0).public.planningMs).toBe(0);
    expect(timeout(playRound(s, {}).state)).toBeNull();
    const b = toBanner(s);
    expect(b.phase).toBe('banner');
    expect(timeout(b)).toBeNull();
  });

  it('banner prompts last 10 s; no answer is Ignore', () => {
    let s = toBanner(newMatch(3, 4));
    expect(s.phase).toBe('banner');
    const rule = timeout(s)!;
    expect(rule).toMatchObject({ durationMs: 10_000, key: '1:banner:0' });
    s = act(s, rule.seat, rule.action).state;
    expect(s.phase).toBe('adaptation');
    expect(s.reveal!.offenses[0]!.target).toBe(1);
  });

  it('adaptation ends when all are ready, or at its deadline; then income and a new planning round', () => {
    let s = playRound(newMatch(4, 2, { newcomerTime: 'off' }), {}).state;
    expect(timeout(s)).toMatchObject({ key: '1:adaptation:0', durationMs: 45_000 });
    s = act(s, 0, { type: 'ready' }).state;
    expect(apply(s, 0, { type: 'buyAsset', asset: 'bank' }).ok).toBe(false);
    s = act(s, SPECTATOR, timeout(s)!.action).state;
    expect(s.phase).toBe('planning');
    expect(s.round).toBe(2);
    expect(s.agents.map((a) => a.ip)).toEqual([8, 8, 8, 8]);
    expect(timeout(s)!.key).toBe('2:planning:1');
    expect(finishRound(s).state.round).toBe(2);
  });

  it('a worked round (the design transcript, made legal): order, costs, outcomes, statuses, anonymity', () => {
    const start = arrange(newMatch(4, 8), {
      0: { ip: 6, gadgets: [{ uid: 1, id: 'duckAmmo', tapped: false, readyRound: 1 }] },
      1: { ip: 3, status: 'compromised' },
      2: { ip: 5 },
      3: { ip: 2, status: 'burned' },
    });
    const plans = {
      0: { offense: 'assassination' as const, target: 1, defense: 'bodyguardDetail' as const },
      1: { offense: 'surveillance' as const, target: 2, defense: 'counterSurveillance' as const },
      2: { offense: 'sabotage' as const, target: 3, defense: 'safeHouse' as const },
      // Burned agents may not go Underground (design 6.3): Sweep & Clear instead.
      3: { offense: 'exposure' as const, target: 0, defense: 'sweepAndClear' as const },
    };
    const { state } = roundUntil(start, plans, (s) => {
      const r = Object.fromEntries(s.reveal!.offenses.map((o) => [o.offense, o.result]));
      return (
        r.assassination === 'success' &&
        r.surveillance === 'failure' &&
        r.exposure === 'failure' &&
        r.sabotage === 'success'
      );
    });
    // A: 6 - 2 (Bodyguard) + 3; B: 3 - 3 (plan) - 3; C: 5 + 2; D: 2 - 1 (plan) - 1.
    expect(state.agents.map((a) => a.ip)).toEqual([7, -3, 7, 0]);
    expect(state.agents.map((a) => a.status)).toEqual(['active', 'burned', 'active', 'burned']);
    expect(state.agents[2]!.cards).toHaveLength(1);
    expect(state.agents[3]!.incomeHalved).toBe(true);
    expect(state.agents[3]!.exposedUntil).toBe(3);
    expect(state.agents[0]!.gadgets).toHaveLength(1);
    expect(state.reveal!.offenses.map((o) => [o.target, o.offense, o.attacker])).toEqual([
      [0, 'exposure', 3],
      [1, 'assassination', null],
      [2, 'surveillance', null],
      [3, 'sabotage', null],
    ]);
  });

  it('the definition is complete and importable', () => {
    expect(jamesBland.id).toBe('james-bland');
    expect(jamesBland.seats).toEqual({ min: 2, max: 6 });
    const opts = jamesBland.optionsSchema.parse({});
    expect(opts).toEqual({
      planningSeconds: 0,
      roundLimit: 30,
      newcomerTime: 'firstRound',
      untimed: false,
      edition: 4,
    });
    const s = jamesBland.setup(
      opts,
      [
        { name: 'Ada', bot: false },
        { name: 'Bo', bot: true },
        { name: 'Cy', bot: true },
      ],
      9,
    );
    expect(jamesBland.phase(s)).toBe('planning');
    expect(jamesBland.outcome(s)).toBeNull();
    for (const a of jamesBland.legalActions(s, 0).slice(0, 50))
      expect(jamesBland.actionSchema.safeParse(a).success).toBe(true);
    expect(jamesBland.actionSchema.safeParse({ type: 'plan', plan: { offense: 'nuke' } }).success).toBe(
      false,
    );
    const bad = jamesBland.apply(s, 0, {
      type: 'plan',
      plan: plan({ banner: { text: 'x'.repeat(51), redirect: 1 }, defense: 'informationWarfare' }),
    });
    expect(bad.ok).toBe(false);
  });
});
