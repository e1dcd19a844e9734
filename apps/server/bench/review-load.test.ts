import { describe, expect, it } from 'vitest';
import { cpuByPhase, splitByPhase, type Phase } from './review-load.js';

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

describe('cpuByPhase (bench:server --reviews-ab)', () => {
  it("adds each phase's CPU to its kind and divides by the samples received in it", () => {
    const cpu = (main: number, others: number, bench: number) => ({ main, others, bench });
    const phases: Phase[] = [
      { at: 0, on: true, cpu: cpu(0, 0, 0) },
      { at: 1_000, on: false, cpu: cpu(2, 1, 0.5) },
      { at: 2_000, on: true, cpu: cpu(3, 1, 1) },
      { at: 3_000, on: true, cpu: cpu(7, 1, 1.5) },
    ];
    // Received at: two in the first running phase, one stopped, two in the second running phase, one after the end.
    const got = cpuByPhase([10, 20, 1_500, 2_100, 2_900, 3_500], phases);
    expect(got.on).toEqual({ main: (6 * 1000) / 4, others: (1 * 1000) / 4, bench: (1 * 1000) / 4, samples: 4 });
    expect(got.off).toEqual({ main: 1000, others: 0, bench: 500, samples: 1 });
  });

  it('gives nothing when a phase has no CPU reading (not Linux)', () => {
    expect(
      cpuByPhase(
        [10],
        [
          { at: 0, on: true, cpu: null },
          { at: 5, on: true, cpu: null },
        ],
      ),
    ).toEqual({ on: null, off: null });
  });
});
