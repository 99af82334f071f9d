/**
 * "Coins", a test-only game whose secrets are numbers and a boolean (registered in
 * test/games/index.ts, never in the product's registry): the leak detector must find them by the
 * view description, where no string gives them away. Each seat holds a hidden purse of `heads` and
 * `tails` (0-5 each at the start). On your turn: `flip` (one more coin, heads or tails from the
 * seeded generator, told to you alone), `pass` or, from the second round on, `call`. After `rounds`
 * rounds or a call the purses are shown: the most heads wins. A turn timer passes for you.
 */
import type { GameDefinition, GameEvent } from '../../src/core/contract';
import { refuse } from '../../src/core/contract';
import { Random, type RngState, type Seed, seedRng } from '../../src/core/rng';
import { defineTestPlan } from '../../src/core/testPlan';
import { describeView, v } from '../../src/core/viewShape';
import { z } from 'zod';

export type CoinsAction = { type: 'flip' } | { type: 'pass' } | { type: 'call' };
export interface CoinsOptions {
  rounds: number;
  turnSeconds: number;
}
export interface CoinsState {
  options: CoinsOptions;
  names: string[];
  rng: RngState;
  heads: number[];
  tails: number[];
  flips: number[];
  turn: number;
  turnNumber: number;
  /** Seats with the most heads once the purses are shown; null while playing. */
  winners: number[] | null;
}
export interface CoinsPublic {
  /** Per seat: its name, its flips so far, its heads once shown (null before). */
  players: { name: string; flips: number; shownHeads: number | null }[];
  turn: number;
  turnNumber: number;
  round: number;
  rounds: number;
  winners: number[];
}
export interface CoinsPrivate {
  heads: number;
  tails: number;
  /** More heads than tails. */
  ahead: boolean;
}

const optionsSchema = z.object({
  rounds: z.number().int().min(1).max(6).default(3),
  turnSeconds: z.number().int().min(0).max(120).default(30),
});
const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('flip') }).strict(),
  z.object({ type: z.literal('pass') }).strict(),
  z.object({ type: z.literal('call') }).strict(),
]);

const roundOf = (s: CoinsState) => Math.floor(s.turnNumber / s.names.length) + 1;

function legalActions(s: CoinsState, seat: number): CoinsAction[] {
  if (s.winners || seat !== s.turn) return [];
  const out: CoinsAction[] = [{ type: 'flip' }, { type: 'pass' }];
  if (roundOf(s) > 1) out.push({ type: 'call' });
  return out;
}

function apply(s: CoinsState, seat: number, action: CoinsAction) {
  if (s.winners) return refuse('GAME_OVER', 'The purses are already shown.');
  if (seat !== s.turn) return refuse('NOT_YOUR_TURN', 'Wait for your turn.');
  if (action.type === 'call' && roundOf(s) < 2)
    return refuse('NOT_ALLOWED', 'You cannot call in the first round.');
  const name = s.names[seat];
  const next: CoinsState = { ...s, turnNumber: s.turnNumber + 1, turn: (s.turn + 1) % s.names.length };
  const events: GameEvent[] = [];
  if (action.type === 'pass') events.push({ type: 'pass', text: `${name} passes`, seat });
  if (action.type === 'flip') {
    const random = new Random(s.rng);
    const heads = random.float() < 0.5;
    next.rng = random.state;
    next.flips = s.flips.map((f, i) => (i === seat ? f + 1 : f));
    if (heads) next.heads = s.heads.map((h, i) => (i === seat ? h + 1 : h));
    else next.tails = s.tails.map((t, i) => (i === seat ? t + 1 : t));
    events.push({ type: 'flip', text: `${name} flips a coin`, seat });
    events.push({ type: 'landed', text: heads ? 'Heads' : 'Tails', seat, to: seat, data: { heads } });
  }
  if (action.type === 'call' || next.turnNumber >= s.options.rounds * s.names.length) {
    const best = Math.max(...next.heads);
    next.winners = next.heads.flatMap((h, i) => (h === best ? [i] : []));
    events.push({
      type: 'shown',
      text: `Purses shown: ${best} heads wins`,
      seat,
      data: { heads: next.heads },
    });
  }
  return { ok: true as const, state: next, events };
}

/** Deals afresh what no seat has seen: the coins still to fall (the generator). */
function redeal(s: CoinsState, seed: Seed): CoinsState {
  return { ...s, rng: new Random(seedRng(seed)).state };
}

/** States that look the same to `seat`: other purses of the same size, split otherwise. */
export function coinsLookalikes(s: CoinsState, seat: number, random: Random): CoinsState[] {
  if (s.winners) return [];
  const heads = s.heads.slice();
  const tails = s.tails.slice();
  for (let i = 0; i < heads.length; i++) {
    if (i === seat) continue;
    const total = heads[i]! + tails[i]!;
    heads[i] = Math.floor(random.float() * (total + 1));
    tails[i] = total - heads[i]!;
  }
  return [{ ...s, heads, tails }];
}

/** How Coins' view travels: the private part is numbers and a boolean only. */
export const coinsViewShape = describeView<CoinsPublic, CoinsPrivate>()({
  public: {
    players: v.seats({ name: v.seatName, flips: v.uint8, shownHeads: v.nullable(v.int16, -1) }),
    turn: v.int8,
    turnNumber: v.uint16,
    round: v.uint8,
    rounds: v.uint8,
    winners: v.list(v.int8),
  },
  private: { heads: v.uint8, tails: v.uint8, ahead: v.boolean },
});

const privateView = (s: CoinsState, seat: number): CoinsPrivate => ({
  heads: s.heads[seat]!,
  tails: s.tails[seat]!,
  ahead: s.heads[seat]! > s.tails[seat]!,
});

export const coins: GameDefinition<CoinsState, CoinsAction, CoinsOptions, CoinsPublic, CoinsPrivate> = {
  id: 'coins',
  title: 'Coins',
  tagline: 'A test game: a hidden purse each, the most heads wins.',
  seats: { min: 2, max: 4 },
  optionsSchema: optionsSchema as z.ZodType<CoinsOptions>,
  optionFields: [],
  actionSchema: actionSchema as z.ZodType<CoinsAction>,
  setup(options, seats, seed) {
    const random = new Random(seedRng(seed));
    const heads = seats.map(() => Math.floor(random.float() * 6));
    const tails = seats.map(() => Math.floor(random.float() * 6));
    return {
      options,
      names: seats.map((s) => s.name),
      rng: random.state,
      heads,
      tails,
      flips: seats.map(() => 0),
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
      players: s.names.map((name, i) => ({
        name,
        flips: s.flips[i]!,
        shownHeads: s.winners ? s.heads[i]! : null,
      })),
      turn: s.winners ? -1 : s.turn,
      turnNumber: s.turnNumber,
      round: Math.min(roundOf(s), s.options.rounds),
      rounds: s.options.rounds,
      winners: s.winners ?? [],
    },
    private: viewer >= 0 && viewer < s.names.length ? privateView(s, viewer) : null,
  }),
  privateView,
  phase: (s) => (s.winners ? 'finished' : 'turn'),
  toAct: (s) => (s.winners ? [] : [s.turn]),
  timeout: (s) =>
    !s.winners && s.options.turnSeconds > 0
      ? {
          key: `turn:${s.turnNumber}`,
          seat: s.turn,
          durationMs: s.options.turnSeconds * 1000,
          action: { type: 'pass' },
        }
      : null,
  outcome: (s) =>
    s.winners
      ? {
          winners: s.winners.slice(),
          summary: `${s.winners.map((w) => s.names[w]).join(' and ')} show the most heads`,
          scores: s.heads.slice(),
        }
      : null,
  bot: {
    decide(view, legal, random) {
      const mine = view.private;
      const want: CoinsAction['type'] =
        mine && mine.heads >= 6 ? 'call' : !mine || !mine.ahead || random() < 0.5 ? 'flip' : 'pass';
      return legal.find((a) => a.type === want) ?? legal.find((a) => a.type === 'pass') ?? legal[0]!;
    },
  },
  table: { schemaName: 'Coins', view: coinsViewShape },
};

export const coinsTestPlan = defineTestPlan<CoinsState, CoinsAction>()({
  contract: { options: [{}, { rounds: 1, turnSeconds: 0 }], matches: 20, lookalikes: coinsLookalikes },
  leak: { seats: 3, steps: 20, secretsPerStep: 5, privateEvents: true },
});
