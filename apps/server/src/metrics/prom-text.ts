/**
 * Reading the metrics back: a parser for the Prometheus text format as prom-client writes it (one sample per
 * line, `name{label="value",...} number`), and a quantile over histogram buckets like PromQL's
 * `histogram_quantile`. For the load benchmark and the tests, which scrape the listener from outside.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parsePromText(text: string): Sample[] {
  const out: Sample[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const m = LINE.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${line.slice(0, 120)}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(LABEL)) labels[l[1]!] = l[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    const v = m[3]!;
    out.push({ name: m[1]!, labels, value: v === '+Inf' ? Infinity : v === '-Inf' ? -Infinity : Number(v) });
  }
  return out;
}

const matches = (s: Sample, labels: Record<string, string>) => Object.entries(labels).every(([k, v]) => s.labels[k] === v);

/** The sum of the samples named `name` whose labels include `labels` (0 when there are none). */
export function sampleSum(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const s of samples) if (s.name === name && matches(s, labels)) sum += s.value;
  return sum;
}

/** Cumulative bucket counts of histogram `name` (summed over series matching `labels`), by upper bound. */
export function buckets(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): Map<number, number> {
  const out = new Map<number, number>();
  for (const s of samples) {
    if (s.name !== `${name}_bucket` || !matches(s, labels)) continue;
    const le = s.labels.le === '+Inf' ? Infinity : Number(s.labels.le);
    out.set(le, (out.get(le) ?? 0) + s.value);
  }
  return new Map([...out].sort((a, b) => a[0] - b[0]));
}

/** `later - earlier`, bucket by bucket: the observations between two scrapes. */
export function bucketDelta(later: Map<number, number>, earlier: Map<number, number>): Map<number, number> {
  return new Map([...later].map(([le, n]) => [le, n - (earlier.get(le) ?? 0)]));
}

/**
 * The q-quantile (0..1) of cumulative buckets, interpolated linearly inside its bucket (PromQL's rule); NaN
 * without observations. In the +Inf bucket it answers the highest finite bound.
 */
export function quantile(cumulative: Map<number, number>, q: number): number {
  const entries = [...cumulative];
  const total = entries.at(-1)?.[1] ?? 0;
  if (total <= 0) return NaN;
  const rank = q * total;
  let prevLe = 0;
  let prevCount = 0;
  for (const [le, count] of entries) {
    if (count >= rank) {
      if (le === Infinity) return prevLe;
      return prevLe + (le - prevLe) * ((rank - prevCount) / Math.max(1e-12, count - prevCount));
    }
    prevLe = le;
    prevCount = count;
  }
  return prevLe;
}
