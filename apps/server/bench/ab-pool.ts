/**
 * Pools the `--ab-samples` files of `bench:server --reviews-ab` runs: `npx tsx apps/server/bench/ab-pool.ts
 * FILE...`. One run's p99 is decided by a handful of stalls (the machine's, not the server's), so the bar
 * (p99 with reviews within 10% of without) is judged on the latencies of many runs together. Per file: each run's
 * p99 with reviews stopped and running and their ratio, then the pooled figures; JSON last.
 */
import { readFileSync } from 'node:fs';
import { latencyFigures, pct, round } from './bench-kit.js';

interface Line {
  at: string;
  phaseSeconds: number;
  on: number[];
  off: number[];
}

const fig = (l: number[]) => ({ ...latencyFigures(l), p999: round(pct(l, 99.9)) });
const out: Record<string, unknown> = {};
for (const file of process.argv.slice(2)) {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);
  const runs = lines.map((l) => ({ at: l.at, off: round(pct(l.off, 99)), on: round(pct(l.on, 99)), ratio: round(pct(l.on, 99) / pct(l.off, 99)) }));
  const on = lines.flatMap((l) => l.on);
  const off = lines.flatMap((l) => l.off);
  const pooled = { off: fig(off), on: fig(on), p99Ratio: round(pct(on, 99) / pct(off, 99)) };
  for (const r of runs) console.log(`${file} ${r.at}: p99 ${r.off} ms stopped, ${r.on} ms running (x${r.ratio})`);
  console.log(
    `${file} pooled over ${runs.length} runs: p99 ${pooled.off.p99} ms stopped, ${pooled.on.p99} ms running (x${pooled.p99Ratio}); p50 ${pooled.off.p50} / ${pooled.on.p50}; p99.9 ${pooled.off.p999} / ${pooled.on.p999}`,
  );
  out[file] = { runs, pooled };
}
console.log(JSON.stringify(out));
