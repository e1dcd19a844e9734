/**
 * Where a process's long event-loop gaps went (issue 36's honest-ack misses): load it into the server with
 * `BENCH_SERVER_NODE_ARGS='--import ./apps/server/bench/loop-gaps.mjs' LOOP_GAPS_DIR=/tmp/gaps npm run bench:abuse …`.
 *
 * A 1 ms timer notes every gap between two of its runs longer than `LOOP_GAPS_MS` (5): when it started (the
 * monotonic clock, ms: the same clock as `process.hrtime` in any process of the machine, so gaps can be laid beside
 * another process's timings), how long it was, how much of it the main thread ran (`cpu`) and how long it waited
 * for a core while runnable (`runq`, both from /proc/thread-self/schedstat: Linux), and the garbage collector's
 * pauses of 2 ms or more in it (`gc`). A gap with a large `runq` is the machine's (another process had the core), one with a large
 * `gc` is V8's, the rest is the process's own work. On exit it writes `gaps-<pid>.json` to `LOOP_GAPS_DIR`.
 * The timer and the reads cost about 2% of a core: a diagnostic, not for the figures of record.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';

const dir = process.env.LOOP_GAPS_DIR ?? '/tmp';
const minMs = Number(process.env.LOOP_GAPS_MS ?? 5);
const mono = () => Number(process.hrtime.bigint()) / 1e6;
const sched = () => {
  try {
    const [run, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return [Number(run) / 1e6, Number(wait) / 1e6];
  } catch {
    return [0, 0];
  }
};

const gaps = [];
const gcs = [];
// performance.now() and the monotonic clock differ by a constant: gc entries are noted on the monotonic clock.
const offset = mono() - performance.now();
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.duration >= 2) gcs.push({ at: round(e.startTime + offset), ms: round(e.duration), kind: e.detail?.kind });
  }
}).observe({ entryTypes: ['gc'] });

let last = mono();
let s0 = sched();
const timer = setInterval(() => {
  const now = mono();
  const s1 = sched();
  if (now - last > minMs) gaps.push({ at: round(last), ms: round(now - last), cpu: round(s1[0] - s0[0]), runq: round(s1[1] - s0[1]) });
  s0 = s1;
  last = now;
}, 1);
timer.unref();

function round(x) {
  return Math.round(x * 100) / 100;
}

process.on('exit', () => {
  // The observer hears of a pause after it: its gap is found here, by time.
  for (const g of gaps) g.gc = round(gcs.reduce((sum, p) => sum + Math.max(0, Math.min(g.at + g.ms, p.at + p.ms) - Math.max(g.at, p.at)), 0));
  writeFileSync(`${dir}/gaps-${process.pid}.json`, JSON.stringify({ argv: process.argv.slice(1), gaps, gcs }));
});
