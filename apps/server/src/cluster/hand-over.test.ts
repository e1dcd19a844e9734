import { describe, expect, it } from 'vitest';
import { untilHeld } from './hand-over.js';

/** A fake clock that `sleep` advances: no real waiting. */
function fakeTime() {
  let t = 0;
  const slept: number[] = [];
  return { now: () => t, sleep: async (ms: number) => void (slept.push(ms), (t += ms)), slept };
}

describe('untilHeld: a message about a room on its way to another node', () => {
  it('is sent again until a node answers', async () => {
    const time = fakeTime();
    let calls = 0;
    const r = await untilHeld(
      async () => (++calls < 3 ? null : 'ack'),
      () => true,
      { delaysMs: [100, 200, 400], withinMs: 4_000 },
      time.now,
      time.sleep,
    );
    expect(r).toBe('ack');
    expect(calls).toBe(3);
    expect(time.slept).toEqual([100, 200]);
  });

  it('answers null at once for a room no node held lately (no retry)', async () => {
    const time = fakeTime();
    let calls = 0;
    expect(
      await untilHeld(
        async () => (calls++, null),
        () => false,
        undefined,
        time.now,
        time.sleep,
      ),
    ).toBeNull();
    expect(calls).toBe(1);
    expect(time.slept).toEqual([]);
  });

  it("gives up with 'moving' when the window closes or the delays run out", async () => {
    const time = fakeTime();
    let calls = 0;
    expect(
      await untilHeld(
        async () => (calls++, null),
        () => true,
        { delaysMs: [100, 200, 400, 800], withinMs: 500 },
        time.now,
        time.sleep,
      ),
    ).toBe('moving');
    expect(time.slept).toEqual([100, 200]);
    expect(calls).toBe(3);
    const t2 = fakeTime();
    expect(
      await untilHeld(
        async () => null,
        () => true,
        { delaysMs: [10], withinMs: 5_000 },
        t2.now,
        t2.sleep,
      ),
    ).toBe('moving');
    expect(t2.slept).toEqual([10]);
  });

  it('a slow first attempt (a dead node the adapter waited for) still gets one more; a slow second one ends it', async () => {
    const time = fakeTime();
    let calls = 0;
    const slow = async () => {
      calls++;
      await time.sleep(3_000); // a node that did not answer: the adapter's wait
      return null;
    };
    expect(await untilHeld(slow, () => true, { delaysMs: [100, 200], withinMs: 4_000 }, time.now, time.sleep)).toBe('moving');
    expect(calls).toBe(2);
  });
});
