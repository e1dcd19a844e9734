/**
 * How well predicted win chances match outcomes: a reliability table by decile of the prediction and the Brier
 * score (mean squared error of the probability), beside the Brier score of always saying 50% (0.25) and the skill
 * score 1 − Brier / 0.25 (Murphy 1973): 0 is no better than a coin, 1 is a perfect forecast.
 */
export interface ReliabilityRow {
  /** Predictions in [from, to) (the last bin includes 1). */
  from: number;
  to: number;
  count: number;
  meanPredicted: number;
  /** Share of these predictions whose manager won (null when the bin is empty). */
  observed: number | null;
}

export interface Calibration {
  samples: number;
  brier: number;
  /** Always saying 50%. */
  brierCoin: number;
  skill: number;
  logLoss: number;
  table: ReliabilityRow[];
}

/** `p`: predicted chances; `won`: 1 when that manager won, 0 when they lost (draws left out by the caller). */
export function calibration(p: readonly number[], won: readonly number[], bins = 10): Calibration {
  if (p.length !== won.length) throw new Error('calibration: one outcome per prediction');
  const rows = Array.from({ length: bins }, (_, i) => ({ from: i / bins, to: (i + 1) / bins, count: 0, sumP: 0, sumY: 0 }));
  let brier = 0;
  let logLoss = 0;
  for (let i = 0; i < p.length; i++) {
    const x = p[i]!;
    const y = won[i]!;
    brier += (x - y) ** 2;
    const clamped = Math.min(1 - 1e-12, Math.max(1e-12, x));
    logLoss -= y ? Math.log(clamped) : Math.log(1 - clamped);
    const row = rows[Math.min(bins - 1, Math.floor(x * bins))]!;
    row.count++;
    row.sumP += x;
    row.sumY += y;
  }
  const n = Math.max(1, p.length);
  brier /= n;
  return {
    samples: p.length,
    brier,
    brierCoin: 0.25,
    skill: 1 - brier / 0.25,
    logLoss: logLoss / n,
    table: rows.map((r) => ({
      from: r.from,
      to: r.to,
      count: r.count,
      meanPredicted: r.count ? r.sumP / r.count : (r.from + r.to) / 2,
      observed: r.count ? r.sumY / r.count : null,
    })),
  };
}
