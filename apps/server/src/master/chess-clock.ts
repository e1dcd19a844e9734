/**
 * A chess clock per manager. A manager's time runs only while the match waits on them (the engine's
 * `deciders`: both during mulligans, one at a time after), response windows included. The manager who
 * completed a decision gets the increment (who does is master/increment-rule.ts). Pure arithmetic over an
 * injected `now`, so it is tested without a server. An untimed room's clock charges nothing, earns nothing
 * and never flags: it only says who is to act.
 */
import type { ManagerId } from '@vroyale/engine';
import { isUntimed, type ClockConfig, type ClocksView } from '@vroyale/protocol';

export class ChessClock {
  private remaining: Record<ManagerId, number>;
  private running = new Set<ManagerId>();
  private since: number;
  /** 0 for an untimed room. */
  readonly incrementMs: number;
  readonly untimed: boolean;

  constructor(cfg: ClockConfig, now: number, remaining?: Record<ManagerId, number>) {
    this.untimed = isUntimed(cfg);
    this.incrementMs = isUntimed(cfg) ? 0 : cfg.incrementMs;
    const initial = isUntimed(cfg) ? 0 : cfg.initialMs;
    this.remaining = remaining && !this.untimed ? { ...remaining } : { A: initial, B: initial };
    this.since = now;
  }

  /** An independent copy (the master plans a unit of actions on one, and adopts it once the unit is saved). */
  clone(): ChessClock {
    const c = Object.create(ChessClock.prototype) as ChessClock;
    Object.assign(c, this, { remaining: { ...this.remaining }, running: new Set(this.running) });
    return c;
  }

  /** Takes over a copy's time and running clocks (from `clone`, planned on and now committed). */
  adopt(from: ChessClock): void {
    this.remaining = { ...from.remaining };
    this.running = new Set(from.running);
    this.since = from.since;
  }

  /** Charges the time since the last call to every running clock. */
  settle(now: number): void {
    if (this.untimed) return void (this.since = now);
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
    this.remaining[m] += this.incrementMs;
  }

  /** Remaining time as of `now` (running clocks counted down), without changing anything. */
  remainingAt(m: ManagerId, now: number): number {
    if (this.untimed) return 0;
    return this.remaining[m] - (this.running.has(m) ? Math.max(0, now - this.since) : 0);
  }

  /** The running manager whose flag falls first, and in how many ms (≤ 0: already fallen). */
  nextFlag(now: number): { manager: ManagerId; inMs: number } | null {
    if (this.untimed) return null;
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
    const v: ClocksView = { A: { remainingMs: s.A, running: this.running.has('A') }, B: { remainingMs: s.B, running: this.running.has('B') }, serverNow: now };
    if (this.untimed) v.untimed = true;
    return v;
  }
}
