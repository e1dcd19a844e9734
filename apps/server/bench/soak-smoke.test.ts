/**
 * The soak benchmark as a CI smoke test (issue 31 §3): a short run with few matches and fast players, checked
 * for its invariants only, never its timings or memory slopes (those need the hour: docs/soak.md). Every kind of
 * traffic must have happened (matches of each kind finished or started, reconnects, spectators, accounts signing
 * in and out with the notice reaching their sockets), the server logged no error, every acknowledged action is in
 * the database as acknowledged, and the last line is the JSON report.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function runSoak(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/bench/soak.ts', ...args], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    // A hung run must not hold CI: killed well before the test's own timeout.
    const timer = setTimeout(() => child.kill('SIGKILL'), 160_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ code, out });
    });
  });
}

describe('soak smoke (about 100 s)', () => {
  it('plays, reconnects, watches, signs in and out; no server error, no acknowledged action lost, JSON last', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vroyale-soak-smoke-'));
    const plot = join(dir, 'soak.svg');
    try {
      const { code, out } = await runSoak([
        ...['--minutes', '1.5', '--matches', '16', '--sample', '0.25', '--warmup', '0', '--think', '300', '--vsbot', '0.25', '--queue', '0.34'],
        ...['--reconnect-every', '0.5', '--spectators', '4', '--churn', '3', '--churn-hold', '4,8', '--churn-pause', '1,3', '--plot', plot],
      ]);
      expect(code, out.slice(-3000)).toBe(0);
      const last = out.trim().split('\n').at(-1)!;
      const r = JSON.parse(last) as {
        samples: { heapBytes: number; rssBytes: number; openHandles: number; dbBytes: number }[];
        slopes: { afterWarmup: { heap: { perHourMB: number }; rss: { perHourMB: number } } };
        server: { exit: number | string; errors: number; firstErrors: string[] };
        database: { acked: number; lost: number; mismatched: number; examples: string[] };
        clients: Record<string, number> & { matchesStarted: Record<string, number>; signedOutNotices: number; firstProblems: string[] };
      };
      expect(r.server.errors, r.server.firstErrors.join('\n')).toBe(0);
      expect(r.server.exit).toBe(0);
      expect(r.database.acked).toBeGreaterThan(200);
      expect(r.database.lost, r.database.examples.join('\n')).toBe(0);
      expect(r.database.mismatched, r.database.examples.join('\n')).toBe(0);
      // One sample at the start and one every 15 s: seven, each with every figure.
      expect(r.samples.length).toBeGreaterThanOrEqual(6);
      for (const s of r.samples) for (const v of [s.heapBytes, s.rssBytes, s.openHandles, s.dbBytes]) expect(v).toBeGreaterThan(0);
      expect(Number.isFinite(r.slopes.afterWarmup.heap.perHourMB)).toBe(true);
      expect(Number.isFinite(r.slopes.afterWarmup.rss.perHourMB)).toBe(true);
      // Every kind of traffic happened.
      const c = r.clients;
      const problems = c.firstProblems.join('\n');
      expect(c.matchesStarted.private, problems).toBeGreaterThan(0);
      expect(c.matchesStarted.bot, problems).toBeGreaterThan(0);
      expect(c.matchesStarted.queue, problems).toBeGreaterThan(0);
      expect(c.matchesFinished, problems).toBeGreaterThan(0);
      expect(c.reconnects).toBeGreaterThan(0);
      expect(c.spectates).toBeGreaterThan(0);
      expect(c.registrations).toBeGreaterThan(3);
      expect(c.signIns).toBeGreaterThan(0);
      expect(c.signOuts, problems).toBeGreaterThan(0);
      expect(c.signedOutNotices).toBe(c.signOuts);
      const svg = readFileSync(plot, 'utf8');
      expect(svg).toContain('<polyline');
    } finally {
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
