import { describe, expect, it } from 'vitest';
import { splitByPhase, type Phase } from './review-load.js';

describe('splitByPhase (bench:server --reviews-ab)', () => {
  const phases: Phase[] = [
    { at: 0, on: true },
    { at: 5_000, on: false },
    { at: 10_000, on: true },
    { at: 15_000, on: true },
  ];

  it('puts a sample in the phase it was sent and received in, past the settling time', () => {
    // [latency, received at]
    const samples: [number, number][] = [
      [10, 2_000], // running
      [10, 6_500], // stopped
      [10, 12_000], // running
      [10, 1_005], // sent at 995: inside the first phase's settling second
      [300, 5_100], // sent in the running phase, received in the stopped one: neither
      [10, 16_000], // after the end mark
    ];
    const { on, off } = splitByPhase(
      samples.map((s) => s[0]),
      samples.map((s) => s[1]),
      phases,
      1_000,
    );
    expect(on).toEqual([10, 10]);
    expect(off).toEqual([10]);
  });

  it('keeps the settling second out of a phase', () => {
    const { off } = splitByPhase([5, 5], [5_500, 6_100], phases, 1_000);
    expect(off).toEqual([5]);
  });
});
