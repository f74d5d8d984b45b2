import { Matrix, solve } from 'ml-matrix';

/** A fitted logistic model on standardised inputs. */
export interface LogisticFit {
  weights: number[];
  bias: number;
  iterations: number;
}

/**
 * L2-regularised logistic regression fitted by Newton's method (iteratively reweighted least squares).
 * Deterministic: the same rows give the same weights. The bias is not penalised. ml-matrix does the linear
 * algebra; the loss is convex, so Newton converges in a handful of steps on our few dozen features.
 */
export function fitLogistic(rows: number[][], labels: number[], options: { l2: number; sampleWeights?: number[]; offsets?: number[]; maxIterations?: number }): LogisticFit {
  const n = rows.length;
  const d = rows[0]?.length ?? 0;
  const weights = options.sampleWeights ?? new Array<number>(n).fill(1);
  let beta = new Array<number>(d + 1).fill(0); // beta[d] is the bias
  const maxIterations = options.maxIterations ?? 50;
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    const gradient = new Array<number>(d + 1).fill(0);
    const hessian = Matrix.zeros(d + 1, d + 1);
    for (let i = 0; i < n; i++) {
      const x = rows[i]!;
      // An offset is a fixed part of the row's log-odds (a model fitted before this one).
      const p = sigmoid(dot(beta, x) + (options.offsets?.[i] ?? 0));
      const w = weights[i]!;
      const residual = w * (p - labels[i]!);
      const curvature = w * p * (1 - p);
      for (let a = 0; a <= d; a++) {
        const xa = a === d ? 1 : x[a]!;
        gradient[a] += residual * xa;
        if (curvature === 0) continue;
        for (let b = a; b <= d; b++) hessian.set(a, b, hessian.get(a, b) + curvature * xa * (b === d ? 1 : x[b]!));
      }
    }
    for (let a = 0; a <= d; a++) {
      for (let b = 0; b < a; b++) hessian.set(a, b, hessian.get(b, a));
      if (a < d) {
        gradient[a] += options.l2 * beta[a]!;
        hessian.set(a, a, hessian.get(a, a) + options.l2);
      } else {
        hessian.set(a, a, hessian.get(a, a) + 1e-9);
      }
    }
    const step = solve(hessian, Matrix.columnVector(gradient)).getColumn(0);
    beta = beta.map((b, i) => b - step[i]!);
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return { weights: beta.slice(0, d), bias: beta[d]!, iterations };
}

/** Mean and standard deviation of each column (a constant column gets scale 1). */
export function standardiser(rows: number[][]): { mean: number[]; scale: number[] } {
  const d = rows[0]?.length ?? 0;
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(0);
  for (const row of rows) row.forEach((v, i) => (mean[i] += v / rows.length));
  for (const row of rows) row.forEach((v, i) => (scale[i] += (v - mean[i]!) ** 2 / rows.length));
  return { mean, scale: scale.map((s) => (s > 1e-12 ? Math.sqrt(s) : 1)) };
}

/** The logistic function. */
export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

function dot(beta: number[], x: number[]): number {
  let sum = beta[beta.length - 1]!;
  for (let i = 0; i < x.length; i++) sum += beta[i]! * x[i]!;
  return sum;
}
