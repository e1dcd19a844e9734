/**
 * Reviews give way to live matches (issue 35 §1: "never slow live matches"). Priority alone does not do it: a
 * review process at SCHED_IDLE still runs beside the server on the other core, and on this two-core machine the
 * server's p99 rose by a third while one ran (`bench:server --reviews-ab`, docs/review.md). So while the server is
 * busy, the review paces itself to a small share of one core: after each decision it sleeps long enough that its
 * CPU over the decision and the sleep is at most `busyShare`. An idle server's review runs at full speed.
 *
 * "Busy" is the server process's CPU (all its threads: the event loop and the bots) over the last half second or
 * more, as a share of one core, at or above `busyAbove`. The review process reads it itself (Linux /proc of its
 * parent), so the server spends nothing on it; where it cannot be read the review is not paced.
 */
export interface PaceConfig {
  /** The review process's share of one core while the server is busy (0 < share ≤ 1; 1: never paced). */
  busyShare: number;
  /** The server's CPU, as a share of one core, from which it counts as busy. */
  busyAbove: number;
}

export interface PaceClock {
  /** Wall milliseconds. */
  now: () => number;
  /** This process's CPU milliseconds (all its threads). */
  ownCpuMs: () => number;
  /** The server's CPU milliseconds (all its threads), or null when it cannot be read. */
  serverCpuMs: () => number | null;
  /** Blocks for `ms` (the review runs synchronously: nothing else is waiting on this process). */
  sleep: (ms: number) => void;
  /** Called between slices of a long sleep: throws or exits to stop (the parent is gone). */
  check?: () => void;
}

/** The server's load is sampled over at least this long (/proc counts in 10 ms ticks). */
const SAMPLE_MS = 500;
/** A long pause is cut into slices this long, the server's load read again after each. */
const SLICE_MS = 250;

export class Pacer {
  private sample: { at: number; cpu: number } | null = null;
  private serverShare = 0;
  private lastCpu: number;
  /** Seconds slept and paces that slept, for the review's figures. */
  readonly slept = { ms: 0, times: 0 };

  constructor(
    private readonly config: PaceConfig,
    private readonly clock: PaceClock,
  ) {
    this.lastCpu = clock.ownCpuMs();
    this.readServer();
  }

  /** Whether pacing can work here: the server's CPU can be read and the share is below a whole core. */
  get enabled(): boolean {
    return this.config.busyShare < 1 && this.clock.serverCpuMs() !== null;
  }

  /** The server's last measured CPU share of one core. */
  get serverLoad(): number {
    return this.serverShare;
  }

  get busy(): boolean {
    return this.serverShare >= this.config.busyAbove;
  }

  /** Updates the server's share when the last sample is old enough. */
  private readServer(): void {
    const cpu = this.clock.serverCpuMs();
    if (cpu === null) return;
    const at = this.clock.now();
    if (!this.sample) {
      this.sample = { at, cpu };
      return;
    }
    const span = at - this.sample.at;
    if (span < SAMPLE_MS) return;
    this.serverShare = (cpu - this.sample.cpu) / span;
    this.sample = { at, cpu };
  }

  /** Starting a new review: CPU spent before it (loading, waiting) is not owed. */
  reset(): void {
    this.lastCpu = this.clock.ownCpuMs();
  }

  /**
   * After a decision: while the server is busy, sleeps (CPU used since the last call) × (1 − share) / share, so
   * that the review's share of a core over the decision and its sleep is `busyShare`. Stops sleeping as soon as
   * the server is no longer busy.
   */
  pace(): void {
    const cpu = this.clock.ownCpuMs();
    const used = cpu - this.lastCpu;
    this.lastCpu = cpu;
    this.readServer();
    if (this.config.busyShare >= 1 || !this.busy) return;
    let owed = (used * (1 - this.config.busyShare)) / this.config.busyShare;
    if (owed > 0) this.slept.times++;
    while (owed > 0 && this.busy) {
      const ms = Math.min(SLICE_MS, owed);
      this.clock.sleep(ms);
      this.slept.ms += ms;
      owed -= ms;
      this.clock.check?.();
      this.readServer();
    }
    // What the sleep itself cost (next to nothing) is not owed again.
    this.lastCpu = this.clock.ownCpuMs();
  }
}

/** A blocking sleep for the review process (Atomics.wait on a private buffer: nothing ever wakes it early). */
export function blockingSleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
