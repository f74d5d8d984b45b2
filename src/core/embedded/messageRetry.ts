import type { Clue } from './clues';
import { escapeRegex } from './definitions';

/**
 * A second look for an error message that turn 1 found nowhere. Reporters paste what the program printed,
 * and the printed text has the value in it where the source has a placeholder: Sphinx prints "WARNING: no
 * number is assigned for table" from `__('no number is assigned for %s: %s')`, SymPy "expected a valid
 * domain specification, got RR" from `'... got %s'`. Quotes, numbers and `{…}` are already cut when the
 * message is mined (clues.ts, longestLiteralRun); what is left is a bare word at either end, or a log
 * level the program added. So the retry looks for the message without its level, its first word, its last
 * word, or both when a value stood at each end (axios's "baseUrl is likely a misspelling of baseURL" from
 * `${opt} is likely a misspelling of ${correctSpelling}`), each still long enough to be specific.
 */

/** A log level or exception name a program puts before its message (`WARNING:`, `ValueError:`). */
const LEVEL_PREFIX = /^(?:[A-Z]\w*(?:Error|Exception|Warning)|WARNING|WARN|ERROR|INFO|DEBUG|CRITICAL|FATAL|Warning|Error|Fatal|warning|error)\s*:\s*/;

/**
 * Shortened forms need this many words and characters: "is out of bounds" is in too many programs. A form
 * that ends in a colon needs one word fewer.
 */
const MIN_WORDS = 4;
const MIN_CHARS = 18;

/** Weight of a shortened form, against the message's own: a part of a message is weaker evidence than all of it. */
export const RETRY_WEIGHT_FACTOR = 0.7;

/** The forms of `message` worth searching when it was not found as written, most specific first. */
export function messageRetryForms(message: string): string[] {
  const stripped = message.replace(LEVEL_PREFIX, '').trim();
  const words = stripped.split(/\s+/).filter(Boolean);
  const forms: string[] = [];
  if (stripped !== message && words.length >= 3) forms.push(words.join(' '));
  forms.push(...sentenceForms(stripped));
  for (const form of [words.slice(0, -1), words.slice(1), words.slice(1, -1)]) {
    const text = form.join(' ');
    // A form ending in the colon before the printed value ("Unexpected data type:" of `Unexpected data type:
    // ${typeof value}`) keeps the colon in the pattern, which makes it specific with one word fewer.
    const minWords = text.endsWith(':') ? MIN_WORDS - 1 : MIN_WORDS;
    if (form.length >= minWords && text.length >= MIN_CHARS && !forms.includes(text)) forms.push(text);
  }
  return forms;
}

/**
 * The sentences of a message of two or more (split after `.`, `!`, `?` or `:`), each long enough to be specific.
 * A long message is written in source as one string per sentence or per line (pytest's "Using pytest.skip outside
 * of a test is not allowed. " "To decorate a test function, …"), and a wrapped error prints its context before a
 * colon (Go's `fmt.Errorf("adapting config: %w", err)`), so the whole text is in no line of the source.
 */
function sentenceForms(message: string): string[] {
  const sentences = message.split(/(?<=[.!?:])\s+/).map((sentence) => sentence.replace(/[.!?:]+$/, ''));
  if (sentences.length < 2) return [];
  return sentences.filter((sentence) => sentence.split(/\s+/).length >= MIN_WORDS && sentence.length >= MIN_CHARS);
}

/** One case-insensitive pattern for every form (words apart by any whitespace), or undefined when there is none. */
export function messageRetryPattern(forms: string[]): string | undefined {
  if (forms.length === 0) return undefined;
  return forms.map((form) => form.split(' ').map(escapeRegex).join('\\s+')).join('|');
}

/** The clue a retry's hits are evidence of: the message, weighed as a part of it. */
export function retryClue(message: Clue): Clue {
  return { ...message, weight: message.weight * RETRY_WEIGHT_FACTOR, shortened: true };
}
