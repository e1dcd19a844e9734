/**
 * The soak benchmark's arithmetic (pure, unit-tested in soak-stats.test.ts): the least-squares slope of a series
 * per hour, as a share of its level at the start of the window, and a small SVG plot of heap and RSS over time.
 */

export interface Slope {
  /** Bytes (or whatever the series is in) per hour. */
  perHour: number;
  /** The fitted level at the window's first sample: the baseline the slope is compared with. */
  baseline: number;
  /** perHour / baseline, in percent. */
  pctOfBaselinePerHour: number;
  /** How much of the variance the line explains (0..1; near 0 for a flat, noisy series). */
  r2: number;
  samples: number;
}

/** Least-squares line through (minute, value); NaN fields when fewer than two samples or no time between them. */
export function slopePerHour(points: readonly { minute: number; value: number }[]): Slope {
  const n = points.length;
  const nan: Slope = { perHour: NaN, baseline: NaN, pctOfBaselinePerHour: NaN, r2: NaN, samples: n };
  if (n < 2) return nan;
  const mx = points.reduce((s, p) => s + p.minute, 0) / n;
  const my = points.reduce((s, p) => s + p.value, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const p of points) {
    sxx += (p.minute - mx) ** 2;
    sxy += (p.minute - mx) * (p.value - my);
    syy += (p.value - my) ** 2;
  }
  if (sxx === 0) return nan;
  const perMinute = sxy / sxx;
  const baseline = my + perMinute * (points[0]!.minute - mx);
  const perHour = perMinute * 60;
  return { perHour, baseline, pctOfBaselinePerHour: (perHour / baseline) * 100, r2: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy), samples: n };
}

export interface PlotSeries {
  label: string;
  colour: string;
  points: readonly { minute: number; value: number }[];
  /** A fitted line drawn dashed from `fromMinute` to the last point. */
  fit?: { fromMinute: number; slope: Slope };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A line chart of the series in MB against minutes, with a shaded warm-up and each series' fitted line. */
export function plotSvg(title: string, series: readonly PlotSeries[], warmupMinutes: number, note = ''): string {
  const W = 720;
  const H = 360;
  const m = { l: 64, r: 20, t: 40, b: 64 };
  const all = series.flatMap((s) => s.points);
  const maxX = Math.max(1, ...all.map((p) => p.minute));
  const maxY = Math.max(1, ...all.map((p) => p.value)) * 1.1;
  const x = (min: number) => m.l + (min / maxX) * (W - m.l - m.r);
  const y = (v: number) => H - m.b - (v / maxY) * (H - m.t - m.b);
  const mb = (v: number) => v / 1e6;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${W}" height="${H}" fill="#fff"/>`);
  out.push(`<text x="${W / 2}" y="22" text-anchor="middle" font-size="14">${esc(title)}</text>`);
  if (warmupMinutes > 0)
    out.push(
      `<rect x="${x(0)}" y="${m.t}" width="${x(Math.min(warmupMinutes, maxX)) - x(0)}" height="${H - m.t - m.b}" fill="#f1f1f1"/><text x="${x(0) + 4}" y="${m.t + 14}" fill="#777">warm-up</text>`,
    );
  // Axes with about five ticks each.
  const step = (range: number) => {
    const raw = range / 5;
    const p = 10 ** Math.floor(Math.log10(raw));
    return [1, 2, 5, 10].map((k) => k * p).find((s) => s >= raw)!;
  };
  const xs = step(maxX);
  for (let t = 0; t <= maxX + 1e-9; t += xs)
    out.push(
      `<line x1="${x(t)}" y1="${H - m.b}" x2="${x(t)}" y2="${H - m.b + 4}" stroke="#333"/><text x="${x(t)}" y="${H - m.b + 18}" text-anchor="middle">${Math.round(t * 10) / 10}</text>`,
    );
  const ys = step(mb(maxY));
  for (let v = 0; v <= mb(maxY) + 1e-9; v += ys)
    out.push(
      `<line x1="${m.l}" y1="${y(v * 1e6)}" x2="${W - m.r}" y2="${y(v * 1e6)}" stroke="#e4e4e4"/><text x="${m.l - 6}" y="${y(v * 1e6) + 4}" text-anchor="end">${Math.round(v * 10) / 10}</text>`,
    );
  out.push(
    `<line x1="${m.l}" y1="${H - m.b}" x2="${W - m.r}" y2="${H - m.b}" stroke="#333"/><line x1="${m.l}" y1="${m.t}" x2="${m.l}" y2="${H - m.b}" stroke="#333"/>`,
  );
  out.push(`<text x="${(m.l + W - m.r) / 2}" y="${H - m.b + 36}" text-anchor="middle">minutes under load</text>`);
  out.push(`<text transform="translate(16 ${(m.t + H - m.b) / 2}) rotate(-90)" text-anchor="middle">MB</text>`);
  series.forEach((s, i) => {
    if (s.points.length === 0) return;
    out.push(
      `<polyline fill="none" stroke="${s.colour}" stroke-width="2" points="${s.points.map((p) => `${x(p.minute).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ')}"/>`,
    );
    for (const p of s.points) out.push(`<circle cx="${x(p.minute).toFixed(1)}" cy="${y(p.value).toFixed(1)}" r="2.5" fill="${s.colour}"/>`);
    let label = s.label;
    if (s.fit && Number.isFinite(s.fit.slope.perHour)) {
      const f = s.fit;
      const last = s.points[s.points.length - 1]!.minute;
      const at = (min: number) => f.slope.baseline + (f.slope.perHour / 60) * (min - f.fromMinute);
      out.push(
        `<line x1="${x(f.fromMinute)}" y1="${y(at(f.fromMinute))}" x2="${x(last)}" y2="${y(at(last))}" stroke="${s.colour}" stroke-dasharray="5 4" stroke-width="1.5"/>`,
      );
      label += ` (slope ${f.slope.pctOfBaselinePerHour >= 0 ? '+' : ''}${f.slope.pctOfBaselinePerHour.toFixed(1)}% of baseline per hour)`;
    }
    out.push(
      `<line x1="${m.l + 8 + i * 330}" y1="${H - 12}" x2="${m.l + 28 + i * 330}" y2="${H - 12}" stroke="${s.colour}" stroke-width="2"/><text x="${m.l + 32 + i * 330}" y="${H - 8}">${esc(label)}</text>`,
    );
  });
  if (note) out.push(`<text x="${W - m.r}" y="${m.t - 6}" text-anchor="end" fill="#555">${esc(note)}</text>`);
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
