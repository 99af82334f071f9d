import { incomeOf } from './rounds';
import { apply, legalActions, toAct } from './rules';
import { addIp } from './state';
import { act, arrange, finishRound, newMatch, plan, playRound, roundUntil } from './testkit';

const s0 = newMatch(4, 31);
const success = (s: { reveal: { offenses: { result: string }[] } | null }) =>
  s.reveal!.offenses.every((o) => o.result === 'success');

describe('statuses, markers and IP (design 6.1, 6.3, RULINGS 5-7)', () => {
  it('income: 2 IP plus asset yields, scaled 100/80/50/0 % by status, halved after Sabotage, rounded down', () => {
    const s = arrange(
      s0,
      { 1: { status: 'compromised' }, 2: { status: 'burned' }, 3: { status: 'captured' } },
      (x) => {
        x.assets.tunnelHub = 0;
        x.assets.armory = 1;
        x.assets.bank = 2;
      },
    );
    expect([0, 1, 2, 3].map((i) => incomeOf(s, i))).toEqual([5, 3, 1, 0]);
    expect(incomeOf(arrange(s, { 0: { incomeHalved: true } }), 0)).toBe(2);
  });

  it('IP floor is -10; a Burned agent pushed below it is eliminated', () => {
    const s = arrange(s0, { 0: { ip: -9 }, 1: { ip: -9, status: 'burned' } });
    addIp(s, 0, -5, 'test');
    addIp(s, 1, -5, 'test');
    expect([s.agents[0]!.ip, s.agents[0]!.status]).toEqual([-10, 'active']);
    expect([s.agents[1]!.ip, s.agents[1]!.status]).toEqual([-10, 'eliminated']);
  });

  it('no spending below 0: a costly plan or purchase is refused, a free plan is allowed in debt', () => {
    const s = arrange(s0, { 0: { ip: -3 } });
    expect(apply(s, 0, { type: 'plan', plan: plan({ defense: 'underground' }) }).ok).toBe(false);
    expect(apply(s, 0, { type: 'plan', plan: plan({ offense: 'assassination', target: 1 }) }).ok).toBe(true);
  });

  it('a second compromise makes an agent Burned; a compromise while Burned costs 1 IP; two in one round: the worst wins', () => {
    const plans = { 0: { offense: 'assassination' as const, target: 1 } };
    const once = roundUntil(s0, plans, success).state;
    expect(once.agents[1]!.status).toBe('compromised');
    const twice = roundUntil(arrange(s0, { 1: { status: 'compromised' } }), plans, success).state;
    expect(twice.agents[1]!.status).toBe('burned');
    const burned = roundUntil(arrange(s0, { 1: { status: 'burned' } }), plans, success).state;
    expect(burned.agents[1]!).toMatchObject({ status: 'burned', ip: 5 + 1 - 3 - 1 });
    const both = roundUntil(s0, { ...plans, 2: { offense: 'assassination', target: 1 } }, success).state;
    expect(both.agents[1]!.status).toBe('compromised');
  });

  it('status restrictions: Burned may only use Mobile Operations or Sweep & Clear; Compromised not False Identity/Honeypot', () => {
    const s = arrange(s0, { 0: { status: 'burned' }, 1: { status: 'compromised' } });
    const defenses = (seat: number) =>
      [...new Set(legalActions(s, seat).map((a) => (a.type === 'plan' ? a.plan.defense : '')))].sort();
    expect(defenses(0)).toEqual(['mobileOperations', 'none', 'sweepAndClear']);
    expect(defenses(1)).not.toContain('falseIdentity');
    expect(defenses(1)).not.toContain('honeypot');
    expect(defenses(2)).toContain('honeypot');
  });

  it('recovery: Bribe ACME Rumor Mill, 2 IP from Compromised, 3 IP from Burned', () => {
    const s = playRound(arrange(s0, { 1: { status: 'compromised' }, 2: { status: 'burned' } }), {}).state;
    const a = act(s, 1, { type: 'recover' }).state;
    expect(a.agents[1]!).toMatchObject({ status: 'active', ip: s.agents[1]!.ip - 2 });
    const b = act(s, 2, { type: 'recover' }).state;
    expect(b.agents[2]!).toMatchObject({ status: 'active', ip: s.agents[2]!.ip - 3 });
    expect(apply(s, 0, { type: 'recover' }).ok).toBe(false);
  });

  it('Captured: skips the next Planning Phase, draws a card per round, escapes for 2 cards (Burned) or is released Burned', () => {
    const caught = roundUntil(
      arrange(s0, { 1: { status: 'burned' } }),
      { 0: { offense: 'capture', target: 1 } },
      success,
    ).state;
    expect(caught.agents[1]!.status).toBe('captured');
    expect(apply(caught, 1, { type: 'escape' }).ok).toBe(false);
    const r2 = finishRound(caught).state;
    expect(toAct(r2)).not.toContain(1);
    expect(r2.agents[1]!.cards).toHaveLength(1);
    expect(r2.agents[1]!.ip).toBe(caught.agents[1]!.ip);
    const released = finishRound(playRound(r2, {}).state).state;
    expect(released.agents[1]!).toMatchObject({ status: 'burned', captures: 1 });
    expect(toAct(released)).toContain(1);
    // Escape instead: two Intel Cards.
    const rich = arrange(caught, {
      1: {
        cards: [
          { uid: 1, about: 0, fact: 'codename' },
          { uid: 2, about: 2, fact: 'gadget' },
        ],
      },
    });
    const out = act(rich, 1, { type: 'escape' }).state;
    expect(out.agents[1]!).toMatchObject({ status: 'burned', captures: 0, cards: [] });
  });

  it('a second capture without escape eliminates; ghosts draw cards and haunt for 2 cards (-1 IP)', () => {
    const again = roundUntil(
      arrange(s0, { 1: { status: 'burned', captures: 1 } }),
      { 0: { offense: 'capture', target: 1 } },
      success,
    ).state;
    expect(again.agents[1]!.status).toBe('eliminated');
    const ghost = arrange(again, {
      1: {
        cards: [
          { uid: 1, about: 0, fact: 'codename' },
          { uid: 2, about: 2, fact: 'gadget' },
        ],
      },
    });
    expect(apply(ghost, 1, { type: 'haunt', target: 1 }).ok).toBe(false);
    const haunted = act(ghost, 1, { type: 'haunt', target: 2 }).state;
    expect(haunted.agents[2]!.ip).toBe(ghost.agents[2]!.ip - 1);
    expect(haunted.agents[1]!.cards).toHaveLength(0);
    const next = finishRound(haunted).state;
    expect(next.agents[1]!.cards).toHaveLength(1);
    expect(toAct(next)).not.toContain(1);
  });

  it('Exposed is a 2-round marker: +1 against the agent and its attacks are shown with its name', () => {
    const s = arrange(s0, { 0: { exposedUntil: 2 } });
    const r1 = playRound(s, { 0: { offense: 'sabotage', target: 1 } }).state;
    expect(r1.reveal!.offenses[0]!.attacker).toBe(0);
    const r3 = arrange(s0, { 0: { exposedUntil: 0 } });
    expect(
      playRound(r3, { 0: { offense: 'sabotage', target: 1 } }).state.reveal!.offenses[0]!.attacker,
    ).toBeNull();
    let t = finishRound(r1).state;
    expect(t.agents[0]!.exposedUntil >= t.round).toBe(true);
    t = finishRound(playRound(t, {}).state).state;
    expect(t.agents[0]!.exposedUntil >= t.round).toBe(false);
  });

  it('NPC bribes: Mailman (1 IP) delivers a card, Guard Dog (2 IP) puts -1 on the first attack next round', () => {
    const s = playRound(s0, {}).state;
    const mail = act(s, 1, { type: 'bribe', npc: 'mailman' }).state;
    expect(mail.agents[1]!).toMatchObject({ ip: 5 });
    expect(mail.agents[1]!.cards).toHaveLength(1);
    const dog = finishRound(act(s, 1, { type: 'bribe', npc: 'guardDog' }).state).state;
    for (let seed = 0; seed < 20; seed++) {
      const st = playRound(
        { ...dog, rng: newMatch(4, seed).rng },
        { 0: { offense: 'assassination', target: 1 } },
      ).state;
      const o = st.reveal!.offenses[0]!;
      expect(o.result).toBe(o.roll! - 1 >= 6 ? 'success' : 'failure');
    }
  });

  it('predictions: +2 when both guesses of other agents offenses are right', () => {
    const plans = {
      0: {
        predictions: [
          { seat: 1, offense: 'sabotage' as const },
          { seat: 2, offense: 'safeTurn' as const },
        ],
      },
      1: { offense: 'sabotage' as const, target: 3 },
    };
    expect(playRound(s0, plans).state.agents[0]!.ip).toBe(5 + 1 + 2);
    const wrong = { ...plans, 1: { offense: 'assassination' as const, target: 3 } };
    expect(playRound(s0, wrong).state.agents[0]!.ip).toBe(6);
  });
});
