import { afterEach, describe, expect, it, vi } from 'vitest';
import { CloseQueue, Reaper } from './close-queue.js';

describe('close queue', () => {
  it('closes a few sockets a turn, and one with messages still queued on a later turn', () => {
    const closed: string[] = [];
    const busy = new Set(['b']);
    const turns: (() => void)[] = [];
    const q = new CloseQueue(
      (id) => (busy.has(id) ? false : (closed.push(id), true)),
      2,
      (f) => turns.push(f),
    );
    for (const id of ['a', 'b', 'c', 'd', 'e']) q.push(id);
    expect(closed).toEqual([]);
    expect(turns.length).toBe(1);
    turns.shift()!();
    expect(closed).toEqual(['a']);
    turns.shift()!();
    expect(closed).toEqual(['a', 'c', 'd']);
    busy.delete('b');
    turns.shift()!();
    expect(closed).toEqual(['a', 'c', 'd', 'e', 'b']);
    expect(q.size).toBe(0);
    expect(turns.length).toBe(0);
  });

  it("stops closing in a turn once its closes took the turn's time, however few", () => {
    let t = 0;
    const closed: string[] = [];
    const turns: (() => void)[] = [];
    // Each close takes 1.5 ms: the second ends past the 2 ms of a turn, so a turn closes two of its eight.
    const q = new CloseQueue(
      (id) => ((t += 1.5), closed.push(id), true),
      8,
      (f) => turns.push(f),
      2,
      () => t,
    );
    for (const id of ['a', 'b', 'c', 'd', 'e']) q.push(id);
    turns.shift()!();
    expect(closed).toEqual(['a', 'b']);
    turns.shift()!();
    expect(closed).toEqual(['a', 'b', 'c', 'd']);
    turns.shift()!();
    expect(closed).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(turns.length).toBe(0);
  });
});

describe('reaper', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('cuts off connections still open after their time, a few a turn, and skips those already gone', () => {
    vi.useFakeTimers();
    let t = 0;
    const r = new Reaper(2_000, 2, () => t);
    const socks = Array.from({ length: 5 }, () => ({
      destroyed: false,
      destroy() {
        this.destroyed = true;
      },
    }));
    for (const s of socks) r.add(s);
    socks[1]!.destroyed = true; // its peer closed it
    t = 1_999;
    vi.advanceTimersByTime(1_999);
    expect(socks.filter((s) => s.destroyed).length).toBe(1);
    t = 2_000;
    vi.advanceTimersByTime(1);
    // Two a turn: the first turn destroys 0 and 2 (1 was gone already).
    expect(socks.map((s) => s.destroyed)).toEqual([true, true, true, false, false]);
    vi.runOnlyPendingTimers();
    expect(socks.every((s) => s.destroyed)).toBe(true);
  });
});
