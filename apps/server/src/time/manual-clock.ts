/**
 * A clock that only moves when told to (tests). `advance(ms)` runs due timers in deadline order, each at
 * its own time, so a timer that schedules another within the window sees it run too.
 */
import type { Clock, TimerHandle } from './clock.js';

interface Pending {
  id: number;
  at: number;
  fn: () => void;
}

export class ManualClock implements Clock {
  private t: number;
  private nextId = 1;
  private timers: Pending[] = [];

  constructor(start = 1_700_000_000_000) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.timers.push({ id, at: this.t + Math.max(0, ms), fn });
    return { id };
  }

  clearTimeout(handle: TimerHandle): void {
    const id = (handle as { id: number }).id;
    this.timers = this.timers.filter((p) => p.id !== id);
  }

  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let next: Pending | undefined;
      for (const p of this.timers) if (p.at <= end && (!next || p.at < next.at || (p.at === next.at && p.id < next.id))) next = p;
      if (!next) break;
      this.timers = this.timers.filter((p) => p !== next);
      this.t = Math.max(this.t, next.at);
      next.fn();
    }
    this.t = end;
  }

  /** How many timers are waiting (tests check that finished matches leave none behind). */
  get pending(): number {
    return this.timers.length;
  }
}
