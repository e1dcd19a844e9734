/**
 * Watching and leaving rooms (`room:spectate`, `room:leave`), limited per socket and per user, more strictly
 * than messages in general: each toggle costs a room state, a full view and the chat history, while a chat
 * line or an action costs one small message.
 *
 * The existing `TokenBucket` on the injected clock, not rate-limiter-flexible: that library reads `Date.now()`
 * and answers through a promise, so a `ManualClock` test could neither refill nor drain it deterministically,
 * and the handler would have to become asynchronous (a reply after other messages of the same socket).
 */
import { TokenBucket, type BucketConfig } from '../net/token-bucket.js';

export const TOO_FAST = 'You are joining and leaving rooms too fast; wait a moment';

export class ToggleLimit {
  private readonly buckets = new Map<string, { bucket: TokenBucket; used: number }>();
  private lastPrune = -Infinity;

  /** Both are read only when a toggle comes (a field initializer of the game server builds this before its deps). */
  constructor(
    private readonly cfg: () => BucketConfig,
    private readonly now: () => number,
  ) {}

  /** Takes one toggle from each key's bucket (socket, then user); false, taking nothing more, once one is empty. */
  take(keys: readonly string[]): boolean {
    const now = this.now();
    this.prune(now);
    for (const key of keys) {
      let b = this.buckets.get(key);
      if (!b) this.buckets.set(key, (b = { bucket: new TokenBucket(this.cfg(), this.now), used: now }));
      b.used = now;
      if (!b.bucket.take()) return false;
    }
    return true;
  }

  get size(): number {
    return this.buckets.size;
  }

  /**
   * A bucket unused for as long as it takes to refill is full again, the same as no bucket: dropping it changes
   * no answer, and keeps the map to the sockets and users of the last few seconds without a disconnect hook.
   */
  private prune(now: number): void {
    const cfg = this.cfg();
    const refillMs = cfg.refillPerSec > 0 ? (cfg.capacity / cfg.refillPerSec) * 1000 : Infinity;
    if (now - this.lastPrune < Math.min(refillMs, 60_000)) return;
    this.lastPrune = now;
    for (const [key, b] of this.buckets) if (now - b.used >= refillMs) this.buckets.delete(key);
  }
}
