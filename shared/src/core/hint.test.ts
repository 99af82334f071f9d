/**
 * The hint (core/hint.ts): the normal bot's choice for a seat due, from its view alone, in words.
 * That two states alike to a seat give it the same hint is the contract suite's check (every game).
 */
import { bankout } from '../games/bankout/index';
import type { BankoutAction, BankoutState } from '../games/bankout/types';
import { money } from '../games/bankout/cards';
import type { AnyGameDefinition, GameAction } from './contract';
import { genericWords, hintFor, hintFromView } from './hint';
import { canonicalJson, isListed, playout } from './playout';
import { ErrorCode, Limits } from './protocol';

const options = { mode: 'blitz' as const, jokers: true, turnSeconds: 0 };

/** Every state of a few seeded Blitz matches, with the seat due in each. */
function states(seeds: number[]): BankoutState[] {
  const out: BankoutState[] = [];
  for (const seed of seeds)
    playout(bankout, options, seed, [bankout.bot, bankout.bot], {
      onStep: ({ before }) => out.push(before),
    });
  return out;
}
const all = states([1, 2, 3]);

test("Bankout: each hint is a listed action of the seat due, named as its button is, with a why from the seat's numbers", () => {
  const labels: Record<BankoutAction['type'], RegExp> = {
    draw: /^Draw$/,
    bank: /^Bank( \$[\d,]+)?$/,
    endTurn: /^End turn$/,
    play: /^Play (your Joker: |[QK])/,
    joker: /^Joker: (Swap banks|King effect|Queen effect)$/,
    counter: /^(Counter with your Joker|Let the swap through)$/,
    discard: /^Discard /,
    timeUp: /^$/,
  };
  const types = new Set<string>();
  for (const s of all) {
    for (const seat of bankout.toAct(s)) {
      const r = hintFor(bankout, s, seat);
      if (!r.ok) throw new Error(`no hint: ${r.error.code}`);
      const action = r.hint.action as BankoutAction;
      types.add(action.type);
      expect(isListed(bankout.legalActions(s, seat), action)).toBe(true);
      expect(r.hint.label).toMatch(labels[action.type]);
      expect(r.hint.why.length).toBeGreaterThan(10);
      const loot = bankout.view(s, seat).public.players[seat]!.loot;
      if (action.type === 'bank' && loot > 0) expect(r.hint.label).toBe(`Bank ${money(loot)}`);
      if (action.type === 'draw' && loot > 0) expect(r.hint.why).toContain(money(loot));
    }
  }
  // The matches reach more than the opening's choices.
  expect([...types]).toEqual(expect.arrayContaining(['draw', 'bank']));
  expect(types.size).toBeGreaterThanOrEqual(3);
});

test('a hint changes nothing and is the same each time it is asked (its randomness comes from the view)', () => {
  const s = all[40]!;
  const seat = bankout.toAct(s)[0]!;
  const before = canonicalJson(s);
  const a = hintFor(bankout, s, seat);
  expect(canonicalJson(s)).toBe(before);
  expect(hintFor(bankout, s, seat)).toEqual(a);
});

test('refused off turn and once the match is over', () => {
  const s = all[10]!;
  const idle = [0, 1].find((seat) => !bankout.toAct(s).includes(seat))!;
  expect(hintFor(bankout, s, idle)).toEqual({
    ok: false,
    error: { code: ErrorCode.NOT_YOUR_TURN, message: expect.any(String) },
  });
  const end = playout(bankout, options, 4, [bankout.bot, bankout.bot]).state;
  expect(hintFor(bankout, end, 0)).toMatchObject({ ok: false, error: { code: ErrorCode.NOT_PLAYING } });
});

test('the randomness the bot gets depends on the view: two views can hint differently, one view never', () => {
  const draws = new Set<number>();
  const game = {
    ...bankout,
    bot: {
      decide: (_v: unknown, legal: GameAction[], random: () => number) => {
        draws.add(random());
        return legal[0]!;
      },
    },
  } as unknown as AnyGameDefinition;
  const legal = [{ type: 'a' }];
  hintFromView(game, { public: { n: 1 }, private: null }, legal);
  hintFromView(game, { public: { n: 1 }, private: null }, legal);
  expect(draws.size).toBe(1);
  hintFromView(game, { public: { n: 2 }, private: null }, legal);
  expect(draws.size).toBe(2);
});

test("a bot that fails or answers off the list gives the seat's first legal action; words are cut short", () => {
  const legal = [{ type: 'pass' }, { type: 'step' }];
  const view = { public: {}, private: null };
  const failing = {
    ...bankout,
    bot: {
      decide: () => {
        throw new Error('no');
      },
    },
  } as unknown as AnyGameDefinition;
  expect(hintFromView(failing, view, legal).action).toEqual({ type: 'pass' });
  const offList = {
    ...bankout,
    bot: {
      decide: () => ({ type: 'fly' }),
      explain: () => ({ label: 'x'.repeat(500), why: 'because' }),
    },
  } as unknown as AnyGameDefinition;
  const h = hintFromView(offList, view, legal);
  expect(h.action).toEqual({ type: 'pass' });
  expect(h.label.length).toBe(Limits.hintTextLength);
  expect(h.label.endsWith('…')).toBe(true);
});

test('generic words name the action from its fields', () => {
  expect(genericWords({ type: 'endTurn' }).label).toBe('End turn');
  expect(
    genericWords({
      type: 'attack',
      from: 'Alaska',
      to: 'Kamchatka',
      units: [1, 2],
      blitz: true,
    } as GameAction).label,
  ).toBe('Attack: from Alaska, to Kamchatka, units 1 + 2, blitz yes');
  expect(genericWords({ type: 'set_bid', bid: { amount: 3 } } as GameAction).label).toBe(
    'Set bid: bid amount 3',
  );
});
