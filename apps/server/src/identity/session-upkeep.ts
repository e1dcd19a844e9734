/**
 * Keeps the sessions table bounded: new sessions are capped per remote address and hour, and an hourly sweep
 * marks the sessions in use and deletes those unused for longer than the TTL (users.ts `sweep`).
 *
 * The cap is a small keyed counter on the injected `Clock`, not rate-limiter-flexible's RateLimiterMemory:
 * that library reads `Date.now()` and expires its keys with its own timers, so a `ManualClock` test could
 * not move its hour, and its `consume` is promise-based while `hello` answers synchronously (the ack must go
 * out before the views it causes). A fixed window per address is enough here: the point is a bound on rows,
 * not a smooth rate.
 */
import type { Logger } from '../logger.js';
import type { Clock, TimerHandle } from '../time/clock.js';
import type { Users } from './users.js';

export const HOUR_MS = 60 * 60_000;

/** At most `limit` takes per key in each `windowMs` window (the window starts at the key's first take). */
export class KeyedWindowCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Counts one for `key` and says whether it was within the limit (a refused take is not counted). */
  take(key: string): boolean {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) this.windows.set(key, (w = { start: now, count: 0 }));
    if (w.count >= this.limit) return false;
    w.count++;
    return true;
  }

  /** Forgets keys whose window is over (they would start afresh anyway), so the map stays small. */
  prune(): void {
    const now = this.now();
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }

  get size(): number {
    return this.windows.size;
  }
}

export interface SessionUpkeepOptions {
  ttlMs: number;
  newPerAddressPerHour: number;
  /** False once the database is closed: the sweep then stops instead of writing to it. */
  storageOpen(): boolean;
}

export class SessionUpkeep {
  private readonly newSessions: KeyedWindowCounter;
  private timer: TimerHandle | null = null;

  constructor(
    private readonly users: Users,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly opts: SessionUpkeepOptions,
  ) {
    this.newSessions = new KeyedWindowCounter(opts.newPerAddressPerHour, HOUR_MS, () => clock.now());
  }

  /** May `address` start one more session now? (Counts it if so.) */
  mayStart(address: string): boolean {
    return this.newSessions.take(address);
  }

  get ttlMs(): number {
    return this.opts.ttlMs;
  }

  /** Sweeps every hour from now on (idempotent). */
  start(): void {
    if (this.timer) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      if (!this.opts.storageOpen()) return;
      void this.sweep().finally(() => this.opts.storageOpen() && this.start());
    }, HOUR_MS);
  }

  stop(): void {
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  async sweep(): Promise<void> {
    this.newSessions.prune();
    try {
      const expired = await this.users.sweep(this.opts.ttlMs);
      if (expired > 0) this.log.info({ expired }, 'expired sessions deleted');
    } catch (e) {
      this.log.error({ err: e }, 'session sweep failed');
    }
  }
}
