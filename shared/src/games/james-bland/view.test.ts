/**
 * Hidden information: until the reveal nothing about a submission leaks but the fact it was made;
 * secrets (IP, codename, safe house, favourite gadget, Master Plan, gadgets, Intel Cards) stay with
 * their holder; attackers stay anonymous unless identified.
 */
import { SPECTATOR } from '../../core/contract';
import { MASTER_PLANS } from './plans';
import { apply } from './rules';
import type { JamesBlandState } from './types';
import { view } from './view';
import { act, arrange, newMatch, plan, playRound } from './testkit';

const VIEWERS = [SPECTATOR, 0, 1, 2, 3, 4, 5];
const s6 = newMatch(6, 61);

function othersSee(s: JamesBlandState, seat: number): string[] {
  return VIEWERS.filter((v) => v !== seat).map((v) => JSON.stringify(view(s, v)));
}

describe('views and leaks', () => {
  it('a submission shows only that it was made, never what it contains', () => {
    const plans = [
      plan({}),
      plan({ offense: 'assassination', target: 3, enhance: 2, defense: 'safeHouse' }),
      plan({
        offense: 'exposure',
        target: 2,
        defense: 'informationWarfare',
        banner: { text: 'Boo', redirect: 4 },
      }),
      plan({
        offense: 'surveillance',
        target: 1,
        defenseGuess: 'underground',
        defense: 'preemptiveStrike',
        suspect: 5,
        counterMisinformation: true,
      }),
    ];
    const results = plans.map((p) => apply(s6, 0, { type: 'plan', plan: p }));
    const seen = results.map((r) => {
      if (!r.ok) throw new Error(r.error.message);
      return {
        views: othersSee(r.state, 0),
        events: r.events.filter((e) => e.to === undefined || e.to !== 0),
      };
    });
    for (const x of seen.slice(1)) {
      expect(x.views).toEqual(seen[0]!.views);
      expect(x.events).toEqual(seen[0]!.events);
    }
    const before = othersSee(s6, 0);
    expect(seen[0]!.views).not.toEqual(before);
    const pub = view((results[1] as { state: JamesBlandState }).state, SPECTATOR).public;
    expect(pub.agents[0]!.submitted).toBe(true);
    expect(pub.reveal).toBeNull();
    expect(view((results[1] as { state: JamesBlandState }).state, 0).private!.plan!.offense).toBe(
      'assassination',
    );
  });

  it('secrets stay with their holder; spectators get no private part', () => {
    const s = arrange(s6, {
      0: {
        ip: 17,
        cards: [{ uid: 1, about: 3, fact: 'safeHouse' }],
        gadgets: [{ uid: 2, id: 'signalJammers', tapped: false, readyRound: 1 }],
      },
    });
    expect(view(s, SPECTATOR).private).toBeNull();
    const a0 = s.agents[0]!;
    for (const v of VIEWERS) {
      const json = JSON.stringify(view(s, v));
      const mine = v === 0;
      expect(json.includes(a0.codename)).toBe(mine);
      expect(json.includes(a0.safeHouse)).toBe(mine);
      expect(json.includes(a0.favouriteGadget)).toBe(mine);
      expect(json.includes('signalJammers')).toBe(mine);
      expect(json.includes(s.agents[3]!.safeHouse)).toBe(mine || v === 3);
      const pub = JSON.stringify(view(s, v).public);
      for (const id of MASTER_PLANS) expect(pub.includes(id)).toBe(false);
      expect(pub.includes('"ip"')).toBe(false);
    }
    expect(view(s, 0).private).toMatchObject({ ip: 17, masterPlan: a0.masterPlan, codename: a0.codename });
    expect(view(s, 0).private!.dossier[3]).toEqual({
      codename: null,
      safeHouse: s.agents[3]!.safeHouse,
      gadget: null,
    });
  });

  it('a codename is public only while an Exposure has it revealed', () => {
    const s = arrange(s6, { 2: { codenameRevealedUntil: 1 } });
    expect(view(s, 4).public.agents[2]!.codename).toBe(s.agents[2]!.codename);
    expect(view(s, 4).private!.dossier[2]!.codename).toBe(s.agents[2]!.codename);
    expect(
      view(
        arrange(s, {}, (x) => (x.round = 2)),
        4,
      ).public.agents[2]!.codename,
    ).toBeNull();
  });

  it('attackers stay anonymous at the reveal unless identified: swapping who attacked changes nothing public', () => {
    const a = playRound(s6, {
      0: { offense: 'sabotage', target: 2 },
      1: { offense: 'misinformation', target: 3 },
    }).state;
    const b = playRound(s6, {
      1: { offense: 'sabotage', target: 2 },
      0: { offense: 'misinformation', target: 3 },
    }).state;
    expect(view(a, SPECTATOR).public.reveal!.offenses.every((o) => o.attacker === null)).toBe(true);
    const pubA = view(a, SPECTATOR).public;
    const pubB = view(b, SPECTATOR).public;
    expect(pubA).toEqual(pubB);
    expect(view(a, 5)).toEqual(view(b, 5));
  });

  it('an Exposed attacker is named at the reveal, before combat', () => {
    let s = arrange(s6, { 0: { exposedUntil: 2 } });
    s = act(s, 0, { type: 'plan', plan: plan({ offense: 'sabotage', target: 1 }) }).state;
    s = act(s, 2, { type: 'plan', plan: plan({ offense: 'sabotage', target: 3 }) }).state;
    s = act(s, 3, {
      type: 'plan',
      plan: plan({ defense: 'informationWarfare', banner: { text: 'Hi', redirect: 4 } }),
    }).state;
    for (const seat of [1, 4, 5]) s = act(s, seat, { type: 'plan', plan: plan({}) }).state;
    expect(s.phase).toBe('banner');
    const shown = view(s, SPECTATOR).public.reveal!.offenses.map((o) => [o.target, o.attacker, o.result]);
    expect(shown).toEqual([
      [1, 0, 'pending'],
      [3, null, 'pending'],
    ]);
  });

  it('the banner phase asks every planner, so the prompt list does not reveal attackers', () => {
    let s = s6;
    s = act(s, 0, { type: 'plan', plan: plan({ offense: 'sabotage', target: 1 }) }).state;
    s = act(s, 1, {
      type: 'plan',
      plan: plan({ defense: 'informationWarfare', banner: { text: 'Look up!', redirect: 2 } }),
    }).state;
    for (const seat of [2, 3, 4, 5]) s = act(s, seat, { type: 'plan', plan: plan({}) }).state;
    expect(s.phase).toBe('banner');
    const pub = view(s, SPECTATOR).public;
    expect(pub.bannerWaiting).toEqual([0, 1, 2, 3, 4, 5]);
    expect(pub.reveal!.offenses[0]!.attacker).toBeNull();
    expect(view(s, 0).private!.bannerPrompt).toBe(true);
    expect(view(s, 2).private!.bannerPrompt).toBe(false);
  });

  it('never sends the deck, the rng or the ledger', () => {
    const s = playRound(s6, { 0: { offense: 'exposure', target: 1 } }).state;
    for (const v of VIEWERS) {
      const json = JSON.stringify(view(s, v));
      expect(json).not.toMatch(/"deck"|"rng"|"ledger"|"revealAttackers"|"successes"/);
    }
  });
});
