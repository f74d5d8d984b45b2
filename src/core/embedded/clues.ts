import type { Issue } from '../../common/issue';
import { checkCodes } from './checkCodes';
import { cliOptions } from './cliOptions';
import { CLUE_WEIGHTS, joinedName } from './score';
import { withoutAddresses } from './addresses';
import { boundIssue } from './issueBounds';
import { localeIdentifiers, namedLocales } from './locales';
import { MAX_PACKAGES, packageNames, packageSubpaths } from './packages';
import { KEBAB_RE, isComponentLabel, kebabSpellings, splitTitleLabels } from './spellings';
import { framesByPath } from './bundleFrames';
import { addedName } from './featureRequest';
import { namedFramePaths, type FrameRecord } from './namedFrames';
import { EXCEPTION_NAME_END, cleanPath, installedNpmPackage, installedPackagePath, isRuntimePath, panicMessages, traceExceptions, traceFrames, tracePathSuffix, withoutFileLinks, withoutFrameLines } from './traces';

/** What kind of evidence a clue is; each kind is searched differently. */
export type ClueKind = 'path' | 'module' | 'symbol' | 'message';

/** Where in the issue a clue was seen; the title says most about the fix. */
export type ClueSource = 'title' | 'body' | 'code' | 'trace';

/** One piece of evidence mined from the issue text. */
export interface Clue {
  kind: ClueKind;
  /** path: a relative path suffix; module: a path suffix without extension; symbol: an identifier; message: literal text. */
  text: string;
  source: ClueSource;
  /** Evidence weight, larger is stronger (CLUE_WEIGHTS in score.ts). */
  weight: number;
  /** Position of the frame in a stack trace, 0 = innermost (deepest) frame; traces only. */
  depth?: number;
  /**
   * For a module inside an npm package, from a deep import (`dayjs/plugin/utc`): the package, whose folder in
   * the workspace the module must be found in (packages.ts). For a path, every frame or quote of which is inside
   * one installed npm package (`node_modules/@discordjs/rest/dist/index.js` is `dist/index.js` of
   * `@discordjs/rest`): that package, which may be a dependency and not the workspace's own.
   */
  package?: string;
  /** For a message: found only in a shorter form (without its log level, first or last word: messageRetry.ts). */
  shortened?: boolean;
}

/** Clues mined from an issue, strongest first, plus the names the issue's own code defines. */
export interface IssueEvidence {
  clues: Clue[];
  /** Lower-case words of the title, for matching path names when identifiers are scarce. */
  titleWords: string[];
  /**
   * Two adjacent title words written as one name (`manpage` for "man page", `datepicker` for "date picker"): a file
   * so named is named by the title as much as `sqlmigrate.py` is by "sqlmigrate".
   */
  titleCompounds: string[];
  /** Codes of the locales the title names by language (`bs` for "Bosnian locale: …"; locales.ts). */
  titleLocales: string[];
  /**
   * The title's words written as code (`L027`, `ELF`, `ModelChain`, `update_work`), lower-case and joined as
   * joinedName joins a file's name: a file they name is named more surely than by a plain word ("better reports").
   */
  titleCodeNames: string[];
  /** Path clues of the traceback frames whose function the title names (namedFrames.ts). */
  namedFrames: string[];
  /** Path clues of frames that ran two or more functions there, with those functions (bundleFrames.ts). */
  framesByPath: Map<string, string[]>;
  /**
   * Two adjacent words of the body's prose, lower-case and apart by a space (`boolean attribute` for "isn't treated
   * as a boolean attribute"): a file named by them (`boolean_attributes.js`) may be what the reporter describes.
   * Weaker than the title's names.
   */
  bodyCompounds: string[];
  /** Lower-case words of the body's prose, matched against path names with a smaller weight. */
  bodyWords: string[];
  /** True when the issue is about tests, docs or examples, which are otherwise demoted. */
  mentionsTests: boolean;
  mentionsDocs: boolean;
  /** The issue is about the TypeScript typings (`TS: …`, "typings", a `.d.ts`, a compiler code such as TS2339). */
  mentionsTypings: boolean;
  /** The title is about building or installing (CMake, pkg-config, Meson, a Makefile): build files may be the fix. */
  mentionsBuild: boolean;
  /** For names used as `qualifier.name` in the issue, the lower-case qualifiers (`models` for `models.FilePathField`). */
  qualifiers: Map<string, string[]>;
  /** npm packages the issue names (`@babel/parser`, `from 'vue'`), for a monorepo's package folders. */
  packages: string[];
}

const SOURCE_ORDER: ClueSource[] = ['title', 'trace', 'body', 'code'];

const FILE_EXTENSIONS =
  'py|pyx|pyi|js|jsx|mjs|cjs|ts|tsx|mts|cts|go|rs|java|kt|scala|c|cc|cpp|cxx|h|hh|hpp|hxx|ipp|cs|rb|php|swift|m|mm|lua|sh|toml|yaml|yml|json|cfg|ini|md|rst|txt|html|css|scss|vue|svelte|proto|sql|gradle|xml';
const EXTENSION_SET = new Set(FILE_EXTENSIONS.split('|'));
const PATH_RE = new RegExp(`(?:[A-Za-z0-9_.@~-]+/)*[A-Za-z0-9_.@-]*[A-Za-z0-9_-]\\.(?:${FILE_EXTENSIONS})(?![A-Za-z0-9_])`, 'g');
const GITHUB_BLOB_RE = /github\.com\/[^/\s]+\/[^/\s]+\/(?:blob|tree)\/[^/\s]+\/([^\s#?)\]]+)/g;
const MODULE_RE = /(?<![\w.])[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*){2,}(?![\w(])/g;
/**
 * `pydicom.valuerep.DS`, `pvlib.tracking.SingleAxisTracker`: a class named by its package and module. MODULE_RE
 * wants three lower-case parts, as `a.b` alone is as often an object's attribute; a capitalised member after two
 * says the two are the class's module, as `from pydicom.valuerep import DS` does.
 */
const CLASS_HOME_RE = /(?<![\w.])([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)\.([A-Z]\w*)(?![\w$])/g;
/** Receivers and runtime globals (`process.env.HOME`), not packages. */
const CLASS_HOME_SKIP = new Set(['self', 'cls', 'this', 'super', 'process', 'window', 'document', 'globalThis']);
const IMPORT_RE = /^[^\S\n]*(?:from\s+([\w.]+)\s+import\s+([\w, ()]+)|import\s+([\w.]+))/gm;
const DOTTED_RE = /(?<![\w.])[A-Za-z_][A-Za-z0-9_]*(?:(?:\.|::|->|#)[A-Za-z_][A-Za-z0-9_]*)+/g;
const IDENT_RE = /(?<![\w$])[A-Za-z_$][A-Za-z0-9_$]*(?![\w$])/g;
const BACKTICK_RE = /`([^`\n]{1,200})`/g;
const FENCE_RE = /```[^\n]*\n([\s\S]*?)(?:```|$)/g;
const MAX_KEBAB_TERMS = 3;
const QUOTED_RE = /(?:^|[\s(:])(["'“‘])([^"'“”‘’\n]{12,160})(?:["'”’])/g;
/** An IPython prompt at the start of a line, the indentation before it kept. */
const IPYTHON_PROMPT = /^([ \t]*)(?:In|Out)[ \t]?\[\d*\]:/gm;
/** A Markdown quote's line (`> text`), not a Python prompt (`>>>`); at most 300 characters, a message's length. */
const BLOCKQUOTE_RE = /^[ \t]*>[ \t]?(?!>)([^\n]{12,300})$/gm;

/** English words of four letters or more that carry grammar, not meaning: prepositions, conjunctions, auxiliaries, pronouns. */
const FUNCTION_WORDS = new Set(
  (
    'about above across after against along although among around because before behind below beneath beside besides ' +
    'between beyond cannot could does doing done during each either even ever every except from have having hence into ' +
    'itself just like many might more most much must near neither never none once only onto other others ought over past ' +
    'same should since some such than that their theirs them then there therefore these they this those though through ' +
    'throughout thus till toward towards under unless unlike until upon very were what whatever when whenever where ' +
    'whereas wherever whether which while whom whose will with within without would your yours also been being still'
  ).split(/\s+/),
);

/** Words too common in code or prose to say anything about where a fix goes. */
const STOP_IDENTIFIERS = new Set(
  (
    'self cls this super None True False null nil true false undefined NaN Infinity none ' +
    'print len str int float bool dict list tuple set type object range open input format repr isinstance getattr setattr hasattr ' +
    'import from return def class func fn function const let var new delete if else elif for while in is not and or try except ' +
    'finally raise with as pass break continue yield async await lambda global static public private protected void ' +
    'string number boolean any unknown Object Array String Number Boolean Error Exception Promise Map Set Date JSON Math console ' +
    'main test tests example examples demo foo bar baz qux spam eggs args kwargs argv param params value values key keys item items ' +
    'data result results name names id obj x y z a b c d e f g h i j k l m n o p q r s t u v w os sys re np pd plt df arr err ' +
    'exports module ctx req res resp fmt log Println Printf Sprintf errors ok Ok Err Some Vec Box Rc Arc Option Result unwrap expect clone ' +
    'std cout endl cin vector auto size_t uint8_t int32_t int64_t uint32_t uint64_t char double long short unsigned struct enum ' +
    'impl trait pub mut use mod crate where match loop ref move dyn Self get set put post http https www com org html github ' +
    'TODO FIXME NOTE README http_proxy python python3 pip install version line lines file files path error warning debug info ' +
    'issue bug fix problem expected actual output traceback Traceback call stack most recent last module package code ' +
    'the The This That When What Why How And But However Also There Here Steps Describe Reproduce Expected Actual Additional ' +
    'Summary Description Environment Version Versions Python OS Linux Windows Ubuntu macOS ' +
    // Product and brand names that read as CamelCase but name no code.
    'GitHub GitLab JavaScript TypeScript PyPI YouTube LinkedIn StackOverflow WordPress PowerShell VSCode iPhone iOS ' +
    'NodeJS PyCharm IntelliJ DevTools MacOS OSX ' +
    // Built-in exception types: raised everywhere, defined nowhere useful.
    'BaseException ArithmeticError AssertionError AttributeError EOFError FileNotFoundError ImportError ModuleNotFoundError ' +
    'IndexError KeyError KeyboardInterrupt MemoryError NameError NotImplementedError OSError IOError OverflowError ' +
    'RecursionError ReferenceError RuntimeError StopIteration SyntaxError SystemError SystemExit TypeError UnboundLocalError ' +
    'UnicodeDecodeError UnicodeEncodeError UnicodeError ValueError ZeroDivisionError DeprecationWarning FutureWarning ' +
    'RuntimeWarning UserWarning Warning PermissionError TimeoutError ConnectionError RangeError NullPointerException ' +
    'IllegalArgumentException IllegalStateException RuntimeException IOException'
  ).split(/\s+/),
);

/** A diagnostic code outweighs a message: it is written once where the check is made (checkCodes.ts). */
const CODE_FACTOR = 1.5;

/** Mines an issue for file paths, module paths, stack frames, identifiers and error messages. */
export function mineIssue(raw: Issue): IssueEvidence {
  // Bounded, so one giant token or a 2 MB paste cannot make mining quadratic (see issueBounds.ts).
  const issue = boundIssue(raw).issue;
  const collector = new ClueCollector();
  const title = issue.title;
  // A frame VS Code's notebooks print as a link to the file is read as the kernel printed it (traces.ts).
  const body = withoutFileLinks([issue.body, ...(issue.comments ?? [])].filter(Boolean).join('\n\n'));
  // Frame lines were mined with their depth by mineTraces; mined again as text, every frame would weigh the same.
  const split = splitCode(withoutFrameLines(body));
  // IPython's prompts (`In [52]:`, `Out[52]:`) are the console's, not names: `Out` led SymPy issues' code clues.
  const prose = split.prose.replace(IPYTHON_PROMPT, '$1');
  const code = split.code.replace(IPYTHON_PROMPT, '$1');
  const bareProse = withoutAddresses(prose);

  const frames = mineTraces(body, collector);
  // A component library's titles name the component in a label (`[Autocomplete] Popup does not close`); the
  // words after the labels start the sentence, so their capital is not a name's.
  const { labels, rest: titleText } = splitTitleLabels(title);
  for (const label of labels) addLabel(label, collector);
  mineText(titleText, 'title', collector);
  mineText(prose, 'body', collector, bareProse);
  mineText(code, 'code', collector);
  // Diagnostic codes before long messages: the plan searches the strongest two messages.
  // A bare code (`E108`) is searched as the namespaced one (`admin.E108`) when the issue writes that anywhere.
  const everywhere = checkCodes(`${titleText}\n${prose}\n${code}`);
  for (const [text, source] of [[titleText, 'title'], [prose, 'body'], [code, 'code']] as const) {
    for (const found of checkCodes(text)) {
      const full = everywhere.find((c) => c.endsWith(`.${found}`)) ?? found;
      collector.add('message', full, source, CLUE_WEIGHTS.source[source] * CLUE_WEIGHTS.kind.message * CODE_FACTOR);
    }
    // A command-line option is searched where it is declared (cliOptions.ts), as literally as a message.
    for (const option of cliOptions(text)) collector.add('message', option, source, CLUE_WEIGHTS.source[source] * CLUE_WEIGHTS.kind.message);
  }
  // A deep import names a module inside a package (`dayjs/plugin/utc`); only that package's own folder can hold it.
  for (const { name, subpath } of packageSubpaths(`${title}\n${body}`)) {
    if (collector.has('module', subpath)) continue;
    collector.add('module', subpath, 'code', CLUE_WEIGHTS.source.code * CLUE_WEIGHTS.kind.module).package = name;
  }
  // Plain title words ("delete", "timeout") may name a function; weak clues, searched for definitions only.
  // English function words ("should", "after") name none, yet prose matches them as definitions
  // ("** this function should be invoked" in a vendored C header), so they are left out.
  for (const word of titleWords(title)) {
    if (word.length >= 4 && /^[a-z]+$/.test(word) && !FUNCTION_WORDS.has(word)) collector.addIfAbsent('symbol', word, 'title', CLUE_WEIGHTS.source.title * CLUE_WEIGHTS.titleWordFactor);
  }
  // A locale named by its language ("Hungarian locale") is also a name in code (`huHU`) where one file holds them all.
  for (const name of localeIdentifiers(namedLocales(title))) collector.addIfAbsent('symbol', name, 'title', CLUE_WEIGHTS.source.title * CLUE_WEIGHTS.shape.camel);
  // "Add get_response_async for ASGIStaticFilesHandler" asks for a name the fix writes: where that name is defined
  // today is another class's file, so it weighs as a plain title word. Not after "Allow" or "Support", whose object
  // is often the name the fix changes ("Allow FilePathField path to accept a callable").
  const added = addedName(title);
  if (added) collector.capWeight('symbol', added, CLUE_WEIGHTS.source.title * CLUE_WEIGHTS.titleWordFactor);
  const userDefined = namesDefinedIn(code);
  const clues = collector.result().filter((clue) => clue.kind !== 'symbol' || !userDefined.has(clue.text) || clue.source === 'title');

  const text = `${title}\n${body}`;
  return {
    clues,
    titleWords: titleWords(title),
    titleCompounds: titleCompounds(title),
    titleLocales: namedLocales(title),
    titleCodeNames: titleCodeNames(title),
    namedFrames: namedFramePaths(frames, title),
    framesByPath: framesByPath(frames),
    bodyCompounds: bodyCompounds(bareProse, titleCompounds(title)),
    bodyWords: titleWords(bareProse).filter((w) => !titleWords(title).includes(w)),
    mentionsTests: /\b(?:tests?|testing|pytest|unit ?test|test suite|fixtures?)\b/i.test(title),
    qualifiers: collector.qualifiers,
    // With the npm packages of the trace's installed frames: which of them the workspace declares decides whose
    // files those frames are (EvidenceBoard.resolveFramePaths).
    packages: [...new Set([...packageNames(text), ...collector.pathPackages()])].slice(0, MAX_PACKAGES),
    mentionsDocs: /\b(?:docs?|documentation|docstring|readme|typo|changelog)\b/i.test(title) || /\bdocstring\b/i.test(text),
    mentionsTypings: mentionsTypings(title, text),
    mentionsBuild: BUILD_TITLE.test(title),
  };
}

/**
 * A title about building or installing C and C++ code: its build system (CMake and its variables, Meson, a
 * Makefile, autotools, Bazel) or what installing leaves (a pkg-config `.pc` file).
 */
const BUILD_TITLE = /\b(?:cmake\w*|cmakelists|fetchcontent|add_subdirectory|find_package|pkg-?config|meson|makefiles?|make install|autotools|autoconf|automake|bazel)\b|\.pc\b/i;

/**
 * True when the issue is about a package's TypeScript typings: the title says so (`TS: …`, "TypeScript:",
 * "typings", "type definitions"), or the text names a `.d.ts` file or quotes a compiler code (`error TS2339`).
 * A body that only says which TypeScript version the reporter runs is not enough.
 */
function mentionsTypings(title: string, text: string): boolean {
  return /\b(?:TS|TypeScript)\b/.test(title) || /\b(?:typings?|type (?:definitions?|declarations?))\b/i.test(title) || /\.d\.[cm]?ts\b|\bTS\d{4}\b/.test(text);
}

/** Keeps the strongest occurrence of each clue (by kind and text). */
class ClueCollector {
  private readonly byKey = new Map<string, Clue>();
  private order = 0;
  private readonly firstSeen = new Map<string, number>();
  readonly qualifiers = new Map<string, string[]>();
  /** Path clues by the npm package each was quoted in, `null` once quoted outside it (notePackage). */
  private readonly packageOf = new Map<Clue, string | null>();

  has(kind: ClueKind, text: string): boolean {
    return this.byKey.has(`${kind}:${text}`);
  }

  addIfAbsent(kind: ClueKind, text: string, source: ClueSource, weight: number): void {
    if (!this.has(kind, text)) this.add(kind, text, source, weight);
  }

  addQualifier(name: string, qualifier: string): void {
    const list = this.qualifiers.get(name) ?? [];
    if (qualifier.length >= 2 && !list.includes(qualifier)) list.push(qualifier);
    this.qualifiers.set(name, list);
  }

  /** Adds a clue, or strengthens the one already seen; returns it. */
  add(kind: ClueKind, text: string, source: ClueSource, weight: number, depth?: number): Clue {
    const key = `${kind}:${text}`;
    const existing = this.byKey.get(key);
    if (!this.firstSeen.has(key)) this.firstSeen.set(key, this.order++);
    if (existing) {
      // Seen again: a name repeated across the issue is a stronger lead.
      // A repeat in an outer traceback frame says little (every request passes through the same handlers).
      const bonus = CLUE_WEIGHTS.repeatBonus * (depth === undefined ? 1 : Math.pow(CLUE_WEIGHTS.traceDepthDecay, depth));
      existing.weight = Math.max(existing.weight, weight) + bonus;
      if (SOURCE_ORDER.indexOf(source) < SOURCE_ORDER.indexOf(existing.source)) existing.source = source;
      if (depth !== undefined && (existing.depth === undefined || depth < existing.depth)) existing.depth = depth;
      return existing;
    }
    const clue: Clue = { kind, text, source, weight };
    if (depth !== undefined) clue.depth = depth;
    this.byKey.set(key, clue);
    return clue;
  }

  /** Lowers a clue's weight to at most `weight`, where the issue's grammar says the name is weaker than its shape. */
  capWeight(kind: ClueKind, text: string, weight: number): void {
    const clue = this.byKey.get(`${kind}:${text}`);
    if (clue) clue.weight = Math.min(clue.weight, weight);
  }

  /** Notes the npm package a path clue was quoted in (undefined: none); a path quoted in two places keeps no package. */
  notePackage(clue: Clue, npmPackage: string | undefined): void {
    const seen = this.packageOf.get(clue);
    this.packageOf.set(clue, seen === undefined ? (npmPackage ?? null) : seen === npmPackage ? seen : null);
  }

  /** The npm packages path clues were quoted in, first seen first. */
  pathPackages(): string[] {
    return [...new Set([...this.packageOf.values()].filter((name): name is string => name !== null))];
  }

  result(): Clue[] {
    for (const [clue, npmPackage] of this.packageOf) if (npmPackage !== null) clue.package = npmPackage;
    return [...this.byKey.entries()]
      .sort((a, b) => b[1].weight - a[1].weight || (this.firstSeen.get(a[0]) ?? 0) - (this.firstSeen.get(b[0]) ?? 0))
      .map(([, clue]) => clue);
  }
}

/** Separates fenced and indented code from prose, so each gets its own weight. */
export function splitCode(text: string): { prose: string; code: string } {
  const code: string[] = [];
  let prose = text.replace(FENCE_RE, (_match, inner: string) => {
    code.push(inner);
    return '\n';
  });
  const proseLines: string[] = [];
  for (const line of prose.split('\n')) {
    if (/^(?: {4}|\t)\s*\S/.test(line) || /^\s*(?:>>>|\.\.\.|\$|In \[\d+\]:)\s/.test(line) || looksLikeCode(line)) code.push(line);
    else proseLines.push(line);
  }
  prose = proseLines.join('\n');
  return { prose, code: code.join('\n') };
}

/** Unfenced code lines, common in issues pasted from trackers without Markdown. */
function looksLikeCode(line: string): boolean {
  return /^\s*(?:from\s+[\w.]+\s+import\s|import\s+[\w.]+|class\s+\w+\s*[(:{]|def\s+\w+\s*\(|@\w+|return\b|#include\b|func\s|fn\s|(?:const|let|var)\s+\w+\s*=)/.test(line) ||
    /^\s*[\w.[\]'"]+\s*=\s*\S.*[)\]'"\w]$/.test(line) && !/\s{2,}|[.!?]\s/.test(line.trim());
}

/**
 * Mines one part of the issue. `text` is `raw` past its links into the repository: an address's host, path and
 * values are nobody's names (addresses.ts), so only code keeps its addresses.
 */
function mineText(raw: string, source: ClueSource, out: ClueCollector, text = source === 'code' ? raw : withoutAddresses(raw)): void {
  if (!raw) return;
  const base = CLUE_WEIGHTS.source[source];
  const consumed: string[] = [];

  for (const match of raw.matchAll(GITHUB_BLOB_RE)) {
    const path = safeDecode(match[1] ?? '').replace(/\/$/, '');
    if (path) out.notePackage(out.add('path', path, source, base * CLUE_WEIGHTS.kind.path), undefined);
  }
  for (const match of text.matchAll(PATH_RE)) {
    const raw = match[0];
    if (!raw.includes('/') && (raw.match(/\./g) ?? []).length >= 3) continue; // a Java package, not a file
    const cleaned = cleanPath(raw);
    const installed = installedPackagePath(cleaned);
    const path = installed ?? (/^(?:\/|~|[A-Za-z]:)/.test(raw) ? tracePathSuffix(cleaned) : cleaned);
    if (!path || /^https?:/.test(path) || isDomainLike(path) || (!installed && isRuntimePath(path))) continue;
    out.notePackage(out.add('path', path, source, base * CLUE_WEIGHTS.kind.path), installedNpmPackage(cleaned));
    consumed.push(match[0]);
  }
  for (const match of text.matchAll(IMPORT_RE)) {
    const module = match[1] ?? match[3];
    if (module && module.includes('.')) out.add('module', module.replace(/\./g, '/'), source, base * CLUE_WEIGHTS.kind.module);
    for (const name of (match[2] ?? '').split(/[\s,()]+/)) addSymbol(name, source, out, base);
  }
  for (const match of text.matchAll(MODULE_RE)) {
    if (consumed.some((c) => c.includes(match[0])) || isDomainLike(match[0])) continue;
    out.add('module', match[0].replace(/\./g, '/'), source, base * CLUE_WEIGHTS.kind.module);
  }
  for (const match of text.matchAll(CLASS_HOME_RE)) {
    const [whole, owner = '', name = '', member = ''] = match;
    if (CLASS_HOME_SKIP.has(owner) || isDomainLike(whole)) continue;
    // An exception's module (`requests.exceptions.ConnectionError`, `tomlkit.exceptions.NonExistentKey`) is where it
    // is declared, seldom what is fixed; a constant (`settings.base.DEFAULT_TIMEOUT`) may be any module's.
    if (/^(?:exceptions?|errors?)$/.test(name) || EXCEPTION_NAME_END.test(member) || /^[A-Z0-9]+_[A-Z0-9_]*$/.test(member)) continue;
    out.add('module', `${owner}/${name}`, source, base * CLUE_WEIGHTS.kind.module);
  }
  for (const match of text.matchAll(DOTTED_RE)) {
    if (isDomainLike(match[0]) || consumed.some((c) => c.includes(match[0]))) continue;
    const parts = match[0].split(/\.|::|->|#/);
    // The last part of a dotted name is what is being used; earlier parts are namespaces.
    parts.forEach((part, index) => addSymbol(part, source, out, base * (index === parts.length - 1 ? 1 : CLUE_WEIGHTS.qualifierFactor)));
    const member = parts[parts.length - 1] ?? '';
    for (const qualifier of parts.slice(0, -1)) out.addQualifier(member, qualifier.toLowerCase());
  }
  let kebabTerms = 0;
  for (const match of text.matchAll(BACKTICK_RE)) {
    for (const ident of (match[1] ?? '').matchAll(IDENT_RE)) addSymbol(ident[0], source, out, base * CLUE_WEIGHTS.backtickFactor, true);
    for (const term of (match[1] ?? '').matchAll(KEBAB_RE)) {
      if (kebabTerms++ < MAX_KEBAB_TERMS) addKebab(term[0], source, out, base * CLUE_WEIGHTS.backtickFactor);
    }
  }
  // A kebab-case name in the title's prose may be a command or option (`local-exec`, `import-mode`) or an English
  // compound (`read-only`): a weaker clue than a backticked one.
  if (source === 'title') {
    for (const term of text.matchAll(KEBAB_RE)) {
      if (!out.has('symbol', term[0]) && kebabTerms++ < MAX_KEBAB_TERMS) addKebab(term[0], source, out, base * CLUE_WEIGHTS.shape.word / CLUE_WEIGHTS.shape.snake);
    }
  }
  const titleCase = source === 'title' && isTitleCase(text);
  for (const match of text.matchAll(IDENT_RE)) {
    const word = match[0];
    const called = text[match.index + word.length] === '(';
    const member = text[match.index - 1] === '.' && !EXTENSION_SET.has(word);
    if (!called && identifierShape(word) === 'capitalized' && source !== 'code' && (titleCase || atSentenceStart(text, match.index) || inHeading(text, match.index))) continue;
    addSymbol(word, source, out, base * (called ? CLUE_WEIGHTS.calledFactor : 1), called || member);
  }
  if (source !== 'code') {
    for (const match of text.matchAll(QUOTED_RE)) addMessage(match[2] ?? '', source, out);
    // Reporters paste the error they saw inline: "fails with `Error: Timeout of 2000ms exceeded. For async …`".
    for (const match of text.matchAll(BACKTICK_RE)) {
      const message = inlineMessage(match[1] ?? '');
      if (message) addMessage(message, source, out);
    }
    // Or as a Markdown quote ("This issues this error: > Using pytest.skip outside of a test is not allowed. …").
    // Mined after the quoted strings and spans: at the same weight, those are searched first.
    for (const match of text.matchAll(BLOCKQUOTE_RE)) addMessage((match[1] ?? '').replace(/\*\*|__/g, ''), source, out);
  }
}

/**
 * The message in a backticked span that reads as printed text rather than code, less its `TypeError:` or `error:`
 * prefix; undefined for code (`foo(a, b)`, `let x = 1;`) and commands (`npm run build`, `mocha --watch`). Without
 * such a prefix the span needs four words and one of English grammar's, so `mapping key value` stays names.
 */
export function inlineMessage(span: string): string | undefined {
  // Code spans start and end at their text; "` or this Pull Request with `" is the prose between two spans.
  if (!/^[A-Za-z_"'[(]/.test(span) || /[\s(]$/.test(span)) return undefined;
  const text = span.replace(INLINE_MESSAGE_PREFIX, '');
  const prefixed = text !== span;
  // Quoted parts are the values printed into the message (`for path '/foo?a=1'`), not code.
  const unquoted = text.replace(/(["'])[^"']*\1/g, ' ');
  if (/[=;{}]|--\w|^[$>]/.test(unquoted) || COMMAND_START.test(unquoted)) return undefined;
  const words = unquoted.split(/\s+/).filter((w) => /^[A-Za-z][a-z]*'?[a-z]*[.,:;!?]?$/.test(w));
  if (prefixed) return words.length >= 3 ? text : undefined;
  if (words.length < 4) return undefined;
  // A sentence as printed (`Invalid base64 input, bad content length.`): a capital, a comma, a full stop.
  const punctuated = /^[A-Z]/.test(text) && /,\s/.test(text) && /[.!]$/.test(text);
  return punctuated || words.some((w) => MESSAGE_GRAMMAR.has(w.toLowerCase().replace(/[.,:;!?]$/, ''))) ? text : undefined;
}

const INLINE_MESSAGE_PREFIX = /^(?:Uncaught\s+)?(?:[\w.]*(?:Error|Exception|Warning)|error|fatal|panic|warning)(?:\[\w+\])?:\s*/i;
const COMMAND_START = /^\s*(?:from\s+\S+\s+import|import|npm|npx|yarn|pnpm|pip|pipx|git|docker|cargo|go|node|deno|bun|python\d?|make|cd|curl|sudo)\b/;
/** Words a printed sentence has and a list of names lacks. */
const MESSAGE_GRAMMAR = new Set('a an the of to is are was be not no in on for with from at by cannot can\'t must should could unable failed expected'.split(' '));

/** Mines the text's traces into clues; returns each frame's path clue with the function it runs. */
function mineTraces(text: string, out: ClueCollector): FrameRecord[] {
  const records: FrameRecord[] = [];
  const { frames, receivers } = traceFrames(text);
  for (const receiver of receivers) addSymbol(receiver, 'trace', out, CLUE_WEIGHTS.source.trace * CLUE_WEIGHTS.exceptionNameFactor);
  let depth = 0;
  for (const frame of frames) {
    const path = frame.path ? cleanPath(frame.path) : undefined;
    const installed = path ? installedPackagePath(path) : undefined;
    if (path && !installed && isRuntimePath(path)) continue;
    const weight = CLUE_WEIGHTS.source.trace * Math.pow(CLUE_WEIGHTS.traceDepthDecay, depth);
    const pathClue = path ? out.add('path', installed ?? tracePathSuffix(path), 'trace', weight * CLUE_WEIGHTS.kind.path, depth) : undefined;
    if (pathClue && path) out.notePackage(pathClue, installedNpmPackage(path));
    if (pathClue && frame.symbol) records.push({ path: pathClue.text, symbol: frame.symbol, installed: installed !== undefined });
    if (frame.symbol) addSymbol(frame.symbol, 'trace', out, weight, false, depth);
    // The class names the file that defines the method, as `models.FilePathField` does in prose.
    if (frame.symbol && frame.owner) out.addQualifier(frame.symbol, frame.owner.toLowerCase());
    depth++;
  }
  for (const exception of traceExceptions(text)) {
    addSymbol(exception.name, 'trace', out, CLUE_WEIGHTS.source.trace * CLUE_WEIGHTS.exceptionNameFactor);
    if (exception.message) addMessage(exception.message, 'trace', out);
  }
  for (const message of panicMessages(text)) addMessage(message, 'trace', out);
  return records;
}

function addSymbol(raw: string, source: ClueSource, out: ClueCollector, weight: number, explicit = false, depth?: number): void {
  const name = raw.replace(/^\$+|\$+$/g, '');
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return;
  if (name.length < 3 || STOP_IDENTIFIERS.has(name) || /^\d/.test(name) || /^_+$/.test(name)) return;
  const shape = identifierShape(name);
  // Plain lower-case English words only count when the issue marks them as code.
  if (shape === 'word' && !explicit && source !== 'trace') return;
  // Three letters name a function when the prose writes it as one (`cse()`, `eye()` in a title), not in code.
  if (shape === 'word' && name.length < 4 && !(explicit && (source === 'title' || source === 'body'))) return;
  // Short all-caps words are acronyms and SQL keywords more often than constants.
  if (shape === 'upper' && !name.includes('_') && (name.length <= 4 || !explicit) && source !== 'trace') return;
  out.add('symbol', name, source, weight * CLUE_WEIGHTS.shape[shape], depth);
}

/**
 * A kebab-case name (`cache-control`, `hide-env`) as a clue in each spelling code gives it (spellings.ts); its
 * prose words alone (`cache`, `control`) match anything.
 */
function addKebab(term: string, source: ClueSource, out: ClueCollector, weight: number): void {
  if (STOP_IDENTIFIERS.has(term.replaceAll('-', ''))) return;
  for (const spelling of kebabSpellings(term)) out.add('symbol', spelling, source, weight * CLUE_WEIGHTS.shape.snake);
}

/** A label naming a component is a name the fix's file defines, as strong as a CamelCase name in the title. */
function addLabel(label: string, out: ClueCollector): void {
  if (isComponentLabel(label) && !STOP_IDENTIFIERS.has(label)) out.add('symbol', label, 'title', CLUE_WEIGHTS.source.title * CLUE_WEIGHTS.shape.camel);
}

function addMessage(raw: string, source: ClueSource, out: ClueCollector): void {
  const literal = longestLiteralRun(raw);
  if (literal.length >= 12 && literal.split(' ').length >= 3) out.add('message', literal, source, CLUE_WEIGHTS.source[source] * CLUE_WEIGHTS.kind.message);
}

/** The longest stretch of a message likely to appear verbatim in source (no quotes, numbers or placeholders). */
export function longestLiteralRun(message: string): string {
  const pieces = message
    .split(/['"`‘’“”]|\{[^}]*\}|%[sdrfi]|\b0x[0-9a-f]+\b|\b\d+(?:\.\d+)?(?:ms|s|m|h|px|b|kb|mb|gb|x)?\b|[<>()[\]]/i)
    .map((piece) => piece.replace(/\s+/g, ' ').trim().replace(/[:,.;!?-]+$/, '').trim());
  // A run of three words or more is the program's own text; a longer piece of one or two words is more often a
  // value it printed (`[AnnotedClass com.acme.Money]: Multiple 'as-value' properties defined`).
  const sentences = pieces.filter((piece) => piece.split(' ').length >= 3);
  return (sentences.length > 0 ? sentences : pieces).reduce((best, piece) => (piece.length > best.length ? piece : best), '');
}

/** Classifies an identifier by how specific it is (CamelCase and snake_case name code, plain words rarely). */
export function identifierShape(name: string): 'camel' | 'snake' | 'upper' | 'capitalized' | 'word' {
  if (/^[A-Z0-9_]+$/.test(name) && name.includes('_')) return 'upper';
  if (/[a-z0-9][A-Z]/.test(name)) return 'camel';
  if (/[a-zA-Z0-9]_[a-zA-Z0-9]/.test(name)) return 'snake';
  if (/^[A-Z][a-z0-9]+$/.test(name)) return 'capitalized';
  if (/^[A-Z0-9]+$/.test(name)) return 'upper';
  return 'word';
}

/** Names the issue's own snippet defines (class/def/assignments) are the reporter's code, not the project's. */
function namesDefinedIn(code: string): Set<string> {
  const names = new Set<string>();
  for (const m of code.matchAll(/^[^\S\n]*(?:class|def|function|func|fn|struct)\s+([A-Za-z_]\w*)/gm)) if (m[1]) names.add(m[1]);
  for (const m of code.matchAll(/^[^\S\n]*(?:(?:const|let|var)\s+)?([a-z_]\w*)\s*=[^=]/gm)) if (m[1]) names.add(m[1]);
  // Unpacking (`xhat, yhat = C.i, C.j`) binds every name it lists; no project setting is assigned so.
  for (const m of code.matchAll(/^[^\S\n]*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)+)\s*,?\s*=[^=]/gm)) {
    for (const name of m[1]!.split(',')) names.add(name.trim());
  }
  // A capitalised name bound to a call's result (`CC_ = CoordSys3D("C")`) is the reporter's variable. A
  // setting is bound to a literal (`USE_TZ = True`), and `const Vue = require('vue')` names the project's export.
  for (const m of code.matchAll(/^[^\S\n]*(?:(?:const|let|var)\s+)?([A-Z]\w*)\s*=\s*(?!require\b|import\b)[A-Za-z_][\w.]*\(/gm)) {
    if (m[1]) names.add(m[1]);
  }
  return names;
}

function atSentenceStart(text: string, index: number): boolean {
  return /(?:^|[.!?:]\s+|\n\s*|["'([]\s*)$/.test(text.slice(Math.max(0, index - 20), index));
}

/**
 * Whether `index` is on a Markdown heading (`### Expected Behavior`) or a line of bold alone (`**Current
 * Behavior:**`): headings capitalise their words as titles do, so a capital there is no name's.
 */
function inHeading(text: string, index: number): boolean {
  // Only a short line can be a heading. Read at most that much each way: the whole line, asked for every capital
  // on a 190,000-character line, made mining quadratic (1.5 s).
  const from = Math.max(0, index - MAX_HEADING_CHARS - 1);
  const before = text.slice(from, index).lastIndexOf('\n');
  const after = text.slice(index, index + MAX_HEADING_CHARS).indexOf('\n');
  if ((before < 0 && from > 0) || (after < 0 && index + MAX_HEADING_CHARS < text.length)) return false;
  const line = text.slice(before < 0 ? from : from + before + 1, after < 0 ? undefined : index + after);
  // The bold text may end in its colon (`**Expected Behavior:**`) or be followed by it.
  return /^ {0,3}#{1,6}\s/.test(line) || /^\s*(\*\*|__)[^*_\n]+\1\s*:?\s*$/.test(line);
}

/** Longer than this, a line is prose, not a heading (the longest in the train and dev issues: 1,563). */
const MAX_HEADING_CHARS = 2_000;

function isTitleCase(title: string): boolean {
  const words = title.match(/\b[A-Za-z][a-z]+\b/g) ?? [];
  const capitalized = words.filter((w) => /^[A-Z]/.test(w));
  return words.length >= 3 && capitalized.length / words.length >= 0.6;
}

/** Short words that join no name ("the date picker" is about `DatePicker`, not `thedate`). */
const SHORT_FUNCTION_WORDS = new Set('the and for not but are was has had can its our you all any how why who off yet nor'.split(' '));

/** Most body compounds kept, in the order the prose writes them. */
const MAX_BODY_COMPOUNDS = 24;

/**
 * Adjacent words of the body's prose that may name a file together, as titleCompounds joins the title's
 * (`boolean attribute`), apart by a space; not the title's own compounds.
 */
export function bodyCompounds(prose: string, fromTitle: string[]): string[] {
  // A full stop ends a sentence, not a name: "a boolean attribute." still joins its last two words.
  const pairs = compoundPairs(prose.replace(/\.(?=\s|$)/g, ' ')).filter(([a, b]) => !fromTitle.includes(`${a}${b}`));
  return [...new Set(pairs.map(([a, b]) => `${a} ${b}`))].slice(0, MAX_BODY_COMPOUNDS);
}

/**
 * The title's code-shaped words, as file names join them (IssueEvidence.titleCodeNames): a letter beside a digit, three
 * capitals or more, an underscore inside, or a capital after a lower-case letter. Not a path's folders or file.
 */
export function titleCodeNames(title: string): string[] {
  const names = new Set<string>();
  for (const match of title.matchAll(/(?<![\w/-])[A-Za-z_]\w*[A-Za-z0-9](?![\w/-])/g)) {
    const word = match[0];
    const extension = /^\.(\w+)/.exec(title.slice(match.index + word.length))?.[1];
    if (extension && EXTENSION_SET.has(extension)) continue; // a file's name, a path clue already
    const code = /[A-Za-z]\d|\d[A-Za-z]|^[A-Z]{3,}$|[A-Za-z0-9]_[A-Za-z0-9]|[a-z][A-Z]/.test(word);
    if (code && !STOP_IDENTIFIERS.has(word)) names.add(joinedName(word.toLowerCase()));
  }
  return [...names];
}

/** Adjacent words of the title joined as one name, when a space or a hyphen separates them: at most 8. */
export function titleCompounds(title: string): string[] {
  return [...new Set(compoundPairs(title).map(([a, b]) => `${a}${b}`))].slice(0, 8);
}

/** Adjacent words, lower-case, that a space or a hyphen separates and that are no function words. */
function compoundPairs(text: string): [string, string][] {
  const out: [string, string][] = [];
  const tokens = [...text.matchAll(/[\w.]+|[^\w.]+/g)].map((m) => m[0]);
  const joins = (word: string) => /^[A-Za-z][a-z]{2,}$/.test(word) && !FUNCTION_WORDS.has(word.toLowerCase()) && !SHORT_FUNCTION_WORDS.has(word.toLowerCase());
  for (let i = 0; i + 2 < tokens.length; i++) {
    const [first, gap, second] = [tokens[i]!, tokens[i + 1]!, tokens[i + 2]!];
    if (/^[ -]$/.test(gap) && joins(first) && joins(second)) out.push([first.toLowerCase(), second.toLowerCase()]);
  }
  return out;
}

function titleWords(title: string): string[] {
  const words = new Set<string>();
  for (const m of title.matchAll(/[A-Za-z][A-Za-z0-9]+/g)) {
    const whole = m[0].toLowerCase();
    if (whole.length >= 3 && !STOP_IDENTIFIERS.has(m[0]) && !STOP_IDENTIFIERS.has(whole)) words.add(whole);
    for (const part of splitIdentifier(m[0])) if (part.length >= 3 && !STOP_IDENTIFIERS.has(part)) words.add(part);
  }
  return [...words];
}

/** Splits CamelCase and snake_case names into lower-case words. */
export function splitIdentifier(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** A URL-encoded path decoded, or as written when its escapes are malformed (`%zz`). */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function isDomainLike(text: string): boolean {
  return /\.(?:com|org|net|io|dev|app|edu|gov)(?:\/|$)/i.test(text) || /^www\./i.test(text);
}
