/**
 * Self-fencing's timing, exactly (the cluster test `test/cluster/self-fencing.test.ts` does it against PostgreSQL,
 * where only "within the margin" can be checked): the node's lease counts from the moment its join or renewal was
 * sent; unrenewed, its matches stop at lease end − 500 ms by this node's clock, not a millisecond before, by the
 * timer or by the master's own check if the timer is late; then the node joins again as a new generation, never
 * reviving the lease it gave up. Leases here are an in-memory table whose renewals can fail.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.js';
import type { MatchLeases } from '../storage/store.js';
import { Ownership } from './ownership.js';

class MemoryLeases implements MatchLeases {
  down = false;
  /** How long a renewal takes to answer. */
  renewDelayMs = 0;
  generation = 0;
  renewals = 0;
  fence(): void {}
  async join(): Promise<number> {
    if (this.down) throw new Error('connect ECONNREFUSED');
    return ++this.generation;
  }
  acquire = async () => 1;
  async renewNode(): Promise<boolean> {
    if (this.renewDelayMs > 0) await new Promise((r) => setTimeout(r, this.renewDelayMs));
    if (this.down) throw new Error('connect ECONNREFUSED');
    this.renewals++;
    return true;
  }
  release = async () => {};
  expired = async () => [];
  epochOf = () => 1;
}

describe('self-fencing', () => {
  beforeEach(() => void vi.useFakeTimers({ now: 0 }));
  afterEach(() => void vi.useRealTimers());

  function owner(leases: MatchLeases) {
    const lost: [string, number][] = [];
    const o = new Ownership(
      leases,
      'n1',
      () => {},
      createLogger('silent'),
      () => Date.now(),
    );
    o.onLost((id) => lost.push([id, Date.now()]));
    return { o, lost };
  }

  it('stops an unrenewed match at lease end − 500 ms, counted from when the last renewal was sent', async () => {
    const leases = new MemoryLeases();
    const { o, lost } = owner(leases);
    expect(await o.acquire('m1', 'acquired')).toBe(true);
    o.start();
    await vi.advanceTimersByTimeAsync(1_000); // renewed at 1000: ours until 4000
    leases.down = true;
    await vi.advanceTimersByTimeAsync(2_499); // renewals at 2000 and 3000 fail
    expect(lost).toEqual([]);
    expect(o.mayWrite('m1')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(lost).toEqual([['m1', 3_500]]);
    expect(o.owns('m1')).toBe(false);
    o.stop();
  });

  it('stops every match of the node at once, one renewal a second for all of them, and joins afresh after', async () => {
    const leases = new MemoryLeases();
    const { o, lost } = owner(leases);
    for (const id of ['m1', 'm2', 'm3']) expect(await o.acquire(id, 'acquired')).toBe(true);
    expect(leases.generation).toBe(1);
    o.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(leases.renewals).toBe(1); // three matches, one row
    leases.down = true;
    await vi.advanceTimersByTimeAsync(2_500); // ours until 4000: all stop at 3500
    expect(lost.map(([id, at]) => [id, at])).toEqual([
      ['m1', 3_500],
      ['m2', 3_500],
      ['m3', 3_500],
    ]);
    for (const id of ['m1', 'm2', 'm3']) expect(o.owns(id)).toBe(false);
    leases.down = false;
    await vi.advanceTimersByTimeAsync(1_000);
    // Not a renewal of the lease it gave up (its matches must be free to take): a new generation.
    expect(leases.generation).toBe(2);
    expect(await o.acquire('m1', 'taken-over')).toBe(true);
    o.stop();
  });

  it('a renewal sent before a self-fence and answered after it does not revive the lease', async () => {
    const leases = new MemoryLeases();
    const { o, lost } = owner(leases);
    await o.acquire('m1', 'acquired'); // joined at 0: ours until 3000
    leases.renewDelayMs = 2_000;
    o.start();
    await vi.advanceTimersByTimeAsync(2_500); // the renewal sent at 1000 answers at 3000; the fence fires at 2500
    expect(lost).toEqual([['m1', 2_500]]);
    // Joined again at once as a new generation (m1, held under the first, is free to take from then on)...
    expect(leases.generation).toBe(2);
    leases.renewDelayMs = 0;
    await vi.advanceTimersByTimeAsync(1_000);
    // ...and the late answer of the old renewal changed nothing.
    expect(leases.generation).toBe(2);
    expect(o.mayWrite('m1')).toBe(true); // not ours: the group commit would fence it
    expect(o.owns('m1')).toBe(false);
    o.stop();
  });

  it('a slow renewal counts from its send, not its answer', async () => {
    const leases = new MemoryLeases();
    const { o, lost } = owner(leases);
    await o.acquire('m1', 'acquired');
    leases.renewDelayMs = 800;
    o.start();
    // Renewals sent at 1000 and 2000 answer at 1800 and 2800: ours until 2000 + 3000, not 2800 + 3000.
    await vi.advanceTimersByTimeAsync(2_900);
    leases.down = true; // the renewals sent at 3000 and 4000 fail
    await vi.advanceTimersByTimeAsync(1_599);
    expect(lost).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(lost).toEqual([['m1', 4_500]]);
    o.stop();
  });

  it('the master’s check stops the match when the timer is late', async () => {
    const leases = new MemoryLeases();
    const { o, lost } = owner(leases);
    await o.acquire('m1', 'acquired'); // ours until 3000
    vi.setSystemTime(2_500); // the clock moved on, no timer ran (a stalled event loop)
    expect(o.mayWrite('m1')).toBe(false);
    expect(lost).toEqual([['m1', 2_500]]);
    o.stop();
  });

  it('asks once for a match the takeover scan and a hand-over want at the same time', async () => {
    const leases = new MemoryLeases();
    let asked = 0;
    leases.acquire = async () => (++asked, 1);
    const { o } = owner(leases);
    const got = await Promise.all([o.acquire('m1', 'taken-over'), o.acquire('m1', 'taken-over')]);
    expect(got.sort()).toEqual([false, true]);
    expect(asked).toBe(1);
    expect(await o.acquire('m1', 'taken-over')).toBe(false); // held: not asked for again
    expect(asked).toBe(1);
    o.stop();
  });
});
