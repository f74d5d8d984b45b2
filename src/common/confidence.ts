/**
 * How sure a brain is of its answer, for the people and agents who act on it. Only a brain that
 * knows a probability gives one (the embedded brain's learned model: its most probable answered
 * file's chance of being one the fix changes); model brains give none.
 *
 * The levels' lines are fixed in advance, not fitted: 0.45 is where the CodeGrep paper finds a
 * retriever's precision starts to help a downstream agent instead of hurting it, and 0.75 marks
 * the answers to act on without a second look. docs/benchmarks.md ("How sure the answer is") has
 * the precision of each level on the dev sets and benches.
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

/** The confidence for a brain's probability; undefined for a value that is not a probability. */
export function confidenceOf(probability: number | undefined): AnswerConfidence | undefined {
  if (probability === undefined || !Number.isFinite(probability) || probability < 0 || probability > 1) return undefined;
  const level: ConfidenceLevel = probability >= CONFIDENCE_LINES.high ? 'high' : probability >= CONFIDENCE_LINES.medium ? 'medium' : 'low';
  return { level, probability: Math.round(probability * 1000) / 1000 };
}

/** The probability in two decimals, kept off 0.00 and 1.00: a learned model is never certain, and "1.00" would say so. */
export function formatProbability(probability: number): string {
  return Math.min(0.99, Math.max(0.01, probability)).toFixed(2);
}

/** One sentence for a person or an agent: the level with its probability, and what to do about a lower one. */
export function confidenceSentence(confidence: AnswerConfidence): string {
  const level = `${confidence.level[0]!.toUpperCase()}${confidence.level.slice(1)} confidence (${formatProbability(confidence.probability)})`;
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
