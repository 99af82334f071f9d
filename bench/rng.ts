/**
 * Match generator benchmark (not a test): the cost of the ChaCha20 keystream (256-bit key seeds,
 * every match since issue 20) against the legacy xoroshiro128+ (numeric seeds), measured in one run,
 * the two interleaved (best of ROUNDS each) so that the machine's load hits both alike.
 *
 *   npx tsx bench/rng.ts
 *
 * 1. The generator alone, as rules use it: a Random built from a stored state, some draws, the
 *    state stored back (0 draws: most actions; 1: a die; 54: a deck shuffle).
 * 2. Bankout's CPU per action: 20 whole matches per generator (setup + every action through apply,
 *    the bot's moves chosen beforehand) replayed with key seeds and with numeric ones.
 */
import { Random, type Seed, freshSeed, seedRng } from '../shared/src/core/rng';
import { bankout } from '../shared/src/games/bankout';
import type { BankoutAction, BankoutOptions, BankoutState } from '../shared/src/games/bankout/types';

const ROUNDS = Number(process.env.ROUNDS ?? 7);
const now = () => Number(process.hrtime.bigint()) / 1e6;

/** Best time of each function over ROUNDS rounds, the functions taking turns. */
function interleaved(fns: (() => void)[]): number[] {
  const best = fns.map(() => Infinity);
  for (let r = 0; r < ROUNDS; r++) {
    fns.forEach((fn, i) => {
      const t0 = now();
      fn();
      best[i] = Math.min(best[i]!, now() - t0);
    });
  }
  return best;
}

const KINDS = ['xoroshiro', 'chacha20'] as const;
const seedOf = (kind: (typeof KINDS)[number], i: number): Seed =>
  kind === 'xoroshiro' ? 1000 + i : freshSeed();
const ratio = (t: number[]) => `ratio ${(t[1]! / t[0]!).toFixed(2)}`;

const deck = Array.from({ length: 54 }, (_, i) => i);
console.log(`generator alone: ns per (build from state, draws, store state); best of ${ROUNDS}`);
for (const draws of [0, 1, 54]) {
  const N = 50_000;
  const fns = KINDS.map((kind) => {
    let state = seedRng(seedOf(kind, 0));
    return () => {
      for (let i = 0; i < N; i++) {
        const r = new Random(state);
        if (draws === 54) r.shuffle(deck);
        else if (draws === 1) r.int(1, 6);
        state = r.state;
      }
    };
  });
  const ns = interleaved(fns).map((ms) => (ms * 1e6) / N);
  const row = KINDS.map((k, i) => `${k} ${ns[i]!.toFixed(0)} ns`).join(', ');
  console.log(`  ${String(draws).padStart(2)} draws: ${row}  ${ratio(ns)}`);
}

/** A Bankout match's actions, chosen by its bot (deterministic for the seed). */
function record(seed: Seed, options: BankoutOptions) {
  const seats = [
    { name: 'Ada', bot: true },
    { name: 'Bo', bot: true },
  ];
  let s: BankoutState = bankout.setup(options, seats, seed);
  const pick = new Random(seedRng(7));
  const actions: { seat: number; action: BankoutAction }[] = [];
  while (!bankout.outcome(s)) {
    const seat = bankout.toAct(s)[0]!;
    const action = bankout.bot.decide(bankout.view(s, seat), bankout.legalActions(s, seat), () =>
      pick.float(),
    );
    const r = bankout.apply(s, seat, action);
    if (!r.ok) throw new Error(r.error.code);
    s = r.state;
    actions.push({ seat, action });
  }
  return { seed, options, seats, actions };
}

console.log('\nBankout, setup + apply of every action (bot moves chosen beforehand): µs per action');
for (const mode of ['blitz', 'bankout'] as const) {
  const options = bankout.optionsSchema.parse({ mode });
  const sets = KINDS.map((kind) => Array.from({ length: 20 }, (_, i) => record(seedOf(kind, i), options)));
  const totals = sets.map((ms) => ms.reduce((n, m) => n + m.actions.length, 0));
  const times = interleaved(
    sets.map((matches) => () => {
      for (const m of matches) {
        let s = bankout.setup(m.options, m.seats, m.seed);
        for (const { seat, action } of m.actions) {
          const r = bankout.apply(s, seat, action);
          if (r.ok) s = r.state;
        }
      }
    }),
  );
  const us = times.map((ms, i) => (ms * 1000) / totals[i]!);
  const row = KINDS.map((k, i) => `${k} ${us[i]!.toFixed(2)} µs (${totals[i]} actions)`).join(', ');
  console.log(`  ${mode}: ${row}  ${ratio(us)}`);
}
