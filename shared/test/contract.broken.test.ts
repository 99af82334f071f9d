/**
 * The contract suite fails a game that breaks its contract: each case is the test game with one
 * broken promise, and the suite must name it.
 */
import type { AnyGameDefinition } from '../src/core/contract';
import { hintFor } from '../src/core/hint';
import { type ContractPlan, checkContract } from './contract.suite';
import { type PeekAction, type PeekState, peek, peekLookalikes, valueOf } from './games/peek';

const broken = (changes: Partial<AnyGameDefinition>): AnyGameDefinition => ({ ...peek, ...changes });
const plan = { matches: 4 };
/** With the look-alikes a seat cannot tell apart: the other seats' cards dealt again. */
const fogPlan = { ...plan, lookalikes: peekLookalikes };

test('the test game keeps the contract as written', () => {
  expect(() => checkContract(peek, plan)).not.toThrow();
  expect(() => checkContract(peek, fogPlan)).not.toThrow();
});

test('a rule that changes the state in place is caught (the state is frozen)', () => {
  const game = broken({
    apply: (s: PeekState, seat, action) => {
      const r = peek.apply(s, seat, action as PeekAction);
      if (r.ok) s.turnNumber = r.state.turnNumber;
      return r;
    },
  });
  expect(() => checkContract(game, plan)).toThrow(/read only|read-only|not extensible/);
});

test('a bot that changes its view in place is caught', () => {
  const game = broken({
    bot: {
      decide: (view, legal, random) => {
        (view.public as { turn: number }).turn = -1;
        return peek.bot.decide(view as never, legal as PeekAction[], random);
      },
    },
  });
  expect(() => checkContract(game, plan)).toThrow(/read only|read-only/);
});

test('a bot answer that is not listed is caught', () => {
  const game = broken({ bot: { decide: () => ({ type: 'hold', loudly: true }) as never } });
  expect(() => checkContract(game, plan)).toThrow(/unlisted/);
});

test('a listed action that apply refuses is caught', () => {
  const game = broken({
    legalActions: (s: PeekState, seat) => [...peek.legalActions(s, seat), { type: 'call' as const }],
  });
  expect(() => checkContract(game, plan)).toThrow(/legal \{"type":"call"\} refused/);
});

test('a timer whose action is refused is caught', () => {
  const game = broken({
    timeout: (s: PeekState) => {
      const t = peek.timeout(s);
      return t && { ...t, seat: (t.seat + 1) % s.cards.length };
    },
  });
  expect(() => checkContract(game, plan)).toThrow(/timer's \{"type":"hold"\} refused/);
});

test("a spectator's view with a private part, or a public part that depends on the viewer, is caught", () => {
  const spectatorSees = broken({ view: (s: PeekState) => peek.view(s, 0) });
  expect(() => checkContract(spectatorSees, plan)).toThrow(/spectator's view has a private part/);
  const publicCard = broken({
    view: (s: PeekState, viewer) => {
      const v = peek.view(s, viewer);
      return { ...v, public: { ...v.public, discards: v.private ? [v.private.card] : [] } };
    },
  });
  expect(() => checkContract(publicCard, plan)).toThrow(/public part differs/);
});

test('a deal that does not come from the seed is caught (the replay differs)', () => {
  // Each deal turns the deck by one more card than the last: never twice the same (a random
  // shuffle could give the seed's own deal again, and the check would pass by luck).
  let deals = 0;
  const game = broken({
    setup: (options, seats, seed) => {
      const s = peek.setup(options, seats, seed);
      const turn = ++deals % s.deck.length;
      return { ...s, deck: [...s.deck.slice(turn), ...s.deck.slice(0, turn)] };
    },
  });
  expect(() => checkContract(game, plan)).toThrow(/same seed and bots gave a different state/);
});

describe('non-interference', () => {
  test("a refusal that names the deck's next card is caught (a redeal answers differently)", () => {
    const game = broken({
      apply: (s: PeekState, seat, action) => {
        const r = peek.apply(s, seat, action as PeekAction);
        if (r.ok || r.error.code !== 'NOT_YOUR_TURN') return r;
        return { ok: false, error: { ...r.error, message: `Wait: ${s.deck[0] ?? 'no card'} is next.` } };
      },
    });
    expect(() => checkContract(game, plan)).toThrow(
      /redealt: seat \d's \{"type":"\w+"\} is refused differently/,
    );
  });

  test("legal actions that depend on another seat's hidden card are caught (with the plan's look-alikes)", () => {
    // `swap` is offered only when the next seat's card is lower: an oracle on a card the seat never saw.
    const legalActions = (s: PeekState, seat: number): PeekAction[] =>
      peek
        .legalActions(s, seat)
        .filter(
          (a) =>
            a.type !== 'swap' || valueOf(s.cards[(seat + 1) % s.cards.length]!) < valueOf(s.cards[seat]!),
        );
    const game = broken({
      legalActions,
      apply: (s: PeekState, seat, action) =>
        action.type === 'swap' && !legalActions(s, seat).some((a) => a.type === 'swap')
          ? { ok: false, error: { code: 'NOT_ALLOWED', message: 'You cannot swap now.' } }
          : peek.apply(s, seat, action as PeekAction),
    });
    expect(() => checkContract(game, plan)).not.toThrow();
    expect(() => checkContract(game, fogPlan)).toThrow(
      /look-alike for seat \d changes seat \d's legal actions/,
    );
  });

  test('an action accepted or refused by what the deck holds is caught', () => {
    // A first-round call goes through when the next card is high (the rules refuse it otherwise).
    const game = broken({
      apply: (s: PeekState, seat, action) => {
        const r = peek.apply(s, seat, action as PeekAction);
        if (r.ok || r.error.code !== 'NOT_ALLOWED' || valueOf(s.deck[0] ?? 'peek-00') <= 6) return r;
        return { ok: true, state: s, events: [] };
      },
    });
    expect(() => checkContract(game, plan)).toThrow(
      /is (accepted|refused) in one state and (accepted|refused)/,
    );
  });

  test('an event that tells the seat the next card, after an action that draws nothing, is caught', () => {
    const game = broken({
      apply: (s: PeekState, seat, action) => {
        const r = peek.apply(s, seat, action as PeekAction);
        if (!r.ok || action.type !== 'hold') return r;
        const hint = { type: 'hint', text: `Next up: ${s.deck[0] ?? 'nothing'}`, to: seat };
        return { ...r, events: [...r.events, hint] };
      },
    });
    expect(() => checkContract(game, plan)).toThrow(/\{"type":"hold"\} sends it different events/);
  });

  test("a redeal that deals a seat's own card again is caught", () => {
    const game = broken({
      redeal: (s: PeekState, seed) => {
        const r = peek.redeal!(s, seed);
        const pool = [...r.cards, ...r.deck].sort();
        return { ...r, cards: pool.slice(0, s.cards.length), deck: pool.slice(s.cards.length) };
      },
    });
    expect(() => checkContract(game, plan)).toThrow(/a redeal changes what (a spectator|seat \d) sees/);
  });

  test('a look-alike generator that changes what the seat sees is caught', () => {
    const leaky = (s: PeekState, seat: number, random: Parameters<typeof peekLookalikes>[2]) =>
      peekLookalikes(s, seat, random).map((t) => ({ ...t, cards: t.cards.map(() => t.cards[0]!) }));
    expect(() => checkContract(peek, { ...plan, lookalikes: leaky })).toThrow(
      /look-alike for seat \d changes what seat \d sees/,
    );
  });

  test('a redeal that does not come from its key is caught', () => {
    const game = broken({
      redeal: (s: PeekState) => ({ ...s, deck: [...s.deck].sort(() => Math.random() - 0.5) }),
    });
    expect(() => checkContract(game, plan)).toThrow(/the same key redeals differently/);
  });

  test("a hint whose words name the deck's next card is caught (a redeal hints differently)", () => {
    const leakyHint: NonNullable<ContractPlan['hint']> = (def, s: PeekState, seat) => {
      const r = hintFor(def, s, seat);
      return r.ok ? { ok: true, hint: { ...r.hint, why: `${r.hint.why} (next: ${s.deck[0]})` } } : r;
    };
    expect(() => checkContract(peek, { ...plan, hint: leakyHint })).toThrow(
      /redealt: seat \d's hint differs in a state that looks the same to it/,
    );
  });

  test("a hint that reads another seat's hidden card is caught (with the plan's look-alikes)", () => {
    // Honest words, but the choice is made from the full state: swap when the next seat's card is higher.
    const cheatingHint: NonNullable<ContractPlan['hint']> = (def, s: PeekState, seat) => {
      const r = hintFor(def, s, seat);
      if (!r.ok) return r;
      const next = s.cards[(seat + 1) % s.cards.length]!;
      const action = valueOf(next) > valueOf(s.cards[seat]!) ? { type: 'swap' } : { type: 'hold' };
      return { ok: true, hint: { ...r.hint, action } };
    };
    expect(() => checkContract(peek, { ...plan, hint: cheatingHint })).not.toThrow();
    expect(() => checkContract(peek, { ...fogPlan, hint: cheatingHint })).toThrow(
      /a look-alike: seat \d's hint differs/,
    );
  });

  test('a game without a redeal is caught', () => {
    expect(() => checkContract(broken({ redeal: undefined }), plan)).toThrow(/peek has no redeal/);
  });
});
