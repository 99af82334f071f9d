/**
 * Jobs waiting their turn, served fairly across clients: the next job is the oldest of the client
 * served least recently (never served first), so a client with many files waiting gets one turn
 * in each round, not one turn per file.
 */
export class FairQueue<T> {
  private readonly waiting = new Map<string, T[]>();
  private readonly lastServed = new Map<string, number>();
  private served = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(client: string, item: T): void {
    const mine = this.waiting.get(client) ?? [];
    mine.push(item);
    this.waiting.set(client, mine);
    this.count++;
  }

  /** The next job, or undefined when none waits. */
  next(): T | undefined {
    let pick: string | undefined;
    for (const client of this.waiting.keys()) {
      if (pick === undefined || (this.lastServed.get(client) ?? 0) < (this.lastServed.get(pick) ?? 0))
        pick = client;
    }
    if (pick === undefined) return undefined;
    const mine = this.waiting.get(pick)!;
    const item = mine.shift()!;
    if (mine.length === 0) this.waiting.delete(pick);
    this.count--;
    this.lastServed.set(pick, ++this.served);
    // Bounded memory: the clients with nothing waiting are forgotten (as good as new).
    if (this.lastServed.size > 1024)
      for (const client of this.lastServed.keys())
        if (!this.waiting.has(client)) this.lastServed.delete(client);
    return item;
  }

  /** Empties the queue, giving back what waited. */
  drain(): T[] {
    const all = [...this.waiting.values()].flat();
    this.waiting.clear();
    this.count = 0;
    return all;
  }
}
