/**
 * The contract suite fails a game that breaks its contract: each case is the test game with one
 * broken promise, and the suite must name it.
 */
import type { AnyGameDefinition } from '../src/core/contract';
import { checkContract } from './contract.suite';
import { type PeekAction, type PeekState, peek } from './games/peek';

const broken = (changes: Partial<AnyGameDefinition>): AnyGameDefinition => ({ ...peek, ...changes });
const plan = { matches: 4 };

test('the test game keeps the contract as written', () => {
  expect(() => checkContract(peek, plan)).not.toThrow();
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
  const game = broken({
    setup: (options, seats, seed) => {
      const s = peek.setup(options, seats, seed);
      const deck = [...s.deck].sort(() => Math.random() - 0.5);
      return { ...s, deck };
    },
  });
  expect(() => checkContract(game, plan)).toThrow(/same seed and bots gave a different state/);
});
