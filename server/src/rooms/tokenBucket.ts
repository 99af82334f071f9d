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

/** What to do with a message the rate bucket refused. */
export type Refusal = 'answer' | 'silent' | 'disconnect';

/**
 * What a client's refused messages get (roomMessages.ts dispatch). Each refusal is answered at most
 * once per `answerEveryMs` (the client has been told to slow down; repeating it to a flooder only
 * fills its socket), and each costs a strike from a bucket of its own: a client that keeps
 * sending well past its budget runs out of strikes and is disconnected.
 */
export class FloodGuard {
  private readonly strikes: TokenBucket;
  private lastAnswer = -Infinity;

  constructor(
    strikeBurst: number,
    strikesPerSecond: number,
    private readonly answerEveryMs = 1000,
    now = Date.now(),
  ) {
    this.strikes = new TokenBucket(strikeBurst, strikesPerSecond, now);
  }

  refused(now = Date.now()): Refusal {
    if (!this.strikes.take(now)) return 'disconnect';
    if (now - this.lastAnswer < this.answerEveryMs) return 'silent';
    this.lastAnswer = now;
    return 'answer';
  }
}
