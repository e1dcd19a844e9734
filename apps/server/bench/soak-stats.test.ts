/** The soak benchmark's arithmetic: slopes per hour against the window's baseline, and the SVG plot. */
import { describe, expect, it } from 'vitest';
import { plotSvg, slopePerHour } from './soak-stats.js';

describe('slopePerHour', () => {
  it('fits a straight line exactly: 1 MB per 5 minutes from 100 MB is 12 MB/h, 12% of the baseline', () => {
    const pts = Array.from({ length: 13 }, (_, i) => ({ minute: i * 5, value: 100e6 + i * 1e6 }));
    const s = slopePerHour(pts);
    expect(s.perHour).toBeCloseTo(12e6, 0);
    expect(s.baseline).toBeCloseTo(100e6, 0);
    expect(s.pctOfBaselinePerHour).toBeCloseTo(12, 6);
    expect(s.r2).toBeCloseTo(1, 9);
    expect(s.samples).toBe(13);
  });

  it('measures the baseline at the window start, not at minute 0', () => {
    const s = slopePerHour([15, 20, 25, 30].map((minute) => ({ minute, value: 50e6 + (minute - 15) * 0.1e6 })));
    expect(s.baseline).toBeCloseTo(50e6, 0);
    expect(s.perHour).toBeCloseTo(6e6, 0);
  });

  it('a flat series with noise has a small slope and a low r2; a falling one is negative', () => {
    const noisy = [0, 5, 10, 15, 20, 25, 30].map((minute, i) => ({ minute, value: 80e6 + (i % 2 ? 1e6 : -1e6) }));
    const s = slopePerHour(noisy);
    expect(Math.abs(s.pctOfBaselinePerHour)).toBeLessThan(5);
    expect(s.r2).toBeLessThan(0.2);
    expect(
      slopePerHour([
        { minute: 0, value: 10 },
        { minute: 60, value: 5 },
      ]).pctOfBaselinePerHour,
    ).toBeCloseTo(-50, 6);
  });

  it('is NaN without two distinct times', () => {
    expect(slopePerHour([]).perHour).toBeNaN();
    expect(slopePerHour([{ minute: 3, value: 1 }]).perHour).toBeNaN();
    expect(
      slopePerHour([
        { minute: 3, value: 1 },
        { minute: 3, value: 2 },
      ]).perHour,
    ).toBeNaN();
  });
});

describe('plotSvg', () => {
  it('draws each series with its fitted line and labels, escaped', () => {
    const pts = [0, 5, 10].map((minute) => ({ minute, value: 40e6 + minute * 1e5 }));
    const svg = plotSvg(
      'Heap & RSS <test>',
      [
        { label: 'heap', colour: '#00f', points: pts, fit: { fromMinute: 0, slope: slopePerHour(pts) } },
        { label: 'rss', colour: '#f00', points: pts.map((p) => ({ ...p, value: p.value * 3 })) },
      ],
      5,
      'note',
    );
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    expect(svg.match(/<polyline /g)).toHaveLength(2);
    expect(svg.match(/stroke-dasharray/g)).toHaveLength(1);
    expect(svg).toContain('Heap &amp; RSS &lt;test&gt;');
    expect(svg).toContain('slope +');
    expect(svg).toContain('warm-up');
    expect(svg).not.toContain('NaN');
  });
});
