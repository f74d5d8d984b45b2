import type { LineRange } from '../../common/result';
import { isCheckCode } from './checkCodes';
import { isCliOption } from './cliOptions';
import type { Clue, ClueSource } from './clues';
import type { ClueHit } from './evidence';
import type { WordLine } from './leaderCheck';
import { languageName, localeOfFile } from './locales';
import { bodyNamedFile, fileStem, issueKind, joinedName, namedByTitle, titlePathWords, type ScoreContext, type ScoredFile } from './score';

const WHERE: Record<ClueSource, string> = {
  title: 'named in the issue title',
  trace: 'in the stack trace',
  body: 'named in the issue',
  code: "used in the issue's code",
};

/** What a file's message hit says: a check it makes, an option it names, a message it prints, or a shorter form of one. */
function messageReason(clue: Clue): string {
  if (isCheckCode(clue.text)) return `makes the check \`${clue.text}\` (${WHERE[clue.source]})`;
  if (isCliOption(clue.text)) return `names the option \`${clue.text}\` (${WHERE[clue.source]})`;
  return `contains ${clue.shortened ? 'a shorter form of ' : ''}the error message "${clip(clue.text)}"`;
}

/** Lines shown after a definition, so the range covers the start of its body. */
const DEFINITION_SPAN = 20;
const MAX_RANGES = 4;

/** The kinds of evidence a reason can name; the learned ranker weighs each (features.ts, FEATURE_GROUPS). */
export type EvidenceGroup = 'path' | 'module' | 'message' | 'definition' | 'title-name' | 'title-code-name' | 'body-name' | 'defined-words' | 'import' | 'mention' | 'words';

/** What the leader check found of a file beyond its evidence; only the learned ranker weighs it. */
export interface CheckFindings {
  /** The file's definition named with the title's words. */
  definedName?: string;
  /** The first file, when this one imports it or is imported by it. */
  importedWith?: string;
  /** A C or C++ header this file was put above, and the issue's name it only declares and this file implements. */
  declaredBy?: { header: string; name: string };
  /** The C++ header or inline part this file is the other half of, added because the issue asks for a feature. */
  halfOf?: string;
  /** Evidence the model does not weigh on this file (RankerModel.setAside), so the reason does not give it. */
  unweighed?: ReadonlySet<EvidenceGroup>;
}

/**
 * The title's words that name a file, as the title has them: two adjacent words for a name that joins them
 * (`man page` for `manpage.py`), else the name itself.
 */
function titlePhrase(name: string, titleWords: string[]): string {
  if (titleWords.includes(name)) return name;
  for (let i = 0; i + 1 < titleWords.length; i++) {
    if (`${titleWords[i]}${titleWords[i + 1]}` === joinedName(name)) return `${titleWords[i]} ${titleWords[i + 1]}`;
  }
  return name;
}

/**
 * A one-line, human reason built from the strongest evidence of a file: the two parts that contributed most
 * to its rank (`weights`: each group's share of the learned model's log-odds), else in a fixed order.
 * `found` is what the leader check found of the file (a definition named with the title's words, an import tie).
 */
export function reasonFor(file: ScoredFile, title: Pick<ScoreContext, 'titleWords' | 'titleCompounds' | 'titleCodeNames' | 'titleLocales' | 'localeTables' | 'bodyCompounds'> & Partial<Pick<ScoreContext, 'exported'>>, weights?: Map<EvidenceGroup, number>, found: CheckFindings = {}): string {
  const { definedName, importedWith, declaredBy, halfOf } = found;
  const e = file.evidence;
  const parts: { group: EvidenceGroup; text: string }[] = [];
  const add = (group: EvidenceGroup, text: string) => {
    if (!found.unweighed?.has(group)) parts.push({ group, text });
  };
  for (const clue of strongestFirst(e.pathMatches)) add('path', `path \`${clue.text}\` is ${WHERE[clue.source]}`);
  for (const clue of strongestFirst(e.moduleMatches)) {
    // A deep import names the module by the package's own path (`dayjs/plugin/utc`), not a dotted one.
    add('module', clue.package ? `\`${clue.package}/${clue.text}\`, which the issue imports, resolves here` : `the module \`${clue.text.replace(/\//g, '.')}\` ${WHERE[clue.source]}`);
  }
  const messages = strongestHits(e.messages);
  if (messages[0]) add('message', messageReason(messages[0].clue));
  const defs = strongestHits(e.definitions).slice(0, 3);
  const [firstDef, ...otherDefs] = defs;
  if (firstDef) add('definition', `defines \`${firstDef.clue.text}\` (${WHERE[firstDef.clue.source]})${otherDefs.length ? ` and ${names(otherDefs)}` : ''}`);
  const stem = fileStem(file.path);
  if (namedByTitle(file.path, title)) {
    const locale = localeOfFile(file.path, title.titleLocales);
    const text = locale ? `the ${languageName(locale)} locale, which the issue title names` : `named after "${titlePhrase(stem, title.titleWords)}" in the issue title`;
    // Written as code in the title (`L027`), the name is weighed on a Python file too, where a plain word is not.
    add(!locale && title.titleCodeNames?.includes(joinedName(stem)) ? 'title-code-name' : 'title-name', text);
  }
  const bodyName = bodyNamedFile(file.path, title);
  if (bodyName) add('body-name', `named after "${bodyName}" in the issue`);
  // Only the learned ranker weighs it, so only its answers name it; a name the issue spelled is said above.
  if (definedName && weights && !e.definitions.has(definedName)) add('defined-words', `defines \`${definedName}\`, named with the title's words`);
  if (importedWith && weights) add('import', `imports or is imported by \`${importedWith}\``);
  const mentions = strongestHits(e.mentions).slice(0, 3);
  if (mentions.length > 0) add('mention', `uses ${names(mentions)}`);
  if (file.sharedWords?.length) add('words', `shares the issue's words ${file.sharedWords.map((w) => `"${w}"`).join(', ')}`);
  // Stable: equal weights (or none) keep the fixed order above. Shared words come last whatever their weight:
  // "shares the words must, positive" explains less to a reader than any named path, definition or message.
  // A name the title writes as code is weighed by both title-name features (on a Python file the plain one adds 0).
  const weightOf = (group: EvidenceGroup) => (weights?.get(group) ?? 0) + (group === 'title-code-name' ? (weights?.get('title-name') ?? 0) : 0);
  const rank = (p: { group: EvidenceGroup }) => (p.group === 'words' ? -Infinity : weightOf(p.group));
  if (weights) parts.sort((a, b) => rank(b) - rank(a));
  // Said first: it is why this file leads the header the model put first (headerSource.ts).
  const leading = declaredBy ? [`gives \`${declaredBy.name}\` its body, which \`${declaredBy.header}\` only declares`] : [];
  // Said first: it is why the file is in the answer at all (companions.ts).
  if (halfOf) leading.push(`the other half of \`${halfOf}\` (declarations and inline bodies): a new member needs both`);
  const rest = declaredBy ? parts.filter((p) => p.group !== 'definition' && p.group !== 'mention') : parts;
  const shown = [...leading, ...rest.map((p) => p.text)].slice(0, 2);
  const words = titlePathWords(file.path, title.titleWords);
  if (shown.length === 0 && words.length > 0) shown.push(`file name matches the title (${words.map((w) => `"${w}"`).join(', ')})`);
  if (shown.length === 0) shown.push('closest match to the issue text');
  if (file.namedPackage) shown.push(`in \`${file.namedPackage}\`, a package the issue names`);
  const kind = issueKind(file.path, title);
  const note = kind === 'source' ? '' : ` (${kind} file)`;
  return capitalize(shown.join('; ')) + note;
}

/** How much a line of each kind of evidence says about where the fix goes (the range order, best first). */
const RANGE_STRENGTH = { definition: 1, message: 1.2, mention: 0.3 } as const;
/**
 * Lines of the issue's rare words (the leader check's hits) weigh twice the evidence's own strength, and each
 * such line also proposes the lines around it. Chosen on the training set's fixes (docs/benchmarks.md, "Line
 * ranges"): the fix sits a median 62 lines below the definition of the symbol the issue names, usually where
 * the issue's other words are, so a definition's first lines alone missed it.
 */
const RANGE_WORD_WEIGHT = 2;
const WORD_WINDOW = 6;

/**
 * Line ranges where a file's evidence sits, best first (the panel opens the first): definitions with the
 * start of their body, quoted messages with their context, else mentions as single lines; and the lines
 * around each line holding the issue's rare words, and the first lines of each definition named with the title's
 * words (`definedLines`). A range ranks by its evidence's strength plus the rare words it holds, each relative to
 * the file's best.
 */
export function rangesFor(file: ScoredFile, wordLines: readonly WordLine[] = [], definedLines: readonly number[] = []): LineRange[] {
  const e = file.evidence;
  const found: { range: LineRange; strength: number }[] = [];
  for (const hit of strongestHits(e.definitions)) {
    for (const line of hit.lines) found.push({ range: [line, line + DEFINITION_SPAN], strength: hit.clue.weight * RANGE_STRENGTH.definition });
  }
  for (const hit of strongestHits(e.messages)) {
    for (const line of hit.lines) found.push({ range: [Math.max(1, line - 3), line + 3], strength: hit.clue.weight * RANGE_STRENGTH.message });
  }
  if (found.length === 0) {
    for (const hit of strongestHits(e.mentions).slice(0, 3)) {
      for (const line of hit.lines.slice(0, 2)) found.push({ range: [line, line], strength: hit.clue.weight * RANGE_STRENGTH.mention });
    }
  }
  // A definition named with the title's words (definitionWords.ts) proposes its first lines; like the word windows it
  // has no strength of its own and ranks by the rare words it holds (chosen on the training set, docs/benchmarks.md).
  for (const line of definedLines) found.push({ range: [line, line + DEFINITION_SPAN], strength: 0 });
  for (const { line } of wordLines) found.push({ range: [Math.max(1, line - WORD_WINDOW), line + WORD_WINDOW], strength: 0 });
  const words = wordWeightBetween(wordLines);
  const bestStrength = Math.max(0, ...found.map((f) => f.strength));
  const bestWords = Math.max(0, ...found.map((f) => words(f.range)));
  const ranked = found.map((f) => ({
    range: f.range,
    score: (bestStrength > 0 ? f.strength / bestStrength : 0) + (bestWords > 0 ? (RANGE_WORD_WEIGHT * words(f.range)) / bestWords : 0),
  }));
  // Stable sort: equal scores keep the order the evidence was found in.
  ranked.sort((a, b) => b.score - a.score);
  const ranges: LineRange[] = [];
  for (const { range } of ranked) {
    if (ranges.some(([a, b]) => range[0] >= a && range[0] <= b)) continue; // starts inside a range already listed
    ranges.push(range);
    if (ranges.length === MAX_RANGES) break;
  }
  return ranges;
}

/** The summed weight of the word lines within a range, by binary search over prefix sums (a file may have thousands). */
function wordWeightBetween(wordLines: readonly WordLine[]): (range: LineRange) => number {
  const sorted = [...wordLines].sort((a, b) => a.line - b.line);
  const prefix = [0];
  for (const w of sorted) prefix.push(prefix[prefix.length - 1]! + w.weight);
  const firstAtOrAfter = (line: number) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (sorted[mid]!.line < line) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  return ([start, end]) => prefix[firstAtOrAfter(end + 1)]! - prefix[firstAtOrAfter(start)]!;
}

function strongestFirst(clues: Clue[]): Clue[] {
  return [...clues].sort((a, b) => b.weight - a.weight || a.text.localeCompare(b.text));
}

function strongestHits(map: Map<string, ClueHit>): ClueHit[] {
  return [...map.values()].sort((a, b) => b.clue.weight - a.clue.weight || a.clue.text.localeCompare(b.clue.text));
}

function names(hits: ClueHit[]): string {
  return hits.map((h) => `\`${h.clue.text}\``).join(', ');
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
