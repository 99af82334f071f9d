/**
 * A finished match played back to a game's own scene through the TableConnection interface, the
 * same way LocalTable drives it: each position's state goes out as a snapshot with the view of the
 * chosen eyes (a spectator's by default, or one seat's once hands are revealed). Nothing can be
 * sent: `legal` is always empty and `send` does nothing.
 */
import { SPECTATOR } from '@parlor/shared/core/contract';
import type { ClientMsgType } from '@parlor/shared/core/protocol';
import { LocalConnection } from '../net/LocalConnection';
import type { TableConnection } from '../net/TableConnection';
import type { ReplayModel } from '@parlor/shared/core/replay';

export class ReplayTable extends LocalConnection implements TableConnection {
  readonly roomId: string;
  private pos = 0;
  private eyes: number = SPECTATOR;

  constructor(readonly model: ReplayModel) {
    super();
    this.roomId = `replay:${model.record.id}`;
    this.publish();
  }

  get position(): number {
    return this.pos;
  }

  /** Whose view the scene shows: SPECTATOR (-1) or a seat. */
  get viewer(): number {
    return this.eyes;
  }

  /**
   * Moves to `position`. A single step forward also replays that action's events (sounds, banners),
   * as a spectator or the chosen seat received them; any other jump only redraws.
   */
  seek(position: number): void {
    const target = Math.max(0, Math.min(this.model.length, Math.floor(position)));
    if (target === this.pos) return;
    const stepped = target === this.pos + 1;
    this.pos = target;
    this.publish();
    if (stepped) for (const e of this.model.eventsAt(target, this.eyes)) this.events.emit('event', e);
  }

  setViewer(viewer: number): void {
    const v = viewer >= 0 && viewer < this.model.record.seats.length ? viewer : SPECTATOR;
    if (v === this.eyes) return;
    this.eyes = v;
    this.publish();
  }

  send(): void {
    // A replay takes no actions.
  }

  command(_type: ClientMsgType, _payload?: unknown): void {
    // Nor host commands or chat.
  }

  leave(): void {
    this.events.emit('closed', { reason: 'left' });
    this.events.clear();
  }

  private publish(): void {
    const { def, record } = this.model;
    const state = this.model.stateAt(this.pos);
    const finished = this.pos === this.model.length;
    this.snap = {
      game: record.game,
      tableName: record.tableName,
      status: finished ? 'finished' : 'playing',
      phase: def.phase(state),
      deadline: 0,
      deadlineSeat: -1,
      host: -1,
      code: '',
      isPrivate: false,
      options: this.model.options as Record<string, unknown>,
      seats: record.seats.map((s) => ({
        name: s.name,
        occupied: true,
        connected: true,
        bot: s.bot,
        botControlled: false,
      })),
      spectators: 0,
      log: this.model.logUpTo(this.pos).map(({ at, seat, text }) => ({ at, seat, text })),
      result: finished ? this.model.outcome : null,
      toAct: finished ? [] : def.toAct(state),
      mySeat: this.eyes,
      legal: [],
      view: def.view(state, this.eyes),
    };
    this.events.emit('change', this.snap);
  }
}
