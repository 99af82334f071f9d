/**
 * "Peek", a tiny game that exists only for tests (registered in test/games/index.ts, never in the
 * product's registry): it has what the platform's checks look at, and nothing else. Each seat holds
 * one hidden card (`peek-01` .. `peek-12`, worth its number). On your turn: `hold`, `swap` (your
 * card goes face up on the discard pile, you draw a new hidden one) or, from the second round on,
 * `call`. After `rounds` rounds or a call, the cards are shown: the highest wins. A turn timer holds
 * for you; the bot decides from its view.
 */
import type { GameDefinition, GameEvent } from '../../src/core/contract';
import { refuse } from '../../src/core/contract';
import { Random, type RngState, type Seed, seedRng } from '../../src/core/rng';
import { defineTestPlan } from '../../src/core/testPlan';
import { describeView, v } from '../../src/core/viewShape';
import { z } from 'zod';

export type PeekAction = { type: 'hold' } | { type: 'swap' } | { type: 'call' };
export interface PeekOptions {
  rounds: number;
  turnSeconds: number;
}
export interface PeekState {
  options: PeekOptions;
  names: string[];
  rng: RngState;
  deck: string[];
  cards: string[];
  discards: string[];
  turn: number;
  turnNumber: number;
  /** Seats with the best card once the cards are shown; null while playing. */
  winners: number[] | null;
}
export interface PeekPublic {
  /** Per seat: its name and its card once the cards are shown at the end (null before). */
  players: { name: string; shown: string | null }[];
  turn: number;
  turnNumber: number;
  round: number;
  rounds: number;
  deckCount: number;
  discards: string[];
  /** Seats with the best card once shown; empty while playing. */
  winners: number[];
}
export interface PeekPrivate {
  card: string;
}

export const PEEK_CARDS = Array.from({ length: 12 }, (_, i) => `peek-${String(i + 1).padStart(2, '0')}`);
export const valueOf = (card: string): number => Number(card.slice(5));

const optionsSchema = z.object({
  rounds: z.number().int().min(1).max(5).default(2),
  turnSeconds: z.number().int().min(0).max(120).default(20),
});
const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hold') }).strict(),
  z.object({ type: z.literal('swap') }).strict(),
  z.object({ type: z.literal('call') }).strict(),
]);

const roundOf = (s: PeekState) => Math.floor(s.turnNumber / s.cards.length) + 1;

function legalActions(s: PeekState, seat: number): PeekAction[] {
  if (s.winners || seat !== s.turn) return [];
  const out: PeekAction[] = [{ type: 'hold' }];
  if (s.deck.length > 0) out.push({ type: 'swap' });
  if (roundOf(s) > 1) out.push({ type: 'call' });
  return out;
}

function showdown(s: PeekState): number[] {
  const best = Math.max(...s.cards.map(valueOf));
  return s.cards.flatMap((c, i) => (valueOf(c) === best ? [i] : []));
}

function apply(s: PeekState, seat: number, action: PeekAction) {
  if (s.winners) return refuse('GAME_OVER', 'The cards are already shown.');
  if (seat !== s.turn) return refuse('NOT_YOUR_TURN', 'Wait for your turn.');
  if (!legalActions(s, seat).some((a) => a.type === action.type))
    return refuse('NOT_ALLOWED', `You cannot ${action.type} now.`);
  const name = s.names[seat];
  const next: PeekState = { ...s, turnNumber: s.turnNumber + 1, turn: (s.turn + 1) % s.cards.length };
  const events: GameEvent[] = [];
  if (action.type === 'hold') events.push({ type: 'hold', text: `${name} holds`, seat });
  if (action.type === 'swap') {
    const old = s.cards[seat]!;
    const [drawn, ...deck] = s.deck;
    next.deck = deck;
    next.cards = s.cards.map((c, i) => (i === seat ? drawn! : c));
    next.discards = [...s.discards, old];
    events.push({ type: 'swap', text: `${name} swaps, showing ${old}`, seat, data: { card: old } });
    events.push({ type: 'drew', text: `You drew ${drawn}`, seat, to: seat, data: { card: drawn! } });
  }
  if (action.type === 'call' || next.turnNumber >= s.options.rounds * s.cards.length) {
    next.winners = showdown(next);
    const names = next.winners.map((w) => s.names[w]).join(' and ');
    const text = `${action.type === 'call' ? `${name} calls. ` : ''}Cards shown: ${names} win${next.winners.length > 1 ? '' : 's'}`;
    events.push({ type: 'showdown', text, seat, data: { cards: next.cards } });
  }
  return { ok: true as const, state: next, events };
}

/** Deals afresh what no seat has seen: the deck's order (each hand card is seen by its holder). */
function redeal(s: PeekState, seed: Seed): PeekState {
  const random = new Random(seedRng(seed));
  const deck = random.shuffle(s.deck);
  return { ...s, deck, rng: random.state };
}

/**
 * States that look the same to `seat` (for the contract plan): the other seats' cards and the deck
 * dealt again from what the seat has not seen. Once the cards are shown, there is none.
 */
export function peekLookalikes(s: PeekState, seat: number, random: Random): PeekState[] {
  if (s.winners) return [];
  const others = s.cards.flatMap((c, i) => (i === seat ? [] : [c]));
  const pool = random.shuffle([...others, ...s.deck]);
  let k = 0;
  const cards = s.cards.map((c, i) => (i === seat ? c : pool[k++]!));
  return [{ ...s, cards, deck: pool.slice(k) }];
}

/** How Peek's view travels (shared/src/core/viewShape.ts): its server schema and client decoding. */
export const peekViewShape = describeView<PeekPublic, PeekPrivate>()({
  public: {
    players: v.seats({ name: v.seatName, shown: v.nullable(v.string(), '') }),
    turn: v.int8,
    turnNumber: v.uint16,
    round: v.uint8,
    rounds: v.uint8,
    deckCount: v.uint8,
    discards: v.list(v.string()),
    winners: v.list(v.int8),
  },
  private: { card: v.string() },
});

export const peek: GameDefinition<PeekState, PeekAction, PeekOptions, PeekPublic, PeekPrivate> = {
  id: 'peek',
  title: 'Peek',
  tagline: 'A test game: one hidden card each, the highest wins.',
  seats: { min: 2, max: 4 },
  optionsSchema: optionsSchema as z.ZodType<PeekOptions>,
  optionFields: [],
  actionSchema: actionSchema as z.ZodType<PeekAction>,
  setup(options, seats, seed) {
    const random = new Random(seedRng(seed));
    const deck = random.shuffle(PEEK_CARDS);
    return {
      options,
      names: seats.map((s) => s.name),
      deck: deck.slice(seats.length),
      cards: deck.slice(0, seats.length),
      rng: random.state,
      discards: [],
      turn: 0,
      turnNumber: 0,
      winners: null,
    };
  },
  legalActions,
  apply,
  redeal,
  view: (s, viewer) => ({
    public: {
      players: s.names.map((name, i) => ({ name, shown: s.winners ? s.cards[i]! : null })),
      turn: s.winners ? -1 : s.turn,
      turnNumber: s.turnNumber,
      round: Math.min(roundOf(s), s.options.rounds),
      rounds: s.options.rounds,
      deckCount: s.deck.length,
      discards: s.discards,
      winners: s.winners ?? [],
    },
    private: viewer >= 0 && viewer < s.cards.length ? { card: s.cards[viewer]! } : null,
  }),
  privateView: (s, seat) => ({ card: s.cards[seat]! }),
  phase: (s) => (s.winners ? 'finished' : 'turn'),
  toAct: (s) => (s.winners ? [] : [s.turn]),
  timeout: (s) =>
    !s.winners && s.options.turnSeconds > 0
      ? {
          key: `turn:${s.turnNumber}`,
          seat: s.turn,
          durationMs: s.options.turnSeconds * 1000,
          action: { type: 'hold' },
        }
      : null,
  outcome: (s) =>
    s.winners
      ? {
          winners: s.winners.slice(),
          summary: `${s.winners.map((w) => s.names[w]).join(' and ')} show the best card`,
          scores: s.cards.map(valueOf),
        }
      : null,
  bot: {
    decide(view, legal, random) {
      const value = view.private ? valueOf(view.private.card) : 0;
      const want: PeekAction['type'] = value >= 10 ? 'call' : value <= 6 || random() < 0.2 ? 'swap' : 'hold';
      return legal.find((a) => a.type === want) ?? legal.find((a) => a.type === 'hold') ?? legal[0]!;
    },
  },
  table: { schemaName: 'Peek', view: peekViewShape },
};

export const peekTestPlan = defineTestPlan<PeekState, PeekAction>()({
  contract: { options: [{}, { rounds: 1, turnSeconds: 0 }], matches: 30, lookalikes: peekLookalikes },
  leak: { seats: 3, steps: 20, secretsPerStep: 5, privateEvents: true },
});
