import { describe, expect, it } from 'vitest';
import { allowedGap, compatible, pairEntries, type PairingEntry } from './pairing.js';

/** A small seeded PRNG (mulberry32): a failing run can be replayed from its seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('pairing', () => {
  it('the gap widens with waiting and is capped', () => {
    expect(allowedGap(0)).toBe(100);
    expect(allowedGap(10_000)).toBe(200);
    expect(allowedGap(3_600_000)).toBe(600);
  });

  it('pairs the longest waiter first with the closest rating', () => {
    const e = (userId: string, rating: number, since: number): PairingEntry => ({ userId, queue: 'ranked', rating, since });
    const pairs = pairEntries([e('new', 1500, 900), e('old', 1550, 0), e('mid', 1530, 500)], 1000, () => false);
    expect(pairs.map(([a, b]) => [a.userId, b.userId])).toEqual([['old', 'mid']]);
  });

  it('a large pool is cheap: blocks are asked only of nearby candidates', () => {
    const r = rng(99);
    const entries: PairingEntry[] = Array.from({ length: 10_000 }, (_, i) => ({
      userId: `u${i}`,
      queue: i % 2 ? 'ranked' : 'casual',
      rating: 500 + r() * 2500,
      since: Math.floor(r() * 60_000),
    }));
    let asked = 0;
    // Every fourth candidate is blocked: the scan must go on past it.
    const pairs = pairEntries(entries, 60_000, () => ++asked % 4 === 0);
    expect(pairs.length).toBeGreaterThan(4_000);
    expect(asked).toBeLessThan(entries.length * 3);
  });

  for (const seed of [1, 2, 3, 4, 5]) {
    it(`thousands of random joins and leaves keep every invariant (seed ${seed})`, () => {
      const r = rng(seed);
      const users = Array.from({ length: 60 }, (_, i) => `u${i}`);
      const blocks = new Set<string>();
      for (let i = 0; i < 80; i++) blocks.add(`${users[Math.floor(r() * users.length)]}>${users[Math.floor(r() * users.length)]}`);
      const blocked = (a: string, b: string) => blocks.has(`${a}>${b}`) || blocks.has(`${b}>${a}`);
      let waiting: PairingEntry[] = [];
      let now = 0;
      let pairsSeen = 0;
      for (let step = 0; step < 3000; step++) {
        now += Math.floor(r() * 1500);
        // Joins and leaves. A user may appear twice (two tabs racing): never paired with itself.
        for (let j = Math.floor(r() * 4); j > 0; j--) {
          const u = users[Math.floor(r() * users.length)]!;
          waiting.push({ userId: u, queue: r() < 0.7 ? 'ranked' : 'casual', rating: 1000 + Math.floor(r() * 1000), since: now });
        }
        if (waiting.length > 0 && r() < 0.5) waiting.splice(Math.floor(r() * waiting.length), 1);
        const pairs = pairEntries(waiting, now, blocked);
        const used = new Set<PairingEntry>();
        for (const [a, b] of pairs) {
          expect(a.userId).not.toBe(b.userId);
          expect(blocked(a.userId, b.userId)).toBe(false);
          expect(a.queue).toBe(b.queue);
          expect(Math.abs(a.rating - b.rating)).toBeLessThanOrEqual(allowedGap(now - Math.min(a.since, b.since)));
          expect(used.has(a) || used.has(b)).toBe(false);
          used.add(a).add(b);
        }
        pairsSeen += pairs.length;
        waiting = waiting.filter((e) => !used.has(e));
        for (let i = 0; i < waiting.length; i++)
          for (let j = i + 1; j < waiting.length; j++) expect(compatible(waiting[i]!, waiting[j]!, now, blocked)).toBe(false);
      }
      expect(pairsSeen).toBeGreaterThan(100);
    });
  }
});
