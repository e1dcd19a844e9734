/**
 * A token bucket: `capacity` messages at once, refilled at `refillPerSec`. One per socket for all messages
 * and one per user and room for chat. Time comes from the injected clock.
 */
export interface BucketConfig {
  capacity: number;
  refillPerSec: number;
}

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly cfg: BucketConfig,
    private readonly now: () => number,
  ) {
    this.tokens = cfg.capacity;
    this.last = now();
  }

  /**
   * Takes one token if there is one. `limit` replaces the bucket's own capacity and refill for this take (a
   * socket's limit grows as it behaves: flood-guard.ts); tokens above a smaller capacity are dropped.
   */
  take(limit: BucketConfig = this.cfg): boolean {
    const t = this.now();
    const elapsed = Math.max(0, t - this.last) / 1000;
    this.last = t;
    this.tokens = Math.min(limit.capacity, this.tokens + elapsed * limit.refillPerSec);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
