/**
 * One bot decision as a pure function of what the bot may know: its seat's view, the legal actions,
 * its level and a generator state for its randomness. The same function runs in a worker thread
 * (botWorker.ts) and in process (the equivalence test), so both choose the same action.
 */
import type { AnyGameDefinition, BotLevel, GameAction, GameView, RngState } from '@parlor/shared';
import { Random, seedFromKey, seedRng } from '@parlor/shared';
import { type Hint, hintFromView } from '@parlor/shared/core/hint';

export interface BotJob {
  game: string;
  view: unknown;
  legal: GameAction[];
  /** The decision's own generator (a fork of the table's bot randomness, see forkRng). */
  rng: RngState;
  level?: BotLevel;
}

export interface BotChoice {
  action: GameAction;
  /** Where `action` is in the job's `legal` (the very object), or -1: the table need not look for it. */
  index: number;
  /** The generator after the decision drew from it. */
  rng: RngState;
}

export function decideFrom(def: AnyGameDefinition, job: BotJob): BotChoice {
  const random = new Random(job.rng);
  const action = def.bot.decide(
    job.view as GameView<unknown, unknown>,
    job.legal,
    () => random.float(),
    job.level,
  );
  return { action, index: job.legal.indexOf(action), rng: random.state };
}

/** A hint's question (roomHints.ts): the asking seat's view and legal actions; its randomness comes from them. */
export interface HintJob {
  game: string;
  view: unknown;
  legal: GameAction[];
}

/** The normal bot's choice with its words, from the seat's view alone (as in process). */
export function hintFrom(def: AnyGameDefinition, job: HintJob): Hint {
  return hintFromView(def, job.view as GameView<unknown, unknown>, job.legal);
}

/** A fresh generator state drawn from `from` (a decision sent away must not share the table's stream). */
export function forkRng(from: Random): RngState {
  const key = new Uint8Array(32);
  for (let i = 0; i < 32; i += 4) {
    const word = Math.floor(from.float() * 0x100000000) >>> 0;
    key[i] = word & 0xff;
    key[i + 1] = (word >>> 8) & 0xff;
    key[i + 2] = (word >>> 16) & 0xff;
    key[i + 3] = (word >>> 24) & 0xff;
  }
  return seedRng(seedFromKey(key));
}
