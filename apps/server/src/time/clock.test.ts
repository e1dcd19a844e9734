/**
 * The system clock's timers: a cleared deadline leaves nothing behind in Node's timer lists, and a pending one
 * never keeps a stopping process alive. Run in a child process with `--expose-internals` (the lists are Node's
 * internals; this test's own process has timers of its own).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const clockUrl = new URL('./clock.ts', import.meta.url).href;

function run(script: string): { out: string; status: number | null; ms: number } {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['--expose-internals', '--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../../../..', import.meta.url)),
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return { out: r.stdout.trim(), status: r.status, ms: Date.now() - t0 };
}

describe('systemClock', () => {
  it('frees the timer list of each cleared deadline at once (distinct durations, as chess clocks make them)', () => {
    const { out } = run(`
      import { createRequire } from 'node:module';
      const { systemClock } = await import(${JSON.stringify(clockUrl)});
      const { timerListMap } = createRequire(import.meta.url)('internal/timers');
      const before = Object.keys(timerListMap).length;
      const hs = Array.from({ length: 500 }, (_, i) => systemClock.setTimeout(() => console.log('fired'), 600_000 + i));
      const armed = Object.keys(timerListMap).length - before;
      for (const h of hs) systemClock.clearTimeout(h);
      console.log(JSON.stringify({ armed, left: Object.keys(timerListMap).length - before }));
    `);
    expect(JSON.parse(out)).toEqual({ armed: 500, left: 0 });
  });

  it('lets the process exit with a deadline pending, and after clearing one that fired or was cleared already', () => {
    const { out, ms } = run(`
      const { systemClock } = await import(${JSON.stringify(clockUrl)});
      systemClock.setTimeout(() => console.log('too late'), 60_000);
      const fired = systemClock.setTimeout(() => {
        console.log('fired');
        systemClock.clearTimeout(fired);
        systemClock.clearTimeout(fired);
      }, 10);
      const cleared = systemClock.setTimeout(() => console.log('cleared one fired'), 50);
      systemClock.clearTimeout(cleared);
      systemClock.clearTimeout(cleared);
      setTimeout(() => {}, 200); // the only thing that may hold the process, for 200 ms
    `);
    expect(out).toBe('fired');
    expect(ms).toBeLessThan(15_000);
  });
});
