/**
 * The cluster benchmark's pure helpers: the readings it turns into per-action costs, and where its clients
 * sit. (The benchmark itself is not a test: `npm run bench:cluster`.)
 */
import { describe, expect, it } from 'vitest';
import {
  commandCalls,
  diffPostgres,
  diffRedis,
  lsnBytes,
  parseProcStat,
  parseRedisInfo,
  perAction,
  processCpuSeconds,
  type PgSample,
} from './cluster-costs.js';
import { isVsBotSlot, placement } from './bench-window.js';
import { histogramWindow, sumBuckets } from './bench-kit.js';

describe('/proc/<pid>/stat', () => {
  it('adds utime and stime, counting fields after the command name even when it holds spaces and parentheses', () => {
    const tail = 'S 1 1 1 0 -1 4194560 1000 0 0 0 250 37 0 0 20 0 11 0 1234 1000000 5000';
    expect(parseProcStat(`4242 (node) ${tail}`)).toBe(287);
    expect(parseProcStat(`4242 (a b) (c)) ${tail}`)).toBe(287);
  });
  it('refuses a line that is not one', () => {
    expect(() => parseProcStat('nonsense')).toThrow(/not a \/proc/);
  });
  it("reads this process's CPU time, which only grows", () => {
    const a = processCpuSeconds(process.pid);
    let x = 0;
    for (let i = 0; i < 2e7; i++) x += i % 7;
    expect(x).toBeGreaterThan(0);
    expect(a).toBeGreaterThan(0);
    expect(processCpuSeconds(process.pid)).toBeGreaterThanOrEqual(a);
  });
});

describe('Redis INFO', () => {
  const text = [
    '# Commandstats',
    'cmdstat_xadd:calls=120,usec=900,usec_per_call=7.50,rejected_calls=0,failed_calls=0',
    'cmdstat_xread:calls=30,usec=10,usec_per_call=0.3',
    'cmdstat_info:calls=4,usec=1',
    '',
    '# Stats',
    'total_net_input_bytes:5000',
    'total_net_output_bytes:9000',
  ].join('\r\n');
  it('parses commandstats into calls per command', () => {
    expect(commandCalls(parseRedisInfo(text))).toEqual({ xadd: 120, xread: 30, info: 4 });
  });
  it("diffs two samples, leaving the benchmark's own INFO calls out, most-called first", () => {
    const d = diffRedis(
      { calls: { xadd: 100, info: 2 }, netInBytes: 1000, netOutBytes: 2000 },
      { calls: { xadd: 120, xread: 30, info: 4 }, netInBytes: 5000, netOutBytes: 9000 },
    );
    expect(d).toEqual({ commands: 50, byCommand: { xread: 30, xadd: 20 }, netInBytes: 4000, netOutBytes: 7000 });
    expect(Object.keys(d.byCommand)).toEqual(['xread', 'xadd']);
  });
});

describe('PostgreSQL counters', () => {
  it('reads a WAL position as bytes', () => {
    expect(lsnBytes('0/0')).toBe(0);
    expect(lsnBytes('0/1A')).toBe(26);
    expect(lsnBytes('1/0')).toBe(2 ** 32);
    expect(lsnBytes('16/B374D848')).toBe(0x16 * 2 ** 32 + 0xb374d848);
    expect(() => lsnBytes('16-B3')).toThrow(/WAL position/);
  });
  it('diffs two samples into transactions, rows and WAL bytes, tables most-written first', () => {
    const a: PgSample = { commits: 10, rollbacks: 0, inserted: 5, updated: 3, deleted: 0, walBytes: 1000, tables: { actions: 5, matches: 3, match_owners: 0 } };
    const b: PgSample = {
      commits: 30,
      rollbacks: 1,
      inserted: 25,
      updated: 43,
      deleted: 2,
      walBytes: 9000,
      tables: { actions: 25, matches: 23, match_owners: 22, users: 0 },
    };
    const d = diffPostgres(a, b);
    expect(d).toMatchObject({ commits: 20, rollbacks: 1, rowsWritten: 62, inserted: 20, updated: 40, deleted: 2, walBytes: 8000 });
    expect(Object.entries(d.rowsByTable)).toEqual([
      ['match_owners', 22],
      ['actions', 20],
      ['matches', 20],
    ]);
  });
  it('divides counts by actions (NaN without actions)', () => {
    expect(perAction({ commits: 20, walBytes: 8000 }, 16)).toEqual({ commits: 1.25, walBytes: 500 });
    expect(perAction({ commits: 1 }, 3)).toEqual({ commits: 0.333 });
    expect(perAction({ commits: 1 }, 0).commits).toBeNaN();
  });
});

describe('where the clients sit', () => {
  it('splits half of the two-client matches across two nodes, each node running half of the rooms', () => {
    const slots = Array.from({ length: 100 }, (_, i) => placement(i, 2));
    expect(slots.slice(0, 4)).toEqual([
      [0, 0],
      [1, 1],
      [0, 1],
      [1, 0],
    ]);
    expect(slots.filter(([a, b]) => a !== b)).toHaveLength(50);
    expect(slots.filter(([a]) => a === 0)).toHaveLength(50);
  });
  it('splits the share asked for, in pairs of slots', () => {
    for (const split of [0, 0.2, 1]) {
      const slots = Array.from({ length: 100 }, (_, i) => placement(i, 2, split));
      expect(slots.filter(([a, b]) => a !== b)).toHaveLength(100 * split);
      expect(slots.filter(([a]) => a === 0)).toHaveLength(50);
    }
    expect(placement(5, 3, 1)).toEqual([2, 0]);
  });
  it('puts both seats on the one node when there is one', () => {
    for (let i = 0; i < 10; i++) expect(placement(i, 1)).toEqual([0, 0]);
  });
  it('makes every 1/share-th slot a bot match', () => {
    const bots = Array.from({ length: 100 }, (_, i) => i).filter((i) => isVsBotSlot(i, 0.1));
    expect(bots).toEqual([9, 19, 29, 39, 49, 59, 69, 79, 89, 99]);
    expect(Array.from({ length: 20 }, (_, i) => isVsBotSlot(i, 0)).some(Boolean)).toBe(false);
  });
});

describe("several nodes' histogram windows", () => {
  it('adds the buckets bound by bound and reads the quantiles of the sum', () => {
    const n1 = new Map([
      [0.001, 90],
      [0.01, 100],
      [0.1, 100],
      [Infinity, 100],
    ]);
    const n2 = new Map([
      [0.001, 0],
      [0.01, 0],
      [0.1, 100],
      [Infinity, 100],
    ]);
    const sum = sumBuckets([n1, n2]);
    expect([...sum]).toEqual([
      [0.001, 90],
      [0.01, 100],
      [0.1, 200],
      [Infinity, 200],
    ]);
    expect(histogramWindow(sum)).toEqual({ count: 200, p50: 10, p99: 98.2, max: 100 });
  });
});
