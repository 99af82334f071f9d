/**
 * Reinforcements, edition 5 (the default table): from its third turn, a Boss alone on its board with
 * an empty hand that has lost more HP than another living Boss gets the Draw Pile's first card that
 * is not an event, frozen through its owner's next turn. Edition 4's rule (every lone Boss, frozen
 * for the turn) is pinned in editions.test.ts.
 */
import fc from 'fast-check';
import { DECK_IDS, cardDef } from './cards';
import { replaced } from './botNormal';
import { lessHurtRival, reinforcementRule } from './edition';
import { legalActions } from './rules';
import { TOTAL_CARDS, TOTAL_TOKENS, allCardIds, tokenTotal } from './state';
import { card, run, scenario, type CardSpec, type Scenario } from './testkit';
import type { CardId, KingpinState } from './types';
import { view } from './view';

const pass = { type: 'pass' } as const;
/** Whether the seat on turn may attack with the card in `slot`. */
const canAttackWith = (s: KingpinState, slot: number) =>
  legalActions(s, s.turn).some((a) => a.type === 'attack' && a.attackers.includes(slot));
const cardsOf = (s: KingpinState, seat: number) => s.players[seat]!.board.filter((c) => c !== null);

/**
 * Ada (seat 0) is on turn and passes; Bo's third turn starts. Bo's Boss and Ada's have lost
 * `boLost` and `adaLost` HP; the pile starts with an event, then the Nurse.
 */
function boTurn(boLost: number, adaLost: number, extra: Partial<Scenario> = {}): KingpinState {
  return scenario({
    seats: [
      { board: [{ id: 'boss_loner', damage: adaLost }], safe: 0, turnsTaken: 3 },
      { board: [{ id: 'boss_gangster', damage: boLost }], safe: 0, turnsTaken: 2 },
    ],
    top: ['event_bonus', 'loner_nurse'],
    options: { reinforcements: true },
    ...extra,
  });
}

describe('reinforcements, edition 5: a catch-up', () => {
  test('new tables play them; the view names the rule', () => {
    const s = boTurn(3, 1);
    expect(s.options.edition).toBe(5);
    expect(reinforcementRule(s)).toBe('behind');
    expect(view(s, 0).public.reinforcements).toBe('behind');
    expect(reinforcementRule(boTurn(3, 1, { options: { reinforcements: false } }))).toBe('off');
    expect(reinforcementRule(boTurn(3, 1, { options: { reinforcements: true, edition: 4 } }))).toBe('lone');
  });

  test('a lone Boss behind on HP gets the first card that is not an event, frozen through its next turn', () => {
    const step = run(boTurn(3, 1), [pass]);
    const s = step.state;
    expect(s.turn).toBe(1);
    expect(card(s, 1, 1)).toEqual({ id: 'loner_nurse', shields: 0, damageQ: 0, frozenUntil: 4 });
    expect(s.drawPile[0]).toBe('event_bonus');
    expect(step.events.find((e) => e.type === 'reinforce')?.text).toBe(
      "Reinforcements: Nurse joins Bo's lone Boss (more HP lost than Ada's), frozen through Bo's next turn. Gangsters synergy off: −1 Rage.",
    );
    // Frozen on this turn and the next; it attacks from the turn after.
    expect(canAttackWith(s, 1)).toBe(false);
    const next = run(s, [pass, pass]).state;
    expect(next.turn).toBe(1);
    expect(card(next, 1, 1).id).toBe('loner_nurse');
    expect(canAttackWith(next, 1)).toBe(false);
    const after = run(next, [pass, pass]).state;
    expect(canAttackWith(after, 1)).toBe(true);
  });

  test('no card for a Boss that is not behind: equal losses, more HP from a clan bonus, or ahead', () => {
    for (const [bo, ada] of [
      [0, 0],
      [2, 2],
      [1, 3],
    ] as const) {
      const s = run(boTurn(bo, ada), [pass]).state;
      expect(cardsOf(s, 1)).toHaveLength(1);
      expect(s.drawPile.slice(0, 2)).toEqual(['event_bonus', 'loner_nurse']);
    }
    // An Authority Boss alone has 11 HP to the Gangster Boss's 10: fewer HP left is not behind.
    const bonus = scenario({
      seats: [
        { board: ['boss_authority'], safe: 0, turnsTaken: 3 },
        { board: ['boss_gangster'], safe: 0, turnsTaken: 2 },
      ],
      top: ['loner_nurse'],
      options: { reinforcements: true },
    });
    const s = run(bonus, [pass]).state;
    expect(s.players[1]!.board[0]!.damageQ).toBe(0);
    expect(cardsOf(s, 1)).toHaveLength(1);
  });

  test('not before the third turn, not with a hand card or a second board card, not when off', () => {
    const cases: Partial<Scenario>[] = [
      {
        seats: [
          { board: [{ id: 'boss_loner', damage: 0 }], safe: 0, turnsTaken: 2 },
          { board: [{ id: 'boss_gangster', damage: 4 }], safe: 0, turnsTaken: 1 },
        ],
      },
      {
        seats: [
          { board: [{ id: 'boss_loner', damage: 0 }], safe: 0, turnsTaken: 3 },
          { board: [{ id: 'boss_gangster', damage: 4 }], hand: ['gangster_thief'], safe: 0, turnsTaken: 2 },
        ],
      },
      {
        seats: [
          { board: [{ id: 'boss_loner', damage: 0 }], safe: 0, turnsTaken: 3 },
          { board: [{ id: 'boss_gangster', damage: 4 }, 'gangster_thief'], safe: 0, turnsTaken: 2 },
        ],
      },
      { options: { reinforcements: false } },
    ];
    for (const extra of cases) {
      const before = boTurn(4, 0, extra);
      const s = run(before, [pass]).state;
      expect(cardsOf(s, 1)).toHaveLength(cardsOf(before, 1).length);
      expect(s.drawPile).toEqual(before.drawPile);
    }
  });

  test('three players: behind one living rival is enough; an eliminated seat does not count', () => {
    const three = (adaLost: number, cyLost: number) =>
      scenario({
        seats: [
          { board: [{ id: 'boss_loner', damage: adaLost }], safe: 0, turnsTaken: 3 },
          { board: [{ id: 'boss_gangster', damage: 3 }], safe: 0, turnsTaken: 2 },
          { board: [{ id: 'boss_authority', damage: cyLost }], safe: 0, turnsTaken: 2 },
        ],
        top: ['loner_nurse'],
        options: { reinforcements: true },
      });
    // Ada has lost more than Bo, Cy less: Bo is behind Cy.
    expect(cardsOf(run(three(5, 1), [pass]).state, 1)).toHaveLength(2);
    // Both rivals have lost more: no card.
    expect(cardsOf(run(three(5, 4), [pass]).state, 1)).toHaveLength(1);
    // Cy (who had lost nothing) is out: only Ada counts, and she has lost more than Bo.
    const s = three(5, 0);
    const cy = s.players[2]!;
    cy.eliminated = true;
    s.discard.push(...cy.board.flatMap((c) => (c ? [c.id] : [])));
    cy.board = cy.board.map(() => null);
    expect(cardsOf(run(s, [pass]).state, 1)).toHaveLength(1);
  });

  test('lessHurtRival: the living rival that has lost the least, only when it is less than the seat has', () => {
    const seats = (...xs: [number, boolean][]) => xs.map(([lost, eliminated]) => ({ lost, eliminated }));
    expect(lessHurtRival(seats([3, false], [1, false], [2, false]), 0)).toBe(1);
    expect(lessHurtRival(seats([3, false], [1, true], [2, false]), 0)).toBe(2);
    expect(lessHurtRival(seats([2, false], [2, false], [5, false]), 0)).toBeNull();
    expect(lessHurtRival(seats([0, false], [0, false]), 1)).toBeNull();
    expect(lessHurtRival(seats([4, true], [1.25, false]), 1)).toBeNull();
    expect(lessHurtRival(seats([1, false], [1.25, false]), 1)).toBe(0);
  });

  test('property: the card comes exactly when the rule says, from the pile, and nothing else moves', () => {
    const events = DECK_IDS.filter((id) => cardDef(id).type === 'event');
    const others = DECK_IDS.filter(
      (id) => cardDef(id).type !== 'event' && id !== 'gangster_thief' && id !== 'loner_nurse',
    );
    fc.assert(
      fc.property(
        fc.record({
          players: fc.constantFrom(2, 3),
          lost: fc.array(fc.integer({ min: 0, max: 36 }), { minLength: 3, maxLength: 3 }),
          turnsTaken: fc.integer({ min: 1, max: 6 }),
          hand: fc.boolean(),
          second: fc.boolean(),
          on: fc.boolean(),
          edition: fc.constantFrom(4, 5),
          eventsOnTop: fc.integer({ min: 0, max: 3 }),
          onlyEvents: fc.boolean(),
          next: fc.constantFrom(...others),
        }),
        (c) => {
          const bosses: CardId[] = ['boss_loner', 'boss_gangster', 'boss_authority'];
          const seats = Array.from({ length: c.players }, (_, i) => {
            const board: CardSpec[] = [{ id: bosses[i]!, damage: c.lost[i]! / 4 }];
            if (i === 1 && c.second) board.push('gangster_thief');
            return {
              board,
              hand: i === 1 && c.hand ? (['loner_nurse'] as CardId[]) : [],
              safe: 0,
              turnsTaken: i === 0 ? c.turnsTaken + 1 : c.turnsTaken,
            };
          });
          const top = [...events.slice(0, c.eventsOnTop), ...(c.onlyEvents ? [] : [c.next])];
          const before = scenario({
            seats,
            top,
            onlyTop: c.onlyEvents,
            options: { reinforcements: c.on, edition: c.edition },
          });
          const s = run(before, [pass]).state;
          const behind = seats.some((_, k) => k !== 1 && c.lost[k]! < c.lost[1]!);
          const due =
            c.on &&
            c.turnsTaken + 1 > 2 &&
            !c.hand &&
            !c.second &&
            !c.onlyEvents &&
            (c.edition === 4 || behind);
          const added = cardsOf(s, 1).length - cardsOf(before, 1).length;
          expect(added).toBe(due ? 1 : 0);
          // The normal bot's reading of the same rule from Ada's view (the same `lessHurtRival`): with
          // Bo's Thief (slot 1) destroyed, a card would come at Bo's turn, unless the pile has none.
          const ifKilled = c.on && c.turnsTaken + 1 > 2 && !c.hand && (c.edition === 4 || behind);
          expect(replaced(view(before, 0).public, 1, 1)).toBe(ifKilled);
          expect(due).toBe(ifKilled && !c.second && !c.onlyEvents);
          if (due) {
            const slot = s.players[1]!.board.findIndex((x) => x?.id === c.next);
            expect(card(s, 1, slot)).toMatchObject({ shields: 0, damageQ: 0 });
            // Frozen for the turn (edition 4) or through the owner's next turn (edition 5).
            expect(card(s, 1, slot).frozenUntil).toBe(c.turnsTaken + 1 + (c.edition === 5 ? 1 : 0));
            expect(canAttackWith(s, slot)).toBe(false);
            expect(s.drawPile).toEqual(before.drawPile.filter((id) => id !== c.next));
          } else {
            expect(s.drawPile).toEqual(before.drawPile);
          }
          expect(tokenTotal(s)).toBe(TOTAL_TOKENS);
          expect(new Set(allCardIds(s)).size).toBe(TOTAL_CARDS);
        },
      ),
      { numRuns: 300, seed: 33 },
    );
  });
});
