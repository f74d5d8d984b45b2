import { CODEGREP_FORMAT, type ConversationFormat } from '../core/conversationFormat';

/**
 * The profiles a `reset` may ask for (`profile`). Each is a ConversationFormat: the same tools
 * and Locator underneath, a different way of putting the run to the model. Ours is the default.
 */
const FORMATS: ReadonlyMap<string, ConversationFormat> = new Map([[CODEGREP_FORMAT.name, CODEGREP_FORMAT]]);

/** Names a reset may give. */
export const FORMAT_NAMES: readonly string[] = [...FORMATS.keys()];

/** The format for a profile name (case-insensitive; none means ours), or undefined when unknown. */
export function findFormat(name: string | undefined): ConversationFormat | undefined {
  if (name === undefined || name.trim() === '') return CODEGREP_FORMAT;
  return FORMATS.get(name.trim().toLowerCase());
}
