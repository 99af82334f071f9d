/**
 * What a table run in the browser itself (a hot seat, a replay) answers as a TableConnection the
 * same way: its last snapshot, a connection that is always 'local', its events.
 */
import { Emitter } from './emitter';
import type { ConnState, TableEvents, TableSnapshot } from './TableConnection';

export abstract class LocalConnection {
  readonly kind = 'local' as const;
  protected readonly events = new Emitter<TableEvents>();
  protected snap: TableSnapshot | null = null;

  snapshot(): TableSnapshot | null {
    return this.snap;
  }

  connState(): ConnState {
    return 'local';
  }

  on<K extends keyof TableEvents>(type: K, fn: (payload: TableEvents[K]) => void): () => void {
    return this.events.on(type, fn);
  }
}
