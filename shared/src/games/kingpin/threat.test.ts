// @heavy (a long file for its size: scripts/jest-sequencer.cjs runs it first on a fresh clone)
import fc from 'fast-check';
import { Random, seedRng } from '../../core/rng';
import { legalActions } from './legal';
import { apply } from './rules';
import { rulesOf } from './edition';
import { INCOME_BELOW, Q, TURN_CAP, cloneState, takeIncome } from './state';
import { hpQ } from './stats';
import { cardDef, isBoss, isEvent } from './cards';
import { attack, randomPosition, run, scenario } from './testkit';
import {
  BUYS_LOST,
  bossShieldAdvice,
  counterHits,
  guardsInHand,
  LARGE_HIT,
  shieldRemedy,
  threatReport,
} from './threat';
import type { CardId, KingpinAction, KingpinState } from './types';
import { view } from './view';

/** Per slot of `me`: the most HP one attack could take off the card, and whether it can be destroyed. */
type Worst = Map<number, { hpLostQ: number; destroyed: boolean }>;

/**
 * `o`'s turn as it opens after everyone before it passes, without start-of-turn abilities (the
 * threat line counts what is on the table): turns taken go up, a Blackout may end with its turn,
 * and each seat that starts a turn takes the table's base income (edition 3), as the rules do.
 */
export function openTurn(s: KingpinState, o: number): KingpinState {
  const t = cloneState(s);
  const n = t.players.length;
  let seat = t.turn;
  while (seat !== o) {
    const b = t.blackout;
    if (b && b.seat === seat && t.players[seat]!.turnsTaken >= b.untilTurn) t.blackout = null;
    do seat = (seat + 1) % n;
    while (t.players[seat]!.eliminated);
    t.players[seat]!.turnsTaken += 1;
    if (t.players[seat]!.safe < INCOME_BELOW) t.players[seat]!.safe += takeIncome(t, rulesOf(t).income);
  }
  t.turn = o;
  t.phase = 'turn';
  t.prompt = null;
  t.bribedThisTurn = false;
  // The opponent's hand is hidden from us: no deploy from it.
  t.deployedThisTurn = true;
  // The attack ends the turn at the turn cap: the match stops there, so the next player's
  // start-of-turn abilities (a Nurse's heal) do not blur the damage measured.
  t.turnNumber = TURN_CAP;
  return t;
}

const key = (s: KingpinState, o: number) =>
  [s.players[o]!.safe, ...s.players[o]!.board.map((c) => c?.shields ?? -1)].join(',');

/**
 * The oracle: every position `o` can reach with its free Defense Management moves (flips and
 * shield moves, exhaustively), then every legal attack on `me`'s board with the most ammunition,
 * each played through the rules engine; the damage each of `me`'s cards really took.
 */
export function bestAttacksByEngine(
  s: KingpinState,
  me: number,
  o: number,
  moves: readonly KingpinAction['type'][] = ['shieldToSafe', 'moveShield', 'safeToShield'],
  maxAttackers = 6,
): Worst {
  const start = openTurn(s, o);
  const out: Worst = new Map();
  const seen = new Set([key(start, o)]);
  const queue = [start];
  while (queue.length > 0) {
    const t = queue.pop()!;
    for (const a of legalActions(t, o)) {
      if (a.type === 'shieldToSafe' || a.type === 'moveShield' || a.type === 'safeToShield') {
        if (!moves.includes(a.type)) continue;
        const r = apply(t, o, a);
        if (!r.ok) throw new Error(r.error.message);
        const k = key(r.state, o);
        if (!seen.has(k)) {
          seen.add(k);
          queue.push(r.state);
        }
      } else if (
        a.type === 'attack' &&
        a.target.seat === me &&
        a.target.zone === 'board' &&
        a.attackers.length <= maxAttackers
      ) {
        const declared = apply(t, o, a);
        if (!declared.ok) throw new Error(declared.error.message);
        const ammo = legalActions(declared.state, o).filter(
          (x): x is Extract<KingpinAction, { type: 'ammo' }> => x.type === 'ammo',
        );
        const most = Math.max(...ammo.map((x) => x.amount));
        const done = apply(declared.state, o, { type: 'ammo', amount: most });
        if (!done.ok) throw new Error(done.error.message);
        t.players[me]!.board.forEach((c, slot) => {
          if (!c) return;
          const after = done.state.players[me]!.board[slot];
          const destroyed = after?.id !== c.id;
          const hpLostQ = destroyed ? hpQ(t, me, slot) : after.damageQ - c.damageQ;
          const was = out.get(slot) ?? { hpLostQ: 0, destroyed: false };
          out.set(slot, { hpLostQ: Math.max(was.hpLostQ, hpLostQ), destroyed: was.destroyed || destroyed });
        });
      }
    }
  }
  return out;
}

/**
 * The threat line's figures for `me`, per slot, the worst over its opponents (as `Worst`): the
 * rules' worst case, or with the opponents' safes only (`withSafe`).
 */
function announced(s: KingpinState, me: number, key: 'worst' | 'withSafe' | 'oneCard' = 'worst'): Worst {
  const out: Worst = new Map();
  for (const c of threatReport(view(s, me).public, me).cards) {
    out.set(c.slot, {
      hpLostQ: Math.round((c[key]?.hpLost ?? 0) * Q),
      destroyed: c[key]?.destroyed ?? false,
    });
  }
  return out;
}

/** The safe only: the opponent may put money on its cards as shields, never take a shield off. */
const SAFE_ONLY: KingpinAction['type'][] = ['safeToShield'];

export function engineWorst(
  s: KingpinState,
  me: number,
  moves?: readonly KingpinAction['type'][],
  maxAttackers?: number,
): Worst {
  const out: Worst = new Map();
  s.players[me]!.board.forEach((c, slot) => c && out.set(slot, { hpLostQ: 0, destroyed: false }));
  s.players.forEach((p, o) => {
    if (o === me || p.eliminated) return;
    for (const [slot, w] of bestAttacksByEngine(s, me, o, moves, maxAttackers)) {
      const was = out.get(slot)!;
      out.set(slot, { hpLostQ: Math.max(was.hpLostQ, w.hpLostQ), destroyed: was.destroyed || w.destroyed });
    }
  });
  return out;
}

/** A random position seen by the seat on turn, with the truce about to end or over, caps and Blackouts. */
function position(seed: number): KingpinState {
  const s = randomPosition(seed);
  const random = new Random(seedRng(seed ^ 0x5eed));
  for (const p of s.players) {
    p.turnsTaken = random.int(1, 3);
    // Few tokens per opponent keeps the oracle's exhaustive search of Defense Management small.
    const extra = p.safe - random.int(0, 3);
    if (extra > 0) {
      p.safe -= extra;
      s.fund += extra;
    }
    for (const c of p.board) {
      const most = c?.id.startsWith('boss_') ? 2 : 1;
      if (c && c.shields > most) {
        s.fund += c.shields - most;
        c.shields = most;
      }
    }
    for (const c of p.board) if (c) c.frozenUntil = random.int(0, 5) === 0 ? p.turnsTaken + 1 : -1;
  }
  s.options = {
    ...s.options,
    bossTruce: random.int(0, 1) === 1,
    ammoCap: random.pick([0, 0, 1, 3]),
  };
  if (random.int(0, 7) === 0)
    s.blackout = { seat: random.int(0, s.players.length - 1), untilTurn: random.int(1, 4) };
  // The base income (edition 3), drawn last so the positions above stay the ones they were.
  s.options = { ...s.options, income: random.pick([0, 1, 1, 2]) };
  // Sometimes the Fund and the Bank run nearly dry, so a later seat's income is cut short.
  if (random.int(0, 3) === 0) {
    const spare = s.fund + s.bank - random.int(0, 2);
    if (spare > 0) {
      const fromFund = Math.min(spare, s.fund);
      s.fund -= fromFund;
      s.bank -= spare - fromFund;
      s.players[s.turn]!.safe += spare; // the seat on turn: its money is not in the threat line's sums
    }
  }
  return s;
}

/**
 * Random positions checked against the oracle: each takes seconds of CPU (the oracle plays every
 * Defense Management position and every attack through the rules, each apply listing the legal
 * actions again). The default 8 (16 before: 53 s of CPU) put a Boss within reach in 5; the tests
 * after this one pin the truce, a Guard, the shield remedy and an attack that ignores shields.
 */
const THREAT_RUNS = Number(process.env.KINGPIN_THREAT_RUNS ?? 8);

describe('threat line: the damage it announces is what the best attack would really do', () => {
  test('on random positions (2 and 3 players, truce, ammunition caps, Blackouts, frozen cards)', () => {
    let bossReachable = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), (seed) => {
        const s = position(seed);
        const me = s.turn;
        const engine = engineWorst(s, me);
        expect(announced(s, me)).toEqual(engine);
        // The headline's figure: the best attack with the safe only, shields kept (issue 33).
        expect(announced(s, me, 'withSafe')).toEqual(engineWorst(s, me, SAFE_ONLY));
        // The capitals' figure: one attacking card with the safe.
        expect(announced(s, me, 'oneCard')).toEqual(engineWorst(s, me, SAFE_ONLY, 1));
        const boss = s.players[me]!.board.findIndex((c) => c?.id.startsWith('boss_'));
        if ((engine.get(boss)?.hpLostQ ?? 0) > 0) bossReachable += 1;
      }),
      // A fixed seed: the same positions each run (the oracle is slow; the count below is stable).
      // KINGPIN_THREAT_RUNS=200 for a long run (docs/operations.md, "Tests").
      { numRuns: THREAT_RUNS, seed: 20261129 },
    );
    // The positions do reach Bosses (the check is not only about the other cards).
    expect(bossReachable).toBeGreaterThan(2);
    // The oracle searches every Defense Management position exhaustively: slow on a busy machine.
  }, 600_000);

  test('the end of the truce: the Boss is safe this turn, exposed on the next opponent turn', () => {
    const s = scenario({
      seats: [
        { board: ['boss_loner', 'loner_sniper'], safe: 2, turnsTaken: 2 },
        { board: ['boss_gangster', { id: 'gangster_fighter', shields: 1 }], safe: 5, turnsTaken: 1 },
      ],
      options: { bossTruce: true, bossHp: 20 },
    });
    const pub = view(s, 0).public;
    expect(pub.truceActive).toBe(true);
    const r = threatReport(pub, 0);
    expect(r.truceEnds).toBe(true);
    const boss = r.cards.find((c) => c.boss)!;
    const engine = engineWorst(s, 0);
    expect(boss.worst!.hpLost * Q).toBe(engine.get(0)!.hpLostQ);
    expect(boss.worst!.hpLost).toBeGreaterThan(0);
    // Played for real (the opponent's start of turn changes nothing here): the same damage lands.
    const passed = apply(s, 0, { type: 'pass' });
    if (!passed.ok) throw new Error(passed.error.message);
    const w = boss.worst!;
    let t = passed.state;
    for (const slot of t.players[1]!.board.keys()) {
      while ((t.players[1]!.board[slot]?.shields ?? 0) > 0) {
        const r2 = apply(t, 1, { type: 'shieldToSafe', slot });
        if (!r2.ok) throw new Error(r2.error.message);
        t = r2.state;
      }
    }
    const hit = apply(t, 1, {
      type: 'attack',
      attackers: w.attackers,
      target: { seat: 0, zone: 'board', slot: 0 },
    });
    if (!hit.ok) throw new Error(hit.error.message);
    const done = apply(hit.state, 1, { type: 'ammo', amount: w.ammo });
    if (!done.ok) throw new Error(done.error.message);
    expect(hpQ(s, 0, 0) - hpQ(done.state, 0, 0)).toBe(w.hpLost * Q);
  });

  test('a Guard keeps the Boss off the line; a Guard in hand is offered as the play that does it', () => {
    const open = scenario({
      seats: [
        { board: ['boss_gangster'], hand: ['gangster_guard'], safe: 0, turnsTaken: 3 },
        { board: ['boss_loner', 'loner_sniper'], safe: 6, turnsTaken: 3 },
      ],
    });
    const pub = view(open, 0).public;
    expect(threatReport(pub, 0).cards[0]!.worst!.hpLost).toBeGreaterThan(0);
    expect(guardsInHand(pub, 0, ['gangster_guard'])).toEqual(['gangster_guard']);
    const deployed = apply(open, 0, { type: 'deploy', card: 'gangster_guard' });
    if (!deployed.ok) throw new Error(deployed.error.message);
    const after = threatReport(view(deployed.state, 0).public, 0);
    expect(after.cards.find((c) => c.boss)!.worst).toBeNull();
    expect(after.cards.find((c) => !c.boss)!.worst!.hpLost).toBeGreaterThan(0);
    expect(guardsInHand(view(deployed.state, 0).public, 0, [])).toEqual([]);
  });

  test('the shield remedy: adding the shields it names brings the announced hit down, as the engine agrees', () => {
    const s = scenario({
      seats: [
        { board: ['boss_authority', { id: 'authority_financier', shields: 1 }], safe: 1, turnsTaken: 3 },
        { board: ['boss_gangster'], safe: 4, turnsTaken: 3 },
      ],
    });
    const pub = view(s, 0).public;
    const before = threatReport(pub, 0).cards[0]!.worst!;
    expect(before.destroyed).toBe(false);
    const remedy = shieldRemedy(pub, 0, 0)!;
    // The Boss is not in a destruction: the Financier's shield is not moved for a smaller hit.
    expect(remedy).toMatchObject({ fromSafe: 1, moved: 0, sources: [], exposed: [] });
    expect(remedy.after!.hpLost).toBeLessThan(before.hpLost);
    // Do it through the rules, then ask the engine what the best attack does now.
    const r = apply(s, 0, { type: 'safeToShield', slot: 0 });
    if (!r.ok) throw new Error(r.error.message);
    expect(engineWorst(r.state, 0).get(0)!.hpLostQ).toBe(remedy.after!.hpLost * Q);
  });

  /** Ada's Authority Boss with `damage` taken, an empty safe and `extra` beside it; Bo's Gangster Boss with $3. */
  const bare = (damage: number, extra: { id: CardId; shields: number }) =>
    scenario({
      seats: [
        { board: [{ id: 'boss_authority', damage }, extra], safe: 0, turnsTaken: 3 },
        { board: ['boss_gangster'], safe: 3, turnsTaken: 3 },
      ],
      options: { bossHp: 20 },
    });

  test('an empty safe: shields moved from another card when they take the Boss out of the kill, as the engine agrees', () => {
    // Bo's Gangster Boss with its $3 destroys Ada's 7-HP Boss; the Financier's 2 shields on it stop that.
    const s = bare(14, { id: 'authority_financier', shields: 2 });
    const pub = view(s, 0).public;
    expect(engineWorst(s, 0, SAFE_ONLY).get(0)!.destroyed).toBe(true);
    const remedy = shieldRemedy(pub, 0, 0)!;
    // The Financier falls to that attack anyway: its shields are bared at no cost.
    expect(remedy).toMatchObject({ fromSafe: 0, moved: 2, sources: [1, 1], exposed: [] });
    expect(remedy.afterSafe!.destroyed).toBe(false);
    expect(bossShieldAdvice(pub, 0)).toMatchObject({ kind: 'shield', remedy: { moved: 2 } });
    // Two moves through the rules: free Defense Management, the turn's action still to come.
    let t = s;
    for (let i = 0; i < remedy.moved; i++) {
      const r = apply(t, 0, { type: 'moveShield', from: remedy.sources[i]!, to: 0 });
      if (!r.ok) throw new Error(r.error.message);
      t = r.state;
    }
    expect(t.turn).toBe(0);
    expect(t.phase).toBe('turn');
    expect(legalActions(t, 0).some((a) => a.type === 'buy' || a.type === 'attack')).toBe(true);
    expect(engineWorst(t, 0, SAFE_ONLY).get(0)).toEqual({
      hpLostQ: remedy.afterSafe!.hpLost * Q,
      destroyed: false,
    });
    expect(engineWorst(t, 0).get(0)!.hpLostQ).toBe(remedy.after!.hpLost * Q);
  });

  test('moved shields that bare a card are named; moves that do not save the Boss are not offered', () => {
    // The Legend (7 HP) stands with its 2 shields and falls without them: named.
    const s = bare(13, { id: 'unique_loner', shields: 2 });
    const pub = view(s, 0).public;
    const remedy = shieldRemedy(pub, 0, 0)!;
    expect(remedy).toMatchObject({ fromSafe: 0, moved: 2, exposed: ['unique_loner'] });
    const moved = [0, 1].reduce((t) => {
      const r = apply(t, 0, { type: 'moveShield', from: 1, to: 0 });
      if (!r.ok) throw new Error(r.error.message);
      return r.state;
    }, s);
    // Bo's Gangster Boss + $3 at the Legend, through the rules (engineWorst counts every card of a
    // seat whose Boss falls as destroyed, so the Legend is hit directly): it stands, then falls.
    const legend = (t: KingpinState) => attack(openTurn(t, 1), [0], 0, 1, 3).state.players[0]!.board[1];
    expect(legend(s)?.id).toBe('unique_loner');
    expect(legend(moved)).toBeNull();
    expect(engineWorst(moved, 0, SAFE_ONLY).get(0)!.destroyed).toBe(false);
    // A 6-HP Boss needs 3 and the Legend has 2: no remedy at all (moving would only trim the hit).
    expect(shieldRemedy(view(bare(14, { id: 'unique_loner', shields: 2 }), 0).public, 0, 0)).toBeNull();
  });

  test('an attack that ignores shields: no shield remedy is offered', () => {
    const s = scenario({
      seats: [
        { board: ['boss_gangster'], safe: 4, turnsTaken: 3 },
        { board: ['boss_loner', 'loner_sniper'], safe: 2, turnsTaken: 3 },
      ],
    });
    const pub = view(s, 0).public;
    const worst = threatReport(pub, 0).cards[0]!.worst!;
    // Either the Sniper's attack (ignores shields) is the worst, and shields cannot help...
    const withSniper = worst.attackers.includes(1);
    expect(withSniper).toBe(true);
    expect(shieldRemedy(pub, 0, 0)).toBeNull();
  });
});

describe('the shield advice: a shield only when it changes the outcome', () => {
  /** Me: the Authority Boss (20 HP, +1 from its clan) with `damage` taken and `safe`; them: a lone Gangster Boss (hits for 5). */
  const duel = (damage: number, safe: number, extra: CardId[] = []) =>
    scenario({
      seats: [
        {
          board: [{ id: 'boss_authority', damage }, ...extra.map((id) => ({ id, shields: 1 }))],
          safe,
          turnsTaken: 3,
        },
        { board: ['boss_gangster'], safe: 0, turnsTaken: 3 },
      ],
      options: { bossHp: 20 },
      reserve: ['loner_trader', 'authority_swat', 'gangster_authority'],
    });
  const shieldUp = (s: KingpinState, n: number) =>
    run(
      s,
      Array.from({ length: n }, () => ({ type: 'safeToShield', slot: 0 }) as KingpinAction),
    ).state;

  test('a hit the Boss can take: keep the money (and it says what the money buys)', () => {
    const s = duel(0, 3);
    const advice = bossShieldAdvice(view(s, 0).public, 0)!;
    expect(advice).toMatchObject({ kind: 'take', hpLost: 5, hpLeft: 16, safe: 3 });
    expect(advice.hpLost).toBeLessThanOrEqual(LARGE_HIT * 21);
    // The reserve cards named are the ones the rules let it buy now.
    const buys = legalActions(s, 0).flatMap((a) =>
      a.type === 'buy' && a.source === 'reserve' ? [a.card] : [],
    );
    expect([...advice.reserve].sort()).toEqual([...buys].sort());
    // $3 meets the Trader's and the SWAT's Price, not the Kingpin's ($5).
    expect(advice.reserve).toEqual(['loner_trader', 'authority_swat']);
    // The rules agree: the best attack takes 5 and the Boss stands.
    expect(engineWorst(s, 0).get(0)).toEqual({ hpLostQ: 5 * Q, destroyed: false });
  });

  test('a hit that would destroy the Boss, and shields save it: shield', () => {
    const s = duel(17, 3);
    const advice = bossShieldAdvice(view(s, 0).public, 0)!;
    expect(advice).toMatchObject({ kind: 'shield', hpLeft: 0 });
    expect(engineWorst(s, 0).get(0)!.destroyed).toBe(true);
    const shielded = shieldUp(s, advice.remedy.fromSafe);
    expect(engineWorst(shielded, 0).get(0)!.destroyed).toBe(false);
  });

  test('a hit that takes more than a third of the HP left, and the Boss has no slack: shield', () => {
    // 10 HP left, a hit of 5: one more such hit would destroy it.
    const s = duel(11, 3);
    const advice = bossShieldAdvice(view(s, 0).public, 0)!;
    expect(advice.kind).toBe('shield');
    expect(advice.hpLost).toBeGreaterThan(LARGE_HIT * 10);
    expect(advice.hpLeft).toBeLessThanOrEqual(advice.hpLost);
    expect(engineWorst(s, 0).get(0)!.destroyed).toBe(false);
    expect(engineWorst(shieldUp(s, advice.remedy.fromSafe), 0).get(0)!.hpLostQ).toBe(
      advice.remedy.after!.hpLost * Q,
    );
  });

  test('buy versus shield: a large hit the Boss has slack for, and a card the money buys: keep the money', () => {
    // 13 HP left, a hit of 5 (over a third): 8 left after it, room for one more such hit.
    const s = duel(8, 3);
    const pub = view(s, 0).public;
    const advice = bossShieldAdvice(pub, 0)!;
    expect(advice.hpLost).toBeGreaterThan(LARGE_HIT * 13);
    expect(advice).toMatchObject({ kind: 'take', hpLost: 5, hpLeft: 8, saved: 3, safe: 3 });
    // The rules agree: the Boss stands after the best attack, the shields would save 3 HP, and the
    // Reserve buys named are legal now (the Price is checked, not paid: the $3 stays for the next).
    expect(engineWorst(s, 0).get(0)).toEqual({ hpLostQ: 5 * Q, destroyed: false });
    expect(engineWorst(shieldUp(s, 3), 0).get(0)).toEqual({ hpLostQ: 2 * Q, destroyed: false });
    const buys = legalActions(s, 0).flatMap((a) =>
      a.type === 'buy' && a.source === 'reserve' ? [a.card] : [],
    );
    expect(advice.reserve.length).toBeGreaterThan(0);
    expect([...advice.reserve].sort()).toEqual([...buys].sort());
    // Spending the $3 on shields would leave no Reserve card affordable: that is the trade.
    const shielded = shieldUp(s, 3);
    expect(legalActions(shielded, 0).some((a) => a.type === 'buy' && a.source === 'reserve')).toBe(false);
    // No Reserve card: the pile still keeps what the $3 meets, and $0 keeps none.
    const noCard = cloneState(s);
    noCard.discard.push(...noCard.reserve);
    noCard.reserve = [];
    const pile = bossShieldAdvice(view(noCard, 0).public, 0)!;
    expect(pile.kind).toBe('take');
    expect(pile.pileNow - pile.pileAfter).toBeGreaterThanOrEqual(BUYS_LOST);
    // The share is counted over the cards out of sight (the pile and the hands), as in the state.
    const hidden = [...noCard.drawPile, ...noCard.players.flatMap((p) => p.hand)].filter((id) => !isBoss(id));
    const kept = hidden.filter((id) => !isEvent(id) && cardDef(id).price <= 3).length;
    expect(pile.pileNow).toBeCloseTo(kept / hidden.length, 9);
    expect(pile.pileAfter).toBe(0);
  });

  test('buy versus shield: a rich safe keeps its buys after the shields, so a large hit is shielded', () => {
    // The same hit with $12: 4 shields leave $8, which still meets every Price there is.
    const s = duel(8, 12);
    const advice = bossShieldAdvice(view(s, 0).public, 0)!;
    expect(advice.kind).toBe('shield');
    expect(advice.pileNow).toBe(advice.pileAfter);
    const before = legalActions(s, 0).filter((a) => a.type === 'buy').length;
    const after = legalActions(shieldUp(s, advice.remedy.fromSafe), 0).filter((a) => a.type === 'buy').length;
    expect(after).toBe(before);
  });

  test('shields that save the Boss only from the attack with their safe are advised too', () => {
    // Bo's Boss + Fighter with $2 hit for 15¼ (shields kept on them: 5); flipping them, 19. Ada's
    // Boss has 15 HP (21 - 6 damage): the safe's attack destroys it, 4 shields save it from that.
    const s = scenario({
      seats: [
        { board: [{ id: 'boss_authority', damage: 6 }], safe: 4, turnsTaken: 3 },
        {
          board: [
            { id: 'boss_gangster', shields: 3 },
            { id: 'gangster_fighter', shields: 2 },
          ],
          safe: 2,
          turnsTaken: 3,
        },
      ],
      options: { bossHp: 20 },
      reserve: ['loner_trader'],
    });
    const pub = view(s, 0).public;
    const boss = threatReport(pub, 0).cards[0]!;
    expect(boss.withSafe!.destroyed).toBe(true);
    expect(boss.worst!.destroyed).toBe(true);
    // Only Bo's two cards together do it: one card alone (the line's capitals) does not, as the
    // rules agree (every one-card attack with the safe, and the two together).
    expect(boss.oneCard!.destroyed).toBe(false);
    expect(engineWorst(s, 0, SAFE_ONLY, 1).get(0)).toEqual({
      hpLostQ: Math.round(boss.oneCard!.hpLost * Q),
      destroyed: false,
    });
    expect(engineWorst(s, 0, SAFE_ONLY).get(0)!.destroyed).toBe(true);
    const advice = bossShieldAdvice(pub, 0)!;
    expect(advice.kind).toBe('shield');
    expect(advice.remedy.after!.destroyed).toBe(true);
    expect(advice.remedy.afterSafe!.destroyed).toBe(false);
    // The rules agree, both ways, once the shields are on.
    const shielded = shieldUp(s, advice.remedy.fromSafe);
    expect(engineWorst(shielded, 0, SAFE_ONLY).get(0)!.destroyed).toBe(false);
    expect(engineWorst(shielded, 0).get(0)!.destroyed).toBe(true);
  });

  test('a shield moved from another card only to trim a hit the Boss survives is not advised', () => {
    // Issue 33: a move bares its source; it is advised only when it takes the Boss out of the kill.
    const s = duel(0, 0, ['authority_financier']);
    expect(threatReport(view(s, 0).public, 0).cards[0]!.worst!.hpLost).toBeGreaterThan(0);
    expect(bossShieldAdvice(view(s, 0).public, 0)).toBeNull();
  });

  test('nothing reaches the Boss: no advice', () => {
    const s = scenario({
      seats: [
        { board: ['boss_authority'], safe: 3, turnsTaken: 1 },
        { board: ['boss_gangster'], safe: 0, turnsTaken: 0 },
      ],
      options: { bossHp: 20, bossTruce: true },
    });
    expect(bossShieldAdvice(view(s, 0).public, 0)).toBeNull();
  });
});

describe('what to hit first: a card the seat can really destroy now, or the honest best hit', () => {
  test('the card named is destroyed by the attack named, through the rules', () => {
    // Bo's Boss + Valkyrie could destroy Ada's Boss; Ada ($0) can destroy the 3-HP Valkyrie now.
    const s = scenario({
      seats: [
        { board: ['boss_loner'], safe: 0, turnsTaken: 3 },
        { board: ['boss_gangster', 'gangster_valkyrie', 'solo_killer'], safe: 0, turnsTaken: 3 },
      ],
    });
    const pub = view(s, 0).public;
    const w = threatReport(pub, 0).cards[0]!.withSafe!;
    const answers = counterHits(pub, 0, w);
    const kill = answers.find((a) => a.hit?.destroyed)!;
    expect(kill.id).toBe('gangster_valkyrie');
    const r = run(s, [
      { type: 'attack', attackers: kill.hit!.attackers, target: { seat: 1, zone: 'board', slot: kill.slot } },
      { type: 'ammo', amount: kill.hit!.least },
    ]);
    expect(r.state.players[1]!.board[kill.slot]).toBeNull();
  });

  test('nothing of the attack falls this turn: no card is claimed destroyed, and the rules agree', () => {
    // Bo's lone Boss with $12 could destroy Ada's; Ada's Boss with $1 cannot destroy it (10 HP).
    const s = scenario({
      seats: [
        { board: ['boss_loner'], safe: 1, turnsTaken: 3 },
        { board: ['boss_gangster', { id: 'unique_authority', shields: 2 }], safe: 12, turnsTaken: 3 },
      ],
    });
    const pub = view(s, 0).public;
    const w = threatReport(pub, 0).cards[0]!.withSafe!;
    expect(w.destroyed).toBe(true);
    const answers = counterHits(pub, 0, w);
    expect(answers.some((a) => a.hit?.destroyed)).toBe(false);
    const best = answers.find((a) => (a.hit?.hpLost ?? 0) > 0)!;
    // Every legal attack on the attack's cards, at its most ammunition, through the rules: none
    // destroys one, and the best takes what counterHits says.
    let most = 0;
    for (const a of legalActions(s, 0)) {
      if (a.type !== 'attack' || a.target.seat !== 1 || a.target.zone !== 'board') continue;
      if (!w.attackers.includes(a.target.slot)) continue;
      const declared = run(s, [a]).state;
      const max = Math.max(
        ...legalActions(declared, 0).flatMap((x) => (x.type === 'ammo' ? [x.amount] : [])),
      );
      const done = run(declared, [{ type: 'ammo', amount: max }]).state;
      const slot = a.target.slot;
      expect(done.players[1]!.board[slot]?.id).toBe(s.players[1]!.board[slot]!.id);
      if (slot === best.slot) most = Math.max(most, hpQ(s, 1, slot) - hpQ(done, 1, slot));
    }
    expect(most).toBe(best.hit!.hpLost * Q);
  });
});
