/**
 * What the load benchmarks (`load.ts`, `cluster-bench.ts`) do around their measurements: ramp the match slots
 * up to a level, and measure a window of `hold` seconds, again when the machine was too busy (Linux PSI).
 */
import type { IntervalHistogram } from 'node:perf_hooks';
import { newWindow, psi, round, Slot, type Recorder } from './bench-kit.js';

/** Every 1/share-th slot is a match against the server bot (share 0.1: slots 9, 19, 29...). */
export const isVsBotSlot = (i: number, share: number): boolean => share > 0 && Math.floor((i + 1) * share) > Math.floor(i * share);

/**
 * Which of `n` nodes slot i's seats connect to (0-based, [A, B]): A alternates between the nodes, and in a
 * `split` share of the pairs of slots B sits on the next node (split 0.5, two nodes: slots 0..3 at 0-0, 1-1,
 * 0-1, 1-0), so that share of the two-client matches is split across nodes and every node runs about as many
 * rooms as the others.
 */
export function placement(i: number, n: number, split = 0.5): [number, number] {
  const a = i % n;
  const pair = Math.floor(i / 2);
  const apart = n > 1 && Math.floor((pair + 1) * split) > Math.floor(pair * split);
  return [a, apart ? (a + 1) % n : a];
}

/**
 * Opens slots until there are `target`, `rampPerSec` a second in batches of a tenth of that, and starts each
 * slot's first match. `urls(i)`: where slot i's seats connect (one server, or [A's node, B's node]).
 */
export async function rampTo(
  slots: Slot[],
  target: number,
  o: { urls: (i: number) => string | readonly [string, string]; rampPerSec: number; vsBot: number; rec: Recorder },
): Promise<void> {
  while (slots.length < target) {
    const batch = Math.min(target - slots.length, Math.max(1, Math.round(o.rampPerSec / 10)));
    const opened = await Promise.all(
      Array.from({ length: batch }, (_, k) => Slot.open(o.urls(slots.length + k), slots.length + k, isVsBotSlot(slots.length + k, o.vsBot), o.rec)),
    );
    slots.push(...opened);
    await Promise.all(opened.map((s) => s.start()));
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface WindowInfo {
  seconds: number;
  /** Share of the window (%) during which some task waited for a CPU (PSI "some"), null without PSI. */
  pressure: number | null;
  /** Every try's pressure so far, this one last. */
  pressures: number[];
  /** This process's CPU use over the window, as a share of one core. */
  benchCpu: number;
}

/**
 * One measured window: `begin` (scrape what the window is a difference from), `hold` seconds of play with a
 * fresh `rec.win`, then `end` builds the row. The machine is shared: when other work kept tasks waiting for a
 * CPU more than `maxPressure` % of the window (PSI counts the benchmark's own processes too), the window
 * measured the neighbours as much as the server, and it is measured again, at most `tries` times; the row of
 * the last try is returned and `label(row)` names it in the line saying so.
 */
export async function measureWindow<S, T>(o: {
  holdS: number;
  maxPressure: number;
  tries?: number;
  rec: Recorder;
  own?: IntervalHistogram;
  begin: () => Promise<S>;
  end: (start: S, w: WindowInfo) => Promise<T>;
  label: (row: T) => string;
}): Promise<T> {
  const tries = o.tries ?? 3;
  const pressures: number[] = [];
  for (let attempt = 1; ; attempt++) {
    const start = await o.begin();
    const p0 = psi();
    const c0 = process.cpuUsage();
    o.own?.reset();
    o.rec.win = newWindow();
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, o.holdS * 1000));
    const seconds = (performance.now() - t0) / 1000;
    const c1 = process.cpuUsage(c0);
    const benchCpu = round((c1.user + c1.system) / 1e6 / seconds);
    const p1 = psi();
    const pressure = p0 && p1 ? round(((p1.totalUs - p0.totalUs) / (seconds * 1e6)) * 100) : null;
    if (pressure !== null) pressures.push(pressure);
    const row = await o.end(start, { seconds, pressure, pressures: [...pressures], benchCpu });
    if (!(o.maxPressure > 0 && pressure !== null && pressure > o.maxPressure && attempt < tries)) return row;
    console.log(`  (window at ${o.label(row)}: tasks waited for a CPU ${pressure}% of the time, over ${o.maxPressure}%; measuring again)`);
  }
}
