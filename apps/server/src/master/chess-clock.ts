/**
 * A chess clock per manager. A manager's time runs only while the match waits on them (the engine's
 * `deciders`: both during mulligans, one at a time after), response windows included. The manager who
 * completed a decision gets the increment (who does is master/increment-rule.ts). Pure arithmetic over an
 * injected `now`, so it is tested without a server.
 */
import type { ManagerId } from '@vroyale/engine';
import type { ClockConfig, ClocksView } from '@vroyale/protocol';

export class ChessClock {
  private remaining: Record<ManagerId, number>;
  private running = new Set<ManagerId>();
  private since: number;

  constructor(
    private readonly cfg: ClockConfig,
    now: number,
    remaining?: Record<ManagerId, number>,
  ) {
    this.remaining = remaining ? { ...remaining } : { A: cfg.initialMs, B: cfg.initialMs };
    this.since = now;
  }

  /** Charges the time since the last call to every running clock. */
  settle(now: number): void {
    const dt = Math.max(0, now - this.since);
    for (const m of this.running) this.remaining[m] -= dt;
    this.since = now;
  }

  /** Call after `settle`: from now on exactly these clocks run. */
  setRunning(managers: readonly ManagerId[], now: number): void {
    this.settle(now);
    this.running = new Set(managers);
  }

  /** The increment for a manager who has just completed a decision (see increment-rule.ts). */
  addIncrement(m: ManagerId): void {
    this.remaining[m] += this.cfg.incrementMs;
  }

  /** Remaining time as of `now` (running clocks counted down), without changing anything. */
  remainingAt(m: ManagerId, now: number): number {
    return this.remaining[m] - (this.running.has(m) ? Math.max(0, now - this.since) : 0);
  }

  /** The running manager whose flag falls first, and in how many ms (≤ 0: already fallen). */
  nextFlag(now: number): { manager: ManagerId; inMs: number } | null {
    let best: { manager: ManagerId; inMs: number } | null = null;
    for (const m of this.running) {
      const left = this.remainingAt(m, now);
      if (!best || left < best.inMs) best = { manager: m, inMs: left };
    }
    return best;
  }

  isRunning(m: ManagerId): boolean {
    return this.running.has(m);
  }

  /** Remaining ms per manager as of `now`, for storage (a restart resumes from here). */
  snapshot(now: number): Record<ManagerId, number> {
    return { A: Math.max(0, this.remainingAt('A', now)), B: Math.max(0, this.remainingAt('B', now)) };
  }

  view(now: number): ClocksView {
    const s = this.snapshot(now);
    return { A: { remainingMs: s.A, running: this.running.has('A') }, B: { remainingMs: s.B, running: this.running.has('B') }, serverNow: now };
  }
}
