/**
 * How many files to answer, chosen to maximise the expected F0.5 of the answer.
 *
 * With TP gold files among k answered and |G| gold files in all, F0.5 = 1.25·TP / (k + 0.25·|G|). Each ranked
 * candidate is gold with its own probability (independently), and `missing` more gold files are expected
 * outside the candidates; the expectation is exact over those Bernoulli variables.
 */

/** Distribution of the number of successes of independent Bernoulli trials (Poisson binomial). */
export function successCounts(probabilities: number[]): number[] {
  let dist = [1];
  for (const p of probabilities) {
    const next = new Array<number>(dist.length + 1).fill(0);
    for (let n = 0; n < dist.length; n++) {
      next[n] += dist[n] * (1 - p);
      next[n + 1] += dist[n] * p;
    }
    dist = next;
  }
  return dist;
}

/** Expected F0.5 of answering the first `k` of the ranked candidates. */
export function expectedF05(probabilities: number[], k: number, missing: number): number {
  if (k < 1) return 0;
  const inside = successCounts(probabilities.slice(0, k));
  const outside = successCounts(probabilities.slice(k));
  let expected = 0;
  for (let x = 1; x < inside.length; x++) {
    for (let y = 0; y < outside.length; y++) {
      expected += (inside[x] * outside[y] * 1.25 * x) / (k + 0.25 * (x + y + missing));
    }
  }
  return expected;
}

/** The answer size in 1..maxFiles with the highest expected F0.5 (the smaller size on a tie); 0 with no candidates. */
export function chooseAnswerSize(probabilities: number[], maxFiles: number, missing: number): number {
  let best = 0;
  let bestValue = -1;
  for (let k = 1; k <= Math.min(maxFiles, probabilities.length); k++) {
    const value = expectedF05(probabilities, k, missing);
    if (value > bestValue + 1e-12) {
      best = k;
      bestValue = value;
    }
  }
  return best;
}
