import type { Brain } from '../brain';
import { EmbeddedBrain } from './embeddedBrain';

export { EmbeddedBrain } from './embeddedBrain';
export { mineIssue, type Clue, type IssueEvidence } from './clues';

/** Builds the default, model-free brain (deterministic: same issue and tree give the same answer). */
export function createEmbeddedBrain(): Brain {
  return new EmbeddedBrain();
}
