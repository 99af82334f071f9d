/** A token bucket: `burst` tokens, refilled at `perSecond`. One per client per message kind. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    now = Date.now(),
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /** Whether a token is there to take (none is taken). */
  has(now = Date.now()): boolean {
    return Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond) >= 1;
  }

  /** Takes one token if there is one. */
  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
