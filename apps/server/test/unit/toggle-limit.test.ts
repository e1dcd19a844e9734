import { describe, expect, it } from 'vitest';
import { ToggleLimit } from '../../src/rooms/toggle-limit.js';

describe('ToggleLimit', () => {
  it('refuses once any key is out of tokens, refills with time, and forgets only buckets that are full again', () => {
    let now = 0;
    const l = new ToggleLimit(
      () => ({ capacity: 3, refillPerSec: 1 }),
      () => now,
    );
    expect([1, 2, 3, 4].map(() => l.take(['s:1', 'u:x']))).toEqual([true, true, true, false]);
    // Another socket of the same user: its own bucket is full, the user's is not.
    expect(l.take(['s:2', 'u:x'])).toBe(false);
    expect(l.take(['s:3', 'u:y'])).toBe(true);
    now += 1_000;
    expect(l.take(['s:1', 'u:x'])).toBe(true);
    expect(l.take(['s:1', 'u:x'])).toBe(false);
    // Long unused: every bucket is full again and dropped; the answers are those of full buckets.
    now += 10_000;
    expect(l.take(['s:9', 'u:z'])).toBe(true);
    expect(l.size).toBe(2);
    expect([1, 2, 3].map(() => l.take(['s:1', 'u:x']))).toEqual([true, true, true]);
  });
});
