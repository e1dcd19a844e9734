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

  /** Takes one token if there is one. */
  take(): boolean {
    const t = this.now();
    const elapsed = Math.max(0, t - this.last) / 1000;
    this.last = t;
    this.tokens = Math.min(this.cfg.capacity, this.tokens + elapsed * this.cfg.refillPerSec);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
