/**
 * Rules as written (issue 23): scenarios through the rules' public functions (`apply` via the
 * testkit) for Network Control held through a round, defensive IP, Safe House against Sabotage,
 * the Mobile Fortress (gadgets.test.ts), asset control through Alliance Building, and copies of
 * Intel Cards (they stay copies and never enter the deck; nobody holds a card about themselves).
 */
import { jamesBlandBot } from './bot';
import { randomBot } from './baselines';
import { FACTS } from './data';
import { playMatch } from './playout';
import { apply } from './rules';
import { buildDeck, isCopy } from './state';
import type { GadgetItem, IntelCard, JamesBlandState } from './types';
import { act, arrange, finishRound, newMatch, plan, playRound, roundUntil, shownOn } from './testkit';

const s0 = newMatch(4, 23);
const gadget = (id: GadgetItem['id'], uid = 100): GadgetItem => ({ uid, id, tapped: false, readyRound: 1 });
const succeeded = (after: JamesBlandState) => after.reveal!.offenses[0]!.result === 'success';
const failed = (after: JamesBlandState) => after.reveal!.offenses[0]!.result === 'failure';

/** Seat 2 holds Bank, Black Market and Broadcast Station from the start of round 2. */
function networkInRound2(): JamesBlandState {
  let st = playRound(s0, {}).state;
  for (const asset of ['bank', 'blackMarket', 'broadcastStation'] as const)
    st = act(st, 2, { type: 'buyAsset', asset }).state;
  return finishRound(st).state;
}

describe('Network Control: the same three assets held through the round', () => {
  it('a Network Attack that takes one breaks the network for the round, even if another is bought', () => {
    const r2 = networkInRound2();
    expect(r2).toMatchObject({ round: 2, phase: 'planning' });
    const cut = roundUntil(r2, { 0: { offense: 'networkAttack', target: 2 } }, succeeded).state;
    expect(cut.assets.broadcastStation).toBe(0);
    // Seat 2 buys the free Armory in Adaptation: three assets again at the round's end...
    const rebought = act(arrange(cut, { 2: { ip: 5 } }), 2, { type: 'buyAsset', asset: 'armory' }).state;
    expect(Object.values(rebought.assets).filter((o) => o === 2)).toHaveLength(3);
    // ...but only two of them were held since the round began: no Network Control.
    const end = finishRound(rebought).state;
    expect(end).toMatchObject({ phase: 'planning', round: 3 });
    // Held from the start of round 3 to its end, the rebuilt network wins.
    expect(finishRound(playRound(end, {}).state).state).toMatchObject({ phase: 'finished', winners: [2] });
  });

  it('an asset taken and taken back within the round does not count as held throughout', () => {
    const r2 = networkInRound2();
    // Seat 0 takes the Broadcast Station, seat 2 takes it back from seat 0 in the same combat.
    const both = roundUntil(
      arrange(r2, { 2: { ip: 5 } }),
      { 0: { offense: 'networkAttack', target: 2 }, 2: { offense: 'networkAttack', target: 0 } },
      (after) =>
        after.reveal!.offenses.every((o) => o.result === 'success') && after.assets.broadcastStation === 2,
    ).state;
    expect(Object.values(both.assets).filter((o) => o === 2)).toHaveLength(3);
    expect(finishRound(both).state.phase).toBe('planning');
  });
});

describe('defensive success pays the defender (design 6.1)', () => {
  it('neutralising an attack +1: Safe House (Sabotage), Honeypot (Preemptive Strike: defenses.test.ts)', () => {
    const safe = playRound(s0, { 0: { offense: 'sabotage', target: 1 }, 1: { defense: 'safeHouse' } }).state;
    expect(safe.agents[1]!.ip).toBe(5 + 1 + 1);
    const trap = playRound(s0, {
      0: { offense: 'assassination', target: 1 },
      1: { defense: 'honeypot' },
    }).state;
    expect(shownOn(trap, 1).result).toBe('blocked');
    expect(trap.agents[1]!.ip).toBe(5 - 3 + 1 + 1);
  });

  it('a counter-intelligence intercept +2: Sweep & Clear, Counter-Surveillance, Bug Detectors', () => {
    const sweep = playRound(s0, {
      0: { offense: 'surveillance', target: 1 },
      1: { defense: 'sweepAndClear' },
    }).state;
    expect(shownOn(sweep, 1).result).toBe('blocked');
    expect(sweep.agents[1]!.ip).toBe(5 + 2 + 1);
    const mirror = playRound(s0, {
      0: { offense: 'surveillance', target: 1 },
      1: { defense: 'counterSurveillance' },
    }).state;
    expect(mirror.agents[1]!.ip).toBe(5 - 2 + 2 + 1);
    const detector = playRound(arrange(s0, { 1: { gadgets: [gadget('bugDetectors')] } }), {
      0: { offense: 'infiltration', target: 1 },
    }).state;
    expect(shownOn(detector, 1).result).toBe('blocked');
    expect(detector.agents[1]!.ip).toBe(5 + 2 + 1);
  });

  it('an attack that merely fails its roll pays the defender nothing', () => {
    const miss = roundUntil(s0, { 0: { offense: 'assassination', target: 1 } }, failed).state;
    expect(miss.agents[1]!.ip).toBe(5 + 1);
  });
});

describe('asset control through Alliance Building (design 6.4)', () => {
  const held = arrange(s0, {}, (x) => {
    x.assets.bank = 1;
    x.heldSinceStart = { ...x.assets };
  });
  const claim = { defense: 'allianceBuilding' as const, partners: [1], claimAsset: 'bank' as const };

  it('when the pact forms, the claimed asset passes to the claimant, who pays its control cost', () => {
    const { state, events } = playRound(held, {
      0: claim,
      1: { defense: 'allianceBuilding', partners: [0] },
    });
    expect(state.pacts).toHaveLength(1);
    expect(state.assets.bank).toBe(0);
    // Seat 0: 5 - 2 (pact) - 2 (the Bank's control cost) + 1 Safe Turn; seat 1: 5 - 2 + 2 + 1.
    expect(state.agents[0]!.ip).toBe(2);
    expect(state.agents[1]!.ip).toBe(6);
    expect(events.map((e) => e.text).join('|')).toMatch(/Agent A takes over ACME Bank from Agent B/);
    // Taken during the round, the Bank is held since the start by nobody (Network Control).
    expect(state.heldSinceStart!.bank).toBeNull();
  });

  it('without the pact nothing changes hands; claims must name a partner’s asset and be affordable', () => {
    const alone = playRound(held, { 0: claim }).state;
    expect(alone.assets.bank).toBe(1);
    expect(alone.agents[0]!.ip).toBe(5 - 2 + 1);
    const refuse = (s: JamesBlandState, p: Parameters<typeof plan>[0]) =>
      apply(s, 0, { type: 'plan', plan: plan(p) });
    expect(refuse(held, { ...claim, claimAsset: 'armory' }).ok).toBe(false);
    expect(refuse(held, { ...claim, partners: [2] }).ok).toBe(false);
    expect(refuse(held, { claimAsset: 'bank' }).ok).toBe(false);
    expect(refuse(arrange(held, { 0: { ip: 3 } }), claim).ok).toBe(false);
    expect(refuse(arrange(held, { 0: { ip: 4 } }), claim).ok).toBe(true);
  });
});

describe('copies of Intel Cards', () => {
  it('Communication Intercepts copies stay copies: spent, they vanish instead of entering the deck', () => {
    const spy = arrange(s0, { 3: { gadgets: [gadget('communicationIntercepts')] } }, (x) => {
      x.agents[0]!.cards = [{ uid: 9001, about: 2, fact: 'codename' }];
      x.agents[1]!.cards = [{ uid: 9002, about: 2, fact: 'gadget' }];
    });
    const formed = playRound(spy, {
      0: { defense: 'allianceBuilding', partners: [1] },
      1: { defense: 'allianceBuilding', partners: [0] },
    }).state;
    const caught = formed.agents[3]!.cards;
    expect(caught).toHaveLength(2);
    expect(caught.every(isCopy)).toBe(true);
    // Seat 3, Captured, escapes by spending its two copies: nothing reaches the discard pile.
    const jailed = arrange(formed, { 3: { status: 'captured', capturedRound: 1 } });
    const discardBefore = jailed.discard.length;
    const out = act(jailed, 3, { type: 'escape' }).state;
    expect(out.agents[3]!.cards).toHaveLength(0);
    expect(out.discard).toHaveLength(discardBefore);
  });

  it('a confiscated copy stays a copy, and confiscation never hands an agent a card about itself', () => {
    const copyOnly = arrange(s0, {
      0: { cards: [{ uid: 9100, about: 2, fact: 'codename', sharedVia: 7, copy: true }] },
    });
    const lost = roundUntil(copyOnly, { 0: { offense: 'infiltration', target: 1 } }, failed).state;
    const taken = lost.agents[1]!.cards.find((c) => c.about === 2 && c.fact === 'codename')!;
    expect(isCopy(taken)).toBe(true);
    expect(taken.sharedVia).toBeUndefined();
    // Seat 0 holds a card about seat 1 and one about seat 3: seat 1 takes the one about seat 3.
    const mixed = arrange(s0, {
      0: {
        cards: [
          { uid: 9200, about: 1, fact: 'safeHouse' },
          { uid: 9201, about: 3, fact: 'gadget' },
        ],
      },
    });
    for (let k = 0; k < 5; k++) {
      const st = roundUntil(
        { ...mixed, rng: newMatch(4, 100 + k).rng },
        { 0: { offense: 'infiltration', target: 1 } },
        failed,
      ).state;
      expect(st.agents[1]!.cards.map((c) => c.uid)).toContain(9201);
      expect(st.agents[0]!.cards.map((c) => c.uid)).toEqual([9200]);
    }
    // Only cards about seat 1: one is taken out of play (discarded), never handed to seat 1.
    const aboutHim = arrange(s0, { 0: { cards: [{ uid: 9300, about: 1, fact: 'codename' }] } });
    const st = roundUntil(aboutHim, { 0: { offense: 'infiltration', target: 1 } }, failed).state;
    expect(st.agents[0]!.cards).toHaveLength(0);
    expect(st.agents[1]!.cards.some((c) => c.about === 1)).toBe(false);
    expect(st.discard.map((c) => c.uid)).toContain(9300);
  });

  it('over whole games the deck’s cards are conserved and nobody holds a card about themselves', () => {
    const bots = [jamesBlandBot, randomBot, randomBot, jamesBlandBot, randomBot, randomBot];
    let copies = 0;
    for (let game = 0; game < 24; game++) {
      const n = 2 + (game % 5);
      const deckSize = buildDeck(n, 0).length;
      playMatch({ planningSeconds: 0, roundLimit: 12 }, 2300 + game, bots.slice(0, n), {
        onStep: ({ after }) => {
          const real: IntelCard[] = [...after.deck, ...after.discard];
          after.agents.forEach((a, seat) => {
            for (const c of a.cards) {
              expect(c.about).not.toBe(seat);
              if (isCopy(c)) copies++;
              else real.push(c);
            }
          });
          expect(real).toHaveLength(deckSize);
          expect(new Set(real.map((c) => c.uid)).size).toBe(deckSize);
          expect(real.every((c) => FACTS.includes(c.fact) && !isCopy(c))).toBe(true);
        },
      });
    }
    expect(copies).toBeGreaterThan(0);
  });
});
