/**
 * Locales an issue names by their language ("Bosnian locale: relative time is still English"), and the files
 * that hold them. Projects name a locale's file by its language code (`locale/bs.js`, `i18n/pt-BR.json`,
 * `lang/zh_TW.ts`), never by the language's English name, so no title word names the file. The names come from
 * ICU (`Intl.DisplayNames`), which Node ships; no table of our own.
 */

/** Words that make a language name in a title mean a locale of the project, not prose ("still English"). */
const LOCALE_WORD = /^(?:locales?|translations?|localization|localisation|i18n|l10n|language)$/i;

/** A title's leading label of one or two capitalised words: `Slovenian:`, `[Norwegian Bokmål]`. */
const LANGUAGE_LABEL = /^\s*(?:\[(\p{Lu}\p{L}+(?: \p{Lu}\p{L}+)?)\]|(\p{Lu}\p{L}+(?: \p{Lu}\p{L}+)?):)/u;

/** A word of a language's name: capitalised ("Norwegian Bokmål"). */
const NAME_WORD = /^[A-Z][\p{L}]+$/u;

let codesByName: Map<string, string> | undefined;

/**
 * English language names, lower-case, to their two-letter ISO 639-1 codes (`bosnian` → `bs`); empty on a Node
 * built without ICU, where no locale is recognised rather than the locate failing.
 */
function languageCodes(): Map<string, string> {
  if (codesByName) return codesByName;
  codesByName = new Map();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  try {
    const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    for (const a of letters) {
      for (const b of letters) {
        const name = names.of(a + b)?.toLowerCase();
        if (name && !codesByName.has(name)) codesByName.set(name, a + b);
      }
    }
  } catch {
    // No ICU: nothing to recognise.
  }
  return codesByName;
}

/** The English name of a language code (`bs` → `Bosnian`), for reasons. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The language codes of the locales a title names: a language name next to a locale word ("Bosnian locale",
 * "German translations", "locale: Hungarian"), a code with its region there ("zh-TW locale", "pt_BR
 * translation"), or both ("Hungarian (huHU) locale"), or a language as the title's label ("Slovenian: …"), in
 * title order, each once. A bare two-letter code is not enough: "is", "to" and "no" are codes too ("Date is locale
 * dependent").
 */
export function namedLocales(title: string): string[] {
  const words = title.split(/[^\p{L}\d_-]+/u).filter(Boolean);
  const codes: string[] = [];
  const add = (code: string | undefined) => {
    if (code && !codes.includes(code)) codes.push(code);
  };
  // A language as the title's label ("Slovenian: …", "[Polish] …") names the translation the issue is about.
  const label = LANGUAGE_LABEL.exec(title);
  if (label) add(languageNamed((label[1] ?? label[2])!.split(' ')));
  // The name ending at `end`, one or two words ("Norwegian Bokmål"), the longer first.
  const nameEndingAt = (end: number) => languageNamed(words.slice(Math.max(0, end - 1), end + 1)) ?? languageNamed(words.slice(end, end + 1));
  words.forEach((word, i) => {
    if (!LOCALE_WORD.test(word)) return;
    let before = i - 1;
    const beforeCode = regionalCode(words[before]);
    if (beforeCode) before--;
    add(beforeCode);
    add(nameEndingAt(before));
    const afterCode = regionalCode(words[i + 1]);
    add(afterCode);
    if (!afterCode) add(languageNamed(words.slice(i + 1, i + 3)) ?? languageNamed(words.slice(i + 1, i + 2)));
  });
  return codes;
}

/** The code of a language named by `parts` (capitalised words), if they name one. */
function languageNamed(parts: string[]): string | undefined {
  if (parts.length === 0 || !parts.every((w) => NAME_WORD.test(w))) return undefined;
  return languageCodes().get(parts.join(' ').toLowerCase());
}

/** The language of a code written with its region (`zh-TW`, `pt_BR`, `huHU`), when the language is one. */
function regionalCode(word: string | undefined): string | undefined {
  const match = word ? /^([a-z]{2})(?:[-_][A-Za-z]{2,4}|[A-Z]{2})$/.exec(word) : null;
  const code = match?.[1];
  return code && [...languageCodes().values()].includes(code) ? code : undefined;
}

/**
 * The code of the named locale a file holds, by its name (`bs.js`, `pt-BR.json`, `zh_TW.ts`, `sr-cyrl.js`, MUI
 * X's `huHU.ts`, or date-fns's `hu/index.js`), if any.
 */
export function localeOfFile(path: string, codes: string[]): string | undefined {
  if (codes.length === 0) return undefined;
  const parts = path.split('/');
  let name = parts[parts.length - 1]!.replace(/\.[^.]*$/, '');
  if (name === 'index' && parts.length > 1) name = parts[parts.length - 2]!;
  // A code with region or script parts after a separator, or a region in capitals right after it.
  const match = /^([a-z]{2})(?:[-_][a-z0-9]{2,8})*$/i.exec(name) ?? /^([a-z]{2})[A-Z]{2}$/.exec(name);
  const code = match?.[1]!.toLowerCase();
  return code && codes.includes(code) ? code : undefined;
}

/**
 * Glob alternatives for the files of named locales: `bs?([-_]*)` lists `bs.js` and `bs-Latn.json`, `huHU` MUI
 * X's `huHU.ts` (the glob is case-insensitive, so only the likely region is listed, not every `hu` + 2 letters).
 */
export function localeGlobNames(codes: string[]): string[] {
  return [...codes.map((code) => `${code}?([-_]*)`), ...localeIdentifiers(codes)];
}

/**
 * The name code gives a locale's table when one file holds them all: its code and likely region joined (`huHU`
 * for `hu`, as MUI exports them), the region from ICU's likely subtags.
 */
export function localeIdentifiers(codes: string[]): string[] {
  return codes.flatMap((code) => {
    const region = likelyRegion(code);
    return region ? [`${code}${region}`] : [];
  });
}

function likelyRegion(code: string): string | undefined {
  try {
    return new Intl.Locale(code).maximize().region;
  } catch {
    return undefined;
  }
}
