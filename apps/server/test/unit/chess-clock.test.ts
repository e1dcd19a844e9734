import { describe, expect, it } from 'vitest';
import { ChessClock } from '../../src/master/chess-clock.js';

const cfg = { initialMs: 60_000, incrementMs: 5_000 };

describe('ChessClock', () => {
  it('charges only running clocks, both at once when both run', () => {
    const c = new ChessClock(cfg, 0);
    c.setRunning(['A', 'B'], 0);
    expect(c.snapshot(10_000)).toEqual({ A: 50_000, B: 50_000 });
    c.setRunning(['B'], 10_000);
    expect(c.snapshot(25_000)).toEqual({ A: 50_000, B: 35_000 });
    expect(c.view(25_000)).toEqual({ A: { remainingMs: 50_000, running: false }, B: { remainingMs: 35_000, running: true }, serverNow: 25_000 });
  });

  it('adds the increment to the mover and names the next flag', () => {
    const c = new ChessClock(cfg, 0);
    c.setRunning(['A'], 0);
    c.settle(20_000);
    c.addIncrement('A');
    c.setRunning(['B'], 20_000);
    expect(c.snapshot(20_000)).toEqual({ A: 45_000, B: 60_000 });
    expect(c.nextFlag(30_000)).toEqual({ manager: 'B', inMs: 50_000 });
    c.setRunning([], 30_000);
    expect(c.nextFlag(30_000)).toBeNull();
  });

  it('resumes from stored remaining time (a restart does not charge the downtime)', () => {
    const c = new ChessClock(cfg, 1_000_000, { A: 12_000, B: 34_000 });
    c.setRunning(['A'], 5_000_000);
    expect(c.snapshot(5_001_000)).toEqual({ A: 11_000, B: 34_000 });
  });

  it('never reports negative time', () => {
    const c = new ChessClock(cfg, 0);
    c.setRunning(['A'], 0);
    expect(c.snapshot(70_000).A).toBe(0);
    expect(c.nextFlag(70_000)!.inMs).toBe(-10_000);
  });

  it('untimed: charges nothing, earns nothing, never flags, still says who runs', () => {
    const c = new ChessClock({ untimed: true }, 0, { A: 123, B: 456 });
    c.setRunning(['A'], 0);
    c.settle(10 * 60 * 60 * 1000);
    c.addIncrement('A');
    expect(c.nextFlag(10 * 60 * 60 * 1000)).toBeNull();
    expect(c.incrementMs).toBe(0);
    expect(c.view(5)).toEqual({ A: { remainingMs: 0, running: true }, B: { remainingMs: 0, running: false }, serverNow: 5, untimed: true });
  });
});
