import { describe, expect, it } from 'vitest';
import { FanOut } from './fan-out.js';

function harness(slice: number) {
  const written: { ids: string[]; event: string }[] = [];
  const tasks: (() => void)[] = [];
  const f = new FanOut(
    (ids, event) => written.push({ ids: [...ids], event }),
    slice,
    (t) => tasks.push(t),
  );
  const turn = () => tasks.shift()?.();
  return { f, written, tasks, turn };
}
const ids = (n: number, p = 's') => Array.from({ length: n }, (_, i) => `${p}${i}`);

describe('fan-out in slices', () => {
  it('writes a small send at once and a large one a slice per event-loop turn', () => {
    const { f, written, turn } = harness(4);
    f.send(ids(3), 'small', 1);
    expect(written).toEqual([{ ids: ['s0', 's1', 's2'], event: 'small' }]);
    f.send(ids(10, 'v'), 'big', 2);
    expect(written.length).toBe(1);
    turn();
    expect(written.at(-1)).toEqual({ ids: ['v0', 'v1', 'v2', 'v3'], event: 'big' });
    turn();
    turn();
    expect(written.slice(1).flatMap((w) => w.ids)).toEqual(ids(10, 'v'));
  });

  it("keeps each socket's order: a small send to a socket with slices pending waits behind them", () => {
    const { f, written, turn } = harness(2);
    f.send(['a', 'b', 'c'], 'view-1', 1);
    f.send(['c'], 'view-2', 2);
    f.send(['z'], 'other', 3); // nobody waiting: at once
    expect(written.map((w) => w.event)).toEqual(['other']);
    while (written.length < 4) turn();
    expect(written.map((w) => `${w.event}:${w.ids.join(',')}`)).toEqual(['other:z', 'view-1:a,b', 'view-1:c', 'view-2:c']);
    // Nothing pending any more: the next small send to c goes at once.
    f.send(['c'], 'view-3', 4);
    expect(written.at(-1)).toEqual({ ids: ['c'], event: 'view-3' });
  });

  it('flushes everything queued at once, in order', () => {
    const { f, written, tasks } = harness(2);
    f.send(ids(5), 'notice', 1);
    f.flush();
    expect(written.flatMap((w) => w.ids)).toEqual(ids(5));
    tasks.shift()?.(); // the turn scheduled before the flush finds nothing left
    expect(written.length).toBe(3);
  });
});
