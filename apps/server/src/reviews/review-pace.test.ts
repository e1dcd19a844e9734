import { describe, expect, it } from 'vitest';
import { Pacer, type PaceClock } from './review-pace.js';

/** A wall clock, the review's CPU and a server whose CPU grows at `rate` of one core, all made up. */
function fakeClock(rate: () => number | null) {
  const s = { t: 0, own: 0, server: 0, sleeps: [] as number[] };
  const advance = (ms: number) => {
    const r = rate();
    if (r !== null) s.server += ms * r;
    s.t += ms;
  };
  const clock: PaceClock = {
    now: () => s.t,
    ownCpuMs: () => s.own,
    serverCpuMs: () => (rate() === null ? null : s.server),
    sleep: (ms) => {
      s.sleeps.push(ms);
      advance(ms);
    },
  };
  /** A decision: `ms` of wall time, all of it the review's CPU. */
  const decide = (ms: number) => {
    s.own += ms;
    advance(ms);
  };
  return { s, clock, decide };
}

const slept = (s: { sleeps: number[] }) => s.sleeps.reduce((a, b) => a + b, 0);

describe('review pacing (issue 35 §1: reviews never slow live matches)', () => {
  it('while the server is busy, holds the review to its share of a core', () => {
    const { s, clock, decide } = fakeClock(() => 0.6);
    const p = new Pacer({ busyShare: 0.2, busyAbove: 0.15 }, clock);
    // The first half second measures the server.
    decide(600);
    p.pace();
    expect(p.serverLoad).toBeCloseTo(0.6);
    const before = { t: s.t, own: s.own };
    for (let i = 0; i < 50; i++) {
      decide(12);
      p.pace();
    }
    const share = (s.own - before.own) / (s.t - before.t);
    expect(share).toBeCloseTo(0.2, 5);
  });

  it('runs at full speed while the server is idle', () => {
    const { s, clock, decide } = fakeClock(() => 0.05);
    const p = new Pacer({ busyShare: 0.2, busyAbove: 0.15 }, clock);
    for (let i = 0; i < 100; i++) {
      decide(20);
      p.pace();
    }
    expect(p.busy).toBe(false);
    expect(slept(s)).toBe(0);
  });

  it('stops a pause as soon as the server is no longer busy', () => {
    let rate = 0.8;
    const { s, clock, decide } = fakeClock(() => rate);
    const p = new Pacer({ busyShare: 0.1, busyAbove: 0.15 }, clock);
    decide(600);
    p.pace();
    // The load goes away just after the next decision, which owes 500 × 0.9 / 0.1 = 4,500 ms.
    s.sleeps.length = 0;
    decide(500);
    rate = 0;
    p.pace();
    // The server reads idle once a sample covers the quiet time: after a slice or a few, not 4.5 s.
    expect(slept(s)).toBeLessThanOrEqual(1_000);
    expect(slept(s)).toBeGreaterThan(0);
  });

  it('never sleeps where the server cannot be read, or with a whole core to use', () => {
    const blind = fakeClock(() => null);
    const p = new Pacer({ busyShare: 0.2, busyAbove: 0.15 }, blind.clock);
    expect(p.enabled).toBe(false);
    const whole = fakeClock(() => 0.9);
    const q = new Pacer({ busyShare: 1, busyAbove: 0.15 }, whole.clock);
    expect(q.enabled).toBe(false);
    for (let i = 0; i < 20; i++) {
      blind.decide(100);
      p.pace();
      whole.decide(100);
      q.pace();
    }
    expect(slept(blind.s) + slept(whole.s)).toBe(0);
  });

  it('owes nothing for what was spent before a review started', () => {
    const { s, clock, decide } = fakeClock(() => 0.6);
    const p = new Pacer({ busyShare: 0.5, busyAbove: 0.15 }, clock);
    decide(600);
    p.pace();
    s.sleeps.length = 0;
    // Loading the next job: CPU that is no decision's.
    s.own += 5_000;
    p.reset();
    decide(10);
    p.pace();
    expect(slept(s)).toBeCloseTo(10, 5);
  });
});
