/**
 * Diagnostic codes: a linter's or a framework's check identifiers (`models.E028`, `admin.E108`, pylint's
 * `W0511`, ruff's `PIE800`, `TS2345`). A reporter quotes the code the tool printed, and the project writes it
 * once where the check is made (`id='models.E028'`, `"W0511": (...)`), beside its tests and its docs: a handful
 * of files, where the words of the message around it are in many.
 */

/** A code: 1–4 capitals and 3–5 digits, optionally after a lower-case namespace (`models.`). */
const CODE_SHAPE = /(?:[a-z_]+\.)?[A-Z]{1,4}\d{3,5}/;
const CODE_IN_TEXT = new RegExp(`(?<![\\w.#/@:-])${CODE_SHAPE.source}(?![\\w-])`, 'g');
const WHOLE_CODE = new RegExp(`^${CODE_SHAPE.source}$`);

/**
 * Shapes that name standards, encodings, hashes, line anchors, hardware or updates rather than a check: `ISO8601`,
 * `SHA256`, `L150`, JavaScript's `ES2015`, codecs (`H264`), GPUs (`A100`, `RTX4090`), Windows' `KB5005565`.
 */
const NOT_CODES = /^(?:UTF|UCS|ISO|IEC|IEEE|RFC|CVE|CWE|PEP|JSR|SHA|MD|AES|DES|RSA|ECDSA|HTTP|TLS|SSL|PR|GH|MR|BUG|ABC|ASCII|CP|WIN|X|L|V|Q|ES|ECMA|RTX|GTX|DDR|USB|KB|HEVC)\d|^H26\d$|^[ABH]\d00$/;

/** The distinct codes of `text`, in order; a bare code is dropped when the text also has it with its namespace. */
export function checkCodes(text: string): string[] {
  const found = [...new Set([...text.matchAll(CODE_IN_TEXT)].map((m) => m[0]))].filter((code) => !NOT_CODES.test(code.slice(code.lastIndexOf('.') + 1)));
  return found.filter((code) => code.includes('.') || !found.some((other) => other.endsWith(`.${code}`)));
}

/** True for a clue text that is a code, searched as a whole word and with its case. */
export function isCheckCode(text: string): boolean {
  return WHOLE_CODE.test(text);
}
