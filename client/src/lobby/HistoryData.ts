/**
 * The finished matches of every server the lobby knows (this one and each discovered peer), each
 * from that server's own GET /api/history, refreshed now and then and on demand (after an import,
 * when a table here finishes).
 */
import { Emitter } from '../net/emitter';
import { fetchHistory, type HistoryEntry } from '../replay/historyApi';
import { backoffMs } from '../net/client';

export interface ServerHistory {
  /** `here`, or the peer's base URL. */
  server: string;
  entries: HistoryEntry[];
  loaded: boolean;
  failed: boolean;
}

const POLL_MS = 15_000;

export class HistoryData {
  private events = new Emitter<{ change: undefined }>();
  private byServer = new Map<string, ServerHistory>();
  private timer = 0;
  private stopped = false;
  /** Failed fetches in a row, per server: a history never fetched is asked again with backoff. */
  private failures = new Map<string, number>();
  private retrying = new Set<string>();

  start(): void {
    this.timer = window.setInterval(() => {
      for (const server of this.byServer.keys()) void this.refresh(server);
    }, POLL_MS);
  }

  stop(): void {
    this.stopped = true;
    window.clearInterval(this.timer);
    this.events.clear();
  }

  on(fn: () => void): () => void {
    return this.events.on('change', fn);
  }

  get(server: string): ServerHistory | undefined {
    return this.byServer.get(server);
  }

  /** The servers to follow; new ones are fetched at once, gone ones forgotten. */
  follow(servers: string[]): void {
    let changed = false;
    for (const key of [...this.byServer.keys()]) {
      if (!servers.includes(key)) {
        this.byServer.delete(key);
        changed = true;
      }
    }
    for (const server of servers) {
      if (this.byServer.has(server)) continue;
      this.byServer.set(server, { server, entries: [], loaded: false, failed: false });
      void this.refresh(server);
    }
    if (changed) this.events.emit('change', undefined);
  }

  async refresh(server: string): Promise<void> {
    try {
      const entries = await fetchHistory(server);
      this.failures.delete(server);
      this.put(server, { entries, loaded: true, failed: false });
    } catch {
      // An old server without /api/history, or one that went away: keep what was shown.
      const n = (this.failures.get(server) ?? 0) + 1;
      this.failures.set(server, n);
      const current = this.byServer.get(server);
      this.put(server, { loaded: true, failed: !current?.entries.length });
      // Never fetched yet: a few tries sooner than the next poll (one pending retry at a time).
      if (!current?.entries.length && n <= 5 && !this.retrying.has(server)) {
        this.retrying.add(server);
        window.setTimeout(() => {
          this.retrying.delete(server);
          if (!this.stopped && this.byServer.has(server)) void this.refresh(server);
        }, backoffMs(n));
      }
    }
  }

  private put(server: string, patch: Partial<ServerHistory>): void {
    const current = this.byServer.get(server);
    if (!current || this.stopped) return;
    const next = { ...current, ...patch };
    const same =
      current.loaded === next.loaded &&
      current.failed === next.failed &&
      current.entries.map((e) => e.id).join() === next.entries.map((e) => e.id).join();
    this.byServer.set(server, next);
    if (!same) this.events.emit('change', undefined);
  }
}
