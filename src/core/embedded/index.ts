import type { Brain } from '../brain';
import { EmbeddedBrain, type EmbeddedBrainOptions } from './embeddedBrain';

export { EmbeddedBrain, type EmbeddedBrainOptions } from './embeddedBrain';
export { mineIssue, type Clue, type IssueEvidence } from './clues';

/** Builds the default, model-free brain (deterministic: same issue and tree give the same answer). */
export function createEmbeddedBrain(options: EmbeddedBrainOptions = {}): Brain {
  return new EmbeddedBrain(options);
}
