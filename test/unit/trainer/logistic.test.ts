import { strict as assert } from 'node:assert';
import { fitLogistic, sigmoid, standardiser } from '../../../src/trainer/logistic';

describe('logistic regression (Newton)', () => {
  // y = 1 exactly when x0 > 0 most of the time; x1 is noise.
  const rows: number[][] = [];
  const labels: number[] = [];
  for (let i = 0; i < 200; i++) {
    const x0 = ((i * 37) % 100) / 50 - 1;
    const x1 = ((i * 53) % 100) / 50 - 1;
    rows.push([x0, x1]);
    labels.push(x0 + 0.3 * Math.sin(i) > 0 ? 1 : 0);
  }

  it('finds the informative feature and converges', () => {
    const fit = fitLogistic(rows, labels, { l2: 0.1 });
    assert.ok(fit.weights[0]! > 3, `weight ${fit.weights[0]}`);
    assert.ok(Math.abs(fit.weights[1]!) < Math.abs(fit.weights[0]!) / 5);
    assert.ok(fit.iterations < 50);
    const p = (x: number[]) => sigmoid(fit.bias + fit.weights[0]! * x[0]! + fit.weights[1]! * x[1]!);
    assert.ok(p([0.8, 0]) > 0.9 && p([-0.8, 0]) < 0.1);
  });

  it('is deterministic and shrinks with a stronger penalty', () => {
    assert.deepEqual(fitLogistic(rows, labels, { l2: 1 }), fitLogistic(rows, labels, { l2: 1 }));
    assert.ok(fitLogistic(rows, labels, { l2: 100 }).weights[0]! < fitLogistic(rows, labels, { l2: 1 }).weights[0]!);
  });

  it('sample weights count a row as that many copies', () => {
    const doubled = fitLogistic([...rows, ...rows], [...labels, ...labels], { l2: 1 });
    const weighted = fitLogistic(rows, labels, { l2: 1, sampleWeights: rows.map(() => 2) });
    weighted.weights.forEach((w, i) => assert.ok(Math.abs(w - doubled.weights[i]!) < 1e-6));
  });

  it('standardises columns, with scale 1 for a constant column', () => {
    const { mean, scale } = standardiser([[1, 5], [3, 5]]);
    assert.deepEqual(mean, [2, 5]);
    assert.deepEqual(scale, [1, 1]);
  });
});
