/** What replaces a secret in anything we log. */
export const REDACTED = '[REDACTED]';

/** Header names whose values are credentials (compared case-insensitively). */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'api-key', 'x-api-key', 'cookie', 'set-cookie', 'openai-organization']);

/** Credential shapes worth hiding even when we were not told the exact value, with how to hide each. */
const SECRET_PATTERNS: [RegExp, string][] = [
  [/\b(Bearer|Basic|token)\s+[A-Za-z0-9._~+/=-]{8,}/gi, `$1 ${REDACTED}`],
  [/\bsk-[A-Za-z0-9_-]{8,}/g, REDACTED],
  [/\bgh[pousr]_[A-Za-z0-9]{16,}/g, REDACTED],
  [/("(?:api[_-]?key|apiKey|authorization|password|token)"\s*:\s*")[^"]*(")/gi, `$1${REDACTED}$2`],
  // A URL's user and password (`http://bob:pass@host/v1`, an endpoint a user typed): only the host is shown.
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]+@/gi, `$1${REDACTED}@`],
];

/** Secrets this process was given (API key, GitHub token); every redactText call hides them. */
const knownSecrets = new Set<string>();

/**
 * Registers a secret value so that every later redactText hides it, wherever the text came from
 * (a server that echoes the Authorization header back in its error body, say).
 */
export function addKnownSecret(value: string | undefined): void {
  const secret = value?.trim();
  if (secret && secret.length >= 4 && secret !== 'EMPTY') knownSecrets.add(secret);
}

/** Copies a header record with credential values replaced, so a request can be logged whole. */
export function redactHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
  return out;
}

/**
 * Hides known secret values (those given, and those registered with addKnownSecret) and common
 * credential shapes in free text; the last line of defence before text reaches a log, a report,
 * the run history or another process.
 */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = hideKnownSecrets(text, secrets);
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/**
 * Hides the exact secret values only (those given, and those registered), not the shapes redactText also hides: for
 * a model's own text that is kept and shown (an answer's reasons, a tool call's arguments), where "token expiration"
 * is words, but a key a server echoed into the reply is still a key.
 */
export function hideKnownSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  // Longest first, so a secret that contains another is hidden whole.
  for (const secret of [...secrets, ...knownSecrets].filter((s) => s.length >= 4).sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join(REDACTED);
  }
  return out;
}
