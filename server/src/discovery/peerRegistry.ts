/**
 * The list of live peers. mDNS only suggests candidates (an address and a port); a peer enters the
 * list once its /api/info answers, stays while it keeps answering, and leaves when it stops.
 * mDNS "down" events cannot be trusted for that: a crashed peer sends no goodbye.
 *
 * No timers and no sockets here: the caller drives `refreshAll()` and the fetch and the clock are
 * injected, so every rule below is unit-tested without a network.
 */
import type { FetchServerInfo } from './fetchServerInfo';
import type { DiscoveredServer, PeerSource, ServerInfoWithTables } from './types';

export interface PeerCandidate {
  /** http://address:port, the address taken from the mDNS packet. */
  baseUrl: string;
  /** The id the peer advertised in its TXT record, if any. */
  id?: string;
}

export interface PeerRegistryOptions {
  selfId: string;
  fetchInfo: FetchServerInfo;
  now?: () => number;
  /** Drop a peer after this many refreshes in a row fail... */
  maxFailures?: number;
  /** ...or as soon as a refresh fails this long after its last answer. */
  staleAfterMs?: number;
  /** Do not ask an unconfirmed address again sooner than this. */
  candidateRetryMs?: number;
  /** A hostile or broken network cannot grow the list without bound. */
  maxPeers?: number;
}

interface PeerEntry {
  info: ServerInfoWithTables;
  baseUrl: string;
  lastSeen: number;
  failures: number;
}

export class PeerRegistry implements PeerSource {
  private readonly entries = new Map<string, PeerEntry>();
  private readonly lastAttempt = new Map<string, number>();
  private readonly inFlight = new Set<string>();
  private refreshing = false;
  private readonly now: () => number;
  private readonly maxFailures: number;
  private readonly staleAfterMs: number;
  private readonly candidateRetryMs: number;
  private readonly maxPeers: number;

  constructor(private readonly opts: PeerRegistryOptions) {
    this.now = opts.now ?? Date.now;
    this.maxFailures = opts.maxFailures ?? 2;
    this.staleAfterMs = opts.staleAfterMs ?? 5000;
    this.candidateRetryMs = opts.candidateRetryMs ?? 4000;
    this.maxPeers = opts.maxPeers ?? 64;
  }

  /** Confirm a candidate over HTTP unless it is us, already known, or was tried a moment ago. */
  async consider(candidate: PeerCandidate): Promise<void> {
    const { baseUrl, id } = candidate;
    if (id === this.opts.selfId) return;
    if (id !== undefined && this.entries.has(id)) return;
    if ([...this.entries.values()].some((e) => e.baseUrl === baseUrl)) return;
    if (this.inFlight.has(baseUrl)) return;
    // Keyed by id too: a peer restarted at the same address (new id) is asked at once.
    const attemptKey = `${id ?? '?'}@${baseUrl}`;
    const last = this.lastAttempt.get(attemptKey);
    if (last !== undefined && this.now() - last < this.candidateRetryMs) return;

    this.lastAttempt.set(attemptKey, this.now());
    this.inFlight.add(baseUrl);
    try {
      this.accept(await this.opts.fetchInfo(baseUrl), baseUrl);
    } catch {
      // Not reachable (yet): mDNS will suggest it again and it is retried after candidateRetryMs.
    } finally {
      this.inFlight.delete(baseUrl);
    }
  }

  /** The peer said goodbye over mDNS. */
  forget(id: string): void {
    this.entries.delete(id);
  }

  /** Ask every known peer again: refreshes its tables, and drops the ones that stopped answering. */
  async refreshAll(): Promise<void> {
    if (this.refreshing) return;
    this.refreshing = true;
    for (const [key, at] of this.lastAttempt) {
      if (this.now() - at >= this.candidateRetryMs) this.lastAttempt.delete(key);
    }
    try {
      await Promise.all([...this.entries.entries()].map(([id, entry]) => this.refreshOne(id, entry)));
    } finally {
      this.refreshing = false;
    }
  }

  peers(): DiscoveredServer[] {
    return [...this.entries.values()]
      .map((e) => ({ ...e.info, lastSeen: e.lastSeen }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  private async refreshOne(id: string, entry: PeerEntry): Promise<void> {
    let info: ServerInfoWithTables;
    try {
      info = await this.opts.fetchInfo(entry.baseUrl);
    } catch {
      if (this.entries.get(id) !== entry) return;
      entry.failures += 1;
      const stale = this.now() - entry.lastSeen >= this.staleAfterMs;
      if (entry.failures >= this.maxFailures || stale) this.entries.delete(id);
      return;
    }
    if (this.entries.get(id) !== entry) return;
    if (info.id !== id) {
      // Another process now answers at that address (the peer restarted): replace it.
      this.entries.delete(id);
      this.accept(info, entry.baseUrl);
      return;
    }
    entry.info = { ...info, url: entry.baseUrl };
    entry.lastSeen = this.now();
    entry.failures = 0;
  }

  private accept(info: ServerInfoWithTables, baseUrl: string): void {
    if (info.id === this.opts.selfId) return;
    if (!this.entries.has(info.id) && this.entries.size >= this.maxPeers) return;
    // The URL we reached it at is the one known to work from this LAN; the peer's own guess
    // (first interface) may name a network we are not on.
    this.entries.set(info.id, {
      info: { ...info, url: baseUrl },
      baseUrl,
      lastSeen: this.now(),
      failures: 0,
    });
  }
}
