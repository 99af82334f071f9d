/**
 * A finished match, rebuilt move by move from its record with the game's own rules: `setup` from
 * the seed, then every recorded action through `applyRecorded` (a player's through `apply`, the
 * dealer's redeal of a loaded save through the game's `redeal`, with the key the record holds). Position 0 is the deal, position i the state
 * after i actions. No I/O, no game named here: any GameDefinition works. The client's replay viewer
 * (client/src/replay/) steps through it.
 *
 * States are kept at checkpoints only (every CHECKPOINT_EVERY actions) and the rest recomputed from
 * the nearest one, so a long match costs little memory and any position is reached in at most that
 * many `apply` calls. The rules are deterministic, so a recomputed state equals the stepped one.
 */
import type { AnyGameDefinition, GameEvent, MatchRecord, Outcome } from './contract';
import { parseRecordedOptions } from './editions';
import { applyRecorded } from './redeal';

export const CHECKPOINT_EVERY = 32;

/** What a replay needs of an exported match (`format: 'parlor-match'`, see docs/protocol.md). */
export interface ReplayRecord extends MatchRecord {
  id: string;
  tableName: string;
  outcome: Outcome;
  finishedAt: number;
}

/** A public log line of the replay: what a spectator's log showed, tagged with its position. */
export interface ReplayLogLine {
  /** The position the line appeared at (1 = after the first action). */
  step: number;
  at: number;
  seat: number;
  text: string;
}

export class ReplayError extends Error {}

export class ReplayModel {
  /** Number of actions; positions run from 0 to `length`. */
  readonly length: number;
  readonly options: unknown;
  private readonly checkpoints: unknown[] = [];
  /** Every event of action i (all of them, private ones included), at index i - 1. */
  private readonly events: GameEvent[][] = [];
  private readonly log: ReplayLogLine[] = [];
  private cache: { at: number; state: unknown } | null = null;

  private constructor(
    readonly def: AnyGameDefinition,
    readonly record: ReplayRecord,
  ) {
    const parsed = parseRecordedOptions(def, record.options);
    if (!parsed.success) throw new ReplayError('The match options are not valid for this game.');
    this.options = parsed.data;
    this.length = record.actions.length;
    let state: unknown = def.setup(this.options, record.seats, record.seed);
    for (let i = 0; i < this.length; i++) {
      if (i % CHECKPOINT_EVERY === 0) this.checkpoints.push(state);
      const result = this.applyAt(state, i);
      if (!result.ok)
        throw new ReplayError(
          `Move ${i + 1} does not replay with this version of the rules (${result.error.code}).`,
        );
      state = result.state;
      this.events.push(result.events);
      for (const e of result.events) {
        if (e.to === undefined)
          this.log.push({ step: i + 1, at: this.timeAt(i + 1), seat: e.seat ?? -1, text: e.text });
      }
    }
    if (this.length % CHECKPOINT_EVERY === 0) this.checkpoints.push(state);
    if (!def.outcome(state)) throw new ReplayError('The match does not end where the record says it does.');
    this.cache = { at: this.length, state };
  }

  /** Rebuilds the match; throws a ReplayError with a readable message if it does not replay. */
  static build(def: AnyGameDefinition, record: ReplayRecord): ReplayModel {
    return new ReplayModel(def, record);
  }

  private applyAt(state: unknown, i: number) {
    const { seat, action } = this.record.actions[i]!;
    return applyRecorded(this.def, state, seat, action);
  }

  private clamp(position: number): number {
    return Math.max(0, Math.min(this.length, Math.floor(position)));
  }

  /** The state at `position` (0 = the deal). Stepping by one from the last position costs one apply. */
  stateAt(position: number): unknown {
    const target = this.clamp(position);
    let from = Math.floor(target / CHECKPOINT_EVERY) * CHECKPOINT_EVERY;
    let state = this.checkpoints[from / CHECKPOINT_EVERY];
    if (this.cache && this.cache.at <= target && this.cache.at >= from) {
      from = this.cache.at;
      state = this.cache.state;
    }
    for (let i = from; i < target; i++) {
      const result = this.applyAt(state, i);
      if (!result.ok) throw new ReplayError(`Move ${i + 1} does not replay.`);
      state = result.state;
    }
    this.cache = { at: target, state };
    return state;
  }

  /** The events of the action that led to `position` that `viewer` saw (public ones, and their own). */
  eventsAt(position: number, viewer: number): GameEvent[] {
    const p = this.clamp(position);
    if (p === 0) return [];
    return (this.events[p - 1] ?? []).filter((e) => e.to === undefined || e.to === viewer);
  }

  /** The public log up to and including `position`. */
  logUpTo(position: number): ReplayLogLine[] {
    const p = this.clamp(position);
    return this.log.filter((l) => l.step <= p);
  }

  /** When the match reached `position` (epoch ms; the start for position 0). */
  timeAt(position: number): number {
    const p = this.clamp(position);
    return p === 0 ? this.record.startedAt : (this.record.actions[p - 1]?.at ?? this.record.finishedAt);
  }

  /** Who acted to reach `position` (-1 for position 0). */
  actorAt(position: number): number {
    const p = this.clamp(position);
    return p === 0 ? -1 : (this.record.actions[p - 1]?.seat ?? -1);
  }

  get outcome(): Outcome {
    return this.def.outcome(this.stateAt(this.length)) ?? this.record.outcome;
  }
}
