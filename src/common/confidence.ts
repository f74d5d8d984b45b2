/**
 * How sure a brain is of its answer, for the people and agents who act on it. Only a brain that
 * knows a probability gives one (the embedded brain's learned model: its most probable answered
 * file's chance of being one the fix changes); model brains give none.
 *
 * The levels' lines were set, not searched for: 0.45 is where the CodeGrep paper finds a retriever's
 * precision starts to help a downstream agent instead of hurting it, and 0.75 is a round line above
 * it. docs/benchmarks.md ("How sure the answer is") has the precision of each level on the dev sets,
 * out of fold on the training set, and on the benches.
 */
export type ConfidenceLevel = 'high' | 'medium' | 'low';

/** A run's confidence: the brain's probability and its level. */
export interface AnswerConfidence {
  level: ConfidenceLevel;
  /** The brain's probability that its best answered file is one the fix changes (0–1). */
  probability: number;
}

/** The lowest probability of each level above `low`. */
export const CONFIDENCE_LINES = { high: 0.75, medium: 0.45 } as const;

/**
 * The confidence for a brain's probability; undefined for a value that is not a probability. The probability is
 * kept to three places and off 0 and 1 (a learned model is never certain), and the level is read from that kept
 * value, so that no surface shows a number on the other side of its level's line.
 */
export function confidenceOf(probability: number | undefined): AnswerConfidence | undefined {
  if (probability === undefined || !Number.isFinite(probability) || probability < 0 || probability > 1) return undefined;
  const kept = Math.min(0.999, Math.max(0.001, Math.round(probability * 1000) / 1000));
  const level: ConfidenceLevel = kept >= CONFIDENCE_LINES.high ? 'high' : kept >= CONFIDENCE_LINES.medium ? 'medium' : 'low';
  return { level, probability: kept };
}

/**
 * The probability in two decimals, kept off 0.00 and 1.00 (a learned model is never certain), and rounded down so
 * that a value just under a level's line is never shown on it (0.749 is "0.74", not "0.75").
 */
export function formatProbability(probability: number): string {
  return (Math.floor(Math.min(0.99, Math.max(0.01, probability)) * 100 + 1e-9) / 100).toFixed(2);
}

/** "low confidence (0.31)": the level with its probability, as the log and the sentence below say it. */
export function confidenceLabel(confidence: AnswerConfidence): string {
  return `${confidence.level} confidence (${formatProbability(confidence.probability)})`;
}

/** One sentence for a person or an agent: the level with its probability, and what to do about a lower one. */
export function confidenceSentence(confidence: AnswerConfidence): string {
  const label = confidenceLabel(confidence);
  const level = `${label[0]!.toUpperCase()}${label.slice(1)}`;
  switch (confidence.level) {
    case 'high':
      return `${level}.`;
    case 'medium':
      return `${level}: check that the first file fits the issue.`;
    case 'low':
      return `${level}: these files may well be wrong; check them before relying on them.`;
  }
}

/** Whether `value` (from storage or a message) is an AnswerConfidence. */
export function isAnswerConfidence(value: unknown): value is AnswerConfidence {
  if (typeof value !== 'object' || value === null) return false;
  const { level, probability } = value as Record<string, unknown>;
  return (level === 'high' || level === 'medium' || level === 'low') && typeof probability === 'number' && probability >= 0 && probability <= 1;
}
