/**
 * The figures both backends' group commits report (`ActionLog.stats`): counters since start, and the batch
 * transactions' durations since the last reset, as one histogram in microseconds.
 */
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';
import type { CommitStats } from './store.js';

export class CommitFigures {
  readonly counters = { commits: 0, appends: 0, largestBatch: 0, busyRetries: 0 };
  private readonly timings: RecordableHistogram = createHistogram();

  /** One batch transaction that started at `t0` (performance.now()). */
  recordCommit(t0: number): void {
    this.timings.record(Math.max(1, Math.round((performance.now() - t0) * 1000)));
  }

  stats(): CommitStats {
    const h = this.timings;
    const ms = (us: number) => Math.round(us) / 1000;
    return { ...this.counters, commitMs: h.count ? { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) } : { p50: 0, p99: 0, max: 0 } };
  }

  resetTimings(): void {
    this.timings.reset();
  }
}
