/**
 * Logistic regression without an intercept, L2-regularised, fitted by Newton's method (iteratively reweighted
 * least squares with a Cholesky solve): a dozen features converge in a handful of exact steps, with no learning
 * rate to tune (which the gradient-descent packages on npm need). The review's win model and the lab's
 * evaluation fit (packages/lab/bench/eval-fit.ts) both use it.
 */
import { sigmoid } from './win-model.js';

const dot = (a: readonly number[], b: readonly number[]): number => a.reduce((s, x, i) => s + x * b[i]!, 0);

/** P(y = 1 | x) under weights w. */
export function predict(x: readonly number[], w: readonly number[]): number {
  return sigmoid(dot(x, w));
}

/** Mean negative log-likelihood (natural log) of labels y in {0, 1}; 0.693 is a coin's. */
export function logLoss(X: readonly (readonly number[])[], y: readonly number[], w: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < X.length; i++) {
    const p = Math.min(1 - 1e-12, Math.max(1e-12, predict(X[i]!, w)));
    s -= y[i] ? Math.log(p) : Math.log(1 - p);
  }
  return s / Math.max(1, X.length);
}

export interface FitOptions {
  /** Penalty λ on ½λ|w|² (per sample), which keeps separable data finite. */
  l2?: number;
  maxIterations?: number;
}

/** Solves A x = b for a symmetric positive-definite A. */
function solveSpd(A: number[][], b: number[]): number[] {
  const n = b.length;
  const L = A.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let s = A[i]![j]!;
      for (let k = 0; k < j; k++) s -= L[i]![k]! * L[j]![k]!;
      if (i === j) {
        if (!(s > 0)) throw new Error('logistic: the Hessian is not positive definite (a feature is constant or duplicated)');
        L[i]![i] = Math.sqrt(s);
      } else L[i]![j] = s / L[j]![j]!;
    }
  const z = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) z[i] = (b[i]! - dot(L[i]!.slice(0, i), z.slice(0, i))) / L[i]![i]!;
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let s = z[i]!;
    for (let k = i + 1; k < n; k++) s -= L[k]![i]! * x[k]!;
    x[i] = s / L[i]![i]!;
  }
  return x;
}

/** Weights maximising the likelihood of labels y ∈ {0, 1} given rows X, with penalty ½·l2·n·|w|². */
export function fitLogistic(X: readonly (readonly number[])[], y: readonly number[], o: FitOptions = {}): number[] {
  const n = X.length;
  const d = X[0]?.length ?? 0;
  if (n === 0 || d === 0) throw new Error('logistic: no samples or no features');
  const lambda = (o.l2 ?? 1e-4) * n;
  let w = new Array<number>(d).fill(0);
  for (let it = 0; it < (o.maxIterations ?? 50); it++) {
    const g = w.map((wi) => -lambda * wi);
    const H = w.map((_, i) => w.map((__, j) => (i === j ? lambda : 0)));
    for (let s = 0; s < n; s++) {
      const x = X[s]!;
      const p = predict(x, w);
      const r = y[s]! - p;
      const v = p * (1 - p);
      for (let i = 0; i < d; i++) {
        g[i]! += r * x[i]!;
        for (let j = 0; j <= i; j++) H[i]![j]! += v * x[i]! * x[j]!;
      }
    }
    for (let i = 0; i < d; i++) for (let j = i + 1; j < d; j++) H[i]![j] = H[j]![i]!;
    const step = solveSpd(H, g);
    w = w.map((wi, i) => wi + step[i]!);
    if (Math.max(...step.map(Math.abs)) < 1e-9) break;
  }
  return w;
}
