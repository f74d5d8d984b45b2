import { isRecord } from './toolSchemas';

/** Parsed tool-call arguments; `repaired` when the model's JSON needed fixing first. */
export type ParsedArguments = { value: Record<string, unknown>; repaired: boolean } | { error: string };

/**
 * Parses a model's tool-call arguments (a JSON string, or an object some servers send),
 * repairing trivially broken JSON: code fences, trailing commas, single quotes, unquoted keys,
 * Python literals, and missing closing quotes/braces (a reply cut off by max_tokens).
 */
export function parseToolArguments(raw: unknown): ParsedArguments {
  if (isRecord(raw)) return { value: raw, repaired: false };
  if (raw === undefined || raw === null) return { value: {}, repaired: false };
  if (typeof raw !== 'string') return { error: 'arguments are not a JSON object' };
  const text = raw.trim();
  if (text === '') return { value: {}, repaired: false };
  const strict = tryObject(text);
  if (strict) return { value: strict, repaired: false };
  const repaired = tryObject(repairJson(text));
  if (repaired) return { value: repaired, repaired: true };
  return { error: `arguments are not valid JSON: ${text.length > 120 ? `${text.slice(0, 120)}…` : text}` };
}

function tryObject(text: string): Record<string, unknown> | undefined {
  try {
    let value: unknown = JSON.parse(text);
    // Some models double-encode: "{\"pattern\": \"x\"}".
    if (typeof value === 'string') value = JSON.parse(value);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const PYTHON_LITERALS: Record<string, string> = { True: 'true', False: 'false', None: 'null' };

/** Best-effort rewrite of almost-JSON into JSON; the caller still validates with JSON.parse. */
export function repairJson(input: string): string {
  const text = input.replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '').trim();
  let out = '';
  const closers: string[] = [];
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === '\\') {
        const next = text[i + 1] ?? '';
        // \' is not a JSON escape; inside our re-quoted string it is just a quote.
        out += next === "'" ? "'" : ch + next;
        i++;
      } else if (ch === quote) {
        out += '"';
        quote = undefined;
      } else if (ch === '"') {
        out += '\\"';
      } else if (ch === '\n') {
        out += '\\n';
      } else {
        out += ch;
      }
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      out += '"';
    } else if (ch === '{' || ch === '[') {
      closers.push(ch === '{' ? '}' : ']');
      out += ch;
    } else if (ch === '}' || ch === ']') {
      out = out.replace(/,\s*$/, '');
      if (closers[closers.length - 1] === ch) closers.pop();
      out += ch;
    } else if (/[A-Za-z_]/.test(ch)) {
      const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i))?.[0] ?? ch;
      i += word.length - 1;
      const isKey = /^\s*:/.test(text.slice(i + 1));
      out += isKey ? `"${word}"` : (PYTHON_LITERALS[word] ?? word);
    } else {
      out += ch;
    }
  }
  if (quote) out += '"';
  out = out.replace(/,\s*$/, '');
  while (closers.length) out += closers.pop();
  return out;
}
