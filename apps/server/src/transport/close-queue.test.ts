import { describe, expect, it } from 'vitest';
import { CloseQueue } from './close-queue.js';

describe('close queue', () => {
  it('closes a few sockets a turn, and one with messages still queued on a later turn', () => {
    const closed: string[] = [];
    const busy = new Set(['b']);
    const turns: (() => void)[] = [];
    const q = new CloseQueue((id) => (busy.has(id) ? false : (closed.push(id), true)), 2, (f) => turns.push(f));
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
});
