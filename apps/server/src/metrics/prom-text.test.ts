import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { bucketDelta, buckets, parsePromText, quantile, sampleSum } from './prom-text.js';

describe('prom-text', () => {
  it("reads prom-client's own output back", async () => {
    const r = new Registry();
    const c = new Counter({ name: 'x_total', help: 'h', labelNames: ['kind'], registers: [r] });
    c.inc({ kind: 'a "quoted"\\one' }, 2);
    c.inc({ kind: 'b' }, 3);
    const h = new Histogram({ name: 'lat_seconds', help: 'h', buckets: [0.001, 0.01, 0.1], registers: [r] });
    for (const v of [0.0005, 0.002, 0.003, 0.004, 0.05]) h.observe(v);
    const s = parsePromText(await r.metrics());
    expect(sampleSum(s, 'x_total')).toBe(5);
    expect(sampleSum(s, 'x_total', { kind: 'a "quoted"\\one' })).toBe(2);
    expect(sampleSum(s, 'lat_seconds_count')).toBe(5);
    const b = buckets(s, 'lat_seconds');
    expect([...b]).toEqual([
      [0.001, 1],
      [0.01, 4],
      [0.1, 5],
      [Infinity, 5],
    ]);
    // rank 2.5 of 5: 1.5 of the 3 observations in (0.001, 0.01]
    expect(quantile(b, 0.5)).toBeCloseTo(0.001 + 0.009 * 0.5);
    expect(quantile(b, 1)).toBeCloseTo(0.1);
    h.observe(0.2);
    const later = buckets(parsePromText(await r.metrics()), 'lat_seconds');
    const d = bucketDelta(later, b);
    expect([...d.values()]).toEqual([0, 0, 0, 1]);
    expect(quantile(d, 0.99)).toBe(0.1);
    expect(quantile(bucketDelta(b, b), 0.5)).toBeNaN();
  });

  it('refuses a line that is not a sample', () => {
    expect(() => parsePromText('what is this')).toThrow(/not a Prometheus sample line/);
  });
});
