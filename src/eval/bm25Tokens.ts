/** Code-aware tokens for the BM25 baseline: identifiers whole, plus their camelCase / snake_case parts. */

const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/g;
const PART = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;

/** Words too common in issues and comments to say anything about a file. */
const STOPWORDS = new Set(
  'a an and are as at be but by do does for from has have if in into is it its no not of on or so such that the their then there these they this to was were will with i we you he she me my our your can could would should this that which what when where who why how all any also just than too very been being'.split(
    ' ',
  ),
);

/** Splits identifiers into tokens; memoised per identifier because code repeats them a lot. */
export class CodeTokenizer {
  private readonly cache = new Map<string, readonly string[]>();

  /** Calls `emit` once per token of `text`, in order. */
  forEach(text: string, emit: (token: string) => void): void {
    for (const match of text.matchAll(IDENTIFIER)) {
      for (const token of this.tokensOf(match[0])) emit(token);
    }
  }

  /** Term counts of `text` (used for the query). */
  counts(text: string): Map<string, number> {
    const counts = new Map<string, number>();
    this.forEach(text, (token) => counts.set(token, (counts.get(token) ?? 0) + 1));
    return counts;
  }

  private tokensOf(identifier: string): readonly string[] {
    let tokens = this.cache.get(identifier);
    if (tokens === undefined) {
      tokens = splitIdentifier(identifier);
      if (this.cache.size < 500_000) this.cache.set(identifier, tokens);
    }
    return tokens;
  }
}

/** `parseHTTPResponse_v2` → `parsehttpresponse_v2`, `parse`, `http`, `response` (stopwords, numbers and 1-letter parts dropped). */
export function splitIdentifier(identifier: string): string[] {
  const whole = identifier.toLowerCase().replace(/^[_$]+|[_$]+$/g, '');
  const out: string[] = [];
  if (whole.length >= 2 && !STOPWORDS.has(whole)) out.push(whole);
  const parts = identifier.match(PART) ?? [];
  if (parts.length > 1) {
    for (const part of parts) {
      const lower = part.toLowerCase();
      if (lower.length >= 2 && !/^[0-9]+$/.test(lower) && !STOPWORDS.has(lower) && lower !== whole) out.push(lower);
    }
  }
  return out;
}
