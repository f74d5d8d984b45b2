import type { GrepHit } from '../../common/tools';
import type { Clue } from './clues';
import { declaresOption, isCliOption } from './cliOptions';
import { identifierShape } from './clues';
import { defaultBinding, resolvesTo } from './defaultImports';
import { declaresTypeOnly, definesName, escapeRegex, isMemberFunction } from './definitions';
import { isStringTable, pathKind } from './pathKinds';
import { bodyNameOf, fileStem, issueKind, joinedName, type ScoreContext } from './score';
import { localeIdentifiers, localeOfFile } from './locales';
import { manifestFolder, subpathResolves } from './packages';
import { isScriptPath, scriptTwins } from './scriptPaths';

/** A clue found in a file, and the lines where it was found. */
export interface ClueHit {
  clue: Clue;
  lines: number[];
  /** For definitions: at least one is at the top level (not indented), i.e. a module-level function, class or constant. */
  topLevel?: boolean;
  /**
   * For definitions: false when every defining line only declares a type (an interface, an annotation type, a type
   * alias), true when one gives the name behaviour. Absent counts as true.
   */
  implemented?: boolean;
}

/** Everything the tools revealed about one file. */
export interface FileEvidence {
  path: string;
  pathMatches: Clue[];
  moduleMatches: Clue[];
  /** Keyed by clue text. */
  definitions: Map<string, ClueHit>;
  mentions: Map<string, ClueHit>;
  messages: Map<string, ClueHit>;
  /** Found only by the wider search for the issue's rare words (broaden.ts): its weight as a share of the best's. */
  broadened?: number;
}

const MAX_LINES_PER_CLUE = 5;

/** Accumulates tool results into per-file evidence over the turns of a run. */
export class EvidenceBoard {
  private readonly files = new Map<string, FileEvidence>();
  /** The workspace's packages the issue names: folder (with a trailing `/`, `''` for the root) to package name. */
  private readonly packages = new Map<string, string>();
  /** Files an installed package's frame path matches, kept until it is known whose package that is (resolveFramePaths). */
  private readonly frameHits: { path: string; clue: Clue }[] = [];
  /** Files a deep import's glob found, kept until the package's folder is known (resolveSubpaths). */
  private readonly subpathHits: { path: string; clue: Clue }[] = [];
  /** Names bound to a module's default export by their importers (defaultImports.ts), kept until the files are known. */
  private readonly bindings: { clue: Clue; module: string }[] = [];
  /** Folders and files a package.json above a leading example file exports (exportedFolders.ts). */
  private exported: string[] = [];

  /** Every file with some evidence. */
  all(): FileEvidence[] {
    return [...this.files.values()];
  }

  /** Evidence for one file, if any. */
  get(path: string): FileEvidence | undefined {
    return this.files.get(path);
  }

  /** Records glob results: files whose path ends with a path clue, or is the module a module clue names. */
  addPaths(paths: string[], clues: Clue[]): void {
    for (const clue of clues) {
      if (clue.kind === 'path' && clue.package) {
        for (const path of matchingPaths(paths, clue.text)) this.frameHits.push({ path, clue });
      } else if (clue.kind === 'path') {
        for (const path of matchingPaths(paths, clue.text)) pushUnique(this.file(path).pathMatches, clue);
      } else if (clue.kind === 'module' && clue.package) {
        for (const path of paths) this.subpathHits.push({ path, clue });
      } else if (clue.kind === 'module') {
        for (const path of paths) if (moduleMatchesClue(path, clue.text)) pushUnique(this.file(path).moduleMatches, clue);
      }
    }
  }

  /** Unlinks path clues of a bundle's frames from files that only share the bundle's name (bundleFrames.ts). */
  unlinkBundleTwins(byPath: Map<string, string[]>): void {
    const files = this.all();
    for (const [cluePath, functions] of byPath) {
      // Only a JavaScript path stands for files by another name (scriptTwins); a C file quoted under a build tree's
      // folder (`tmux-3.3a/arguments.c`) is matched by its tail, and is the frames' own file.
      if (!isScriptPath(cluePath)) continue;
      const twins = files.filter((f) => !pathMatchesClue(f.path, cluePath) && f.pathMatches.some((c) => c.kind === 'path' && c.text === cluePath));
      // A bundle: some frame ran a function that a twin does not define and another file does.
      const elsewhere = (name: string) => !twins.some((t) => t.definitions.has(name)) && files.some((f) => f.definitions.has(name));
      if (twins.length === 0 || !functions.some(elsewhere)) continue;
      for (const twin of twins) twin.pathMatches = twin.pathMatches.filter((c) => c.kind !== 'path' || c.text !== cluePath);
    }
  }

  /** Records files found by title words alone, so they can compete when nothing stronger exists. */
  addBarePaths(paths: string[]): void {
    for (const path of paths) this.file(path);
  }

  /** Records the files the wider search found (broaden.ts), each with its share of the best one's weight. */
  addBroadened(files: { path: string; share: number }[]): void {
    for (const { path, share } of files) this.file(path).broadened = share;
  }

  /**
   * Records grep hits for symbol clues: each hit line is a definition or a mention of the names it contains.
   * `qualifiers` holds the names the issue wrote as a member (`chroma.average`): code, however plain the word.
   */
  addSymbolHits(hits: GrepHit[], clues: Clue[], qualifiers: ReadonlyMap<string, string[]> = new Map()): void {
    const matchers = clues.map((clue) => ({ clue, re: new RegExp(`(?<![\\w$])${escapeRegex(clue.text)}(?![\\w$])`) }));
    for (const hit of hits) {
      let binding: ReturnType<typeof defaultBinding> | null = null;
      for (const { clue, re } of matchers) {
        // The cheap test first: a grep's lines each hold only a few of the clues.
        if (!hit.text.includes(clue.text) || !re.test(hit.text)) continue;
        const bound = (binding ??= defaultBinding(hit.text, hit.path));
        const evidence = this.file(hit.path);
        // Only a compound name or a member the issue calls: `const user = require('../user')` for the title's word
        // "user" says no more than the path does, but `chroma.average(…)` is the API `import average from` binds.
        const named = /camel|snake/.test(identifierShape(clue.text)) || qualifiers.has(clue.text);
        if (bound?.name === clue.text && named && !this.bindings.some((b) => b.clue === clue && b.module === bound.module)) {
          this.bindings.push({ clue, module: bound.module });
        }
        const target = definesName(hit.text, clue.text, hit.path) ? evidence.definitions : evidence.mentions;
        addLine(target, clue, hit.line);
        // A function assigned to a module's member (`Posts.getPostData = async function`) is its API even when a
        // CommonJS wrapper (`module.exports = function (Posts) {`) indents it.
        if (target === evidence.definitions && (!/^\s/.test(hit.text) || isMemberFunction(hit.text, clue.text))) target.get(clue.text)!.topLevel = true;
        if (target === evidence.definitions) {
          const entry = target.get(clue.text)!;
          entry.implemented = entry.implemented === true || !declaresTypeOnly(hit.text, clue.text);
        }
      }
    }
  }

  /** Forgets the mentions on the given lines of a file (a barrel's re-exports: reexports.ts); a clue left with none goes. */
  dropMentionLines(path: string, lines: ReadonlySet<number>): void {
    const mentions = this.files.get(path)?.mentions;
    if (!mentions) return;
    for (const [key, hit] of mentions) {
      hit.lines = hit.lines.filter((line) => !lines.has(line));
      if (hit.lines.length === 0) mentions.delete(key);
    }
  }

  /** Records what a package exports, which makes files under an `examples/` folder it names code (exportedFolders.ts). */
  setExported(entries: string[]): void {
    this.exported = entries;
  }

  /** Records the package.json lines that declare a package the issue names. */
  addPackageManifests(hits: GrepHit[]): void {
    for (const hit of hits) {
      const folder = manifestFolder(hit.path);
      const name = /"name"\s*:\s*"([^"]+)"/.exec(hit.text)?.[1];
      if (folder !== undefined && name) this.packages.set(folder, name);
    }
  }

  /**
   * An installed package's frame (`node_modules/@discordjs/rest/dist/index.js`) is a file of the workspace only inside
   * the folder of the package.json that declares that package. When the workspace declares none of the issue's and
   * trace's packages, whose package it is stays unknown and the frame matches anywhere, as a quoted path does; when
   * it declares others, the frame is a dependency's (discord.js's own `src/index.js` is not `@discordjs/rest`'s).
   * Called once a turn's results are in, and again before scoring.
   */
  resolveFramePaths(): void {
    for (const { path, clue } of this.frameHits.splice(0)) {
      const folders = this.foldersDeclaring(clue.package);
      const own = folders.length > 0 ? folders.some((folder) => path.startsWith(folder)) : this.packages.size === 0;
      if (own) pushUnique(this.file(path).pathMatches, clue);
    }
  }

  /** The folders (with a trailing `/`, `''` for the root) whose package.json declares the package. */
  private foldersDeclaring(npmPackage: string | undefined): string[] {
    return [...this.packages].flatMap(([folder, name]) => (name === npmPackage ? [folder] : []));
  }

  /**
   * A deep import's module matches only inside the folder of the package.json that declares its package (the
   * root's included): `client` of `react-dom/client` is not the reporter's own `src/client.js`.
   */
  private resolveSubpaths(): void {
    for (const { path, clue } of this.subpathHits.splice(0)) {
      for (const folder of this.foldersDeclaring(clue.package)) {
        if (path.startsWith(folder) && subpathResolves(path.slice(folder.length), clue.text)) pushUnique(this.file(path).moduleMatches, clue);
      }
    }
  }

  /**
   * A file whose default export an importer binds to a name the issue uses defines that name, at its first line
   * (where its export is, no search said). Only files already found count: the import does not say the extension.
   */
  private resolveBindings(): void {
    for (const { clue, module } of this.bindings) {
      for (const file of this.files.values()) {
        if (!resolvesTo(file.path, module)) continue;
        addLine(file.definitions, clue, 1);
        Object.assign(file.definitions.get(clue.text)!, { topLevel: true, implemented: true });
      }
    }
  }

  /** Records grep hits of a literal error message, or the lines that declare an option the issue names. */
  addMessageHits(hits: GrepHit[], clue: Clue): void {
    const option = isCliOption(clue.text);
    for (const hit of hits) {
      // Only code declares an option: a README's `program.option('--port <n>')` is an example of its use.
      if (option && (!declaresOption(hit.text) || pathKind(hit.path) === 'doc')) continue;
      addLine(this.file(hit.path).messages, clue, hit.line);
    }
  }

  /** File counts per clue, which turn raw matches into rarity-weighted evidence. */
  context(
    base: Pick<ScoreContext, 'mentionsTests' | 'mentionsDocs' | 'titleWords' | 'titleCompounds' | 'titleCodeNames' | 'titleLocales' | 'bodyCompounds' | 'bodyWords' | 'qualifiers'> &
      Pick<ScoreContext, 'mentionsTypings' | 'mentionsBuild'>,
  ): ScoreContext {
    this.resolveFramePaths();
    this.resolveSubpaths();
    this.resolveBindings();
    const definitionFiles = new Map<string, number>();
    const mentionFiles = new Map<string, number>();
    const messageFiles = new Map<string, number>();
    const messageTableFiles = new Map<string, number>();
    const pathFiles = new Map<string, number>();
    const stemFiles = new Map<string, number>();
    const bodyNameFiles = new Map<string, number>();
    const titleNames = new Set([...base.titleWords, ...base.titleCompounds]);
    const localeTables = this.localeTables(base.titleLocales);
    const locales = { titleLocales: base.titleLocales, localeTables };
    for (const file of this.files.values()) {
      // A title word counts as a file's name only when few source files have it in their names at all.
      const name = joinedName(fileStem(file.path));
      const source = pathKind(file.path) === 'source';
      if (source) for (const word of titleNames) if (name.includes(word)) increment(stemFiles, word);
      const locale = issueKind(file.path, locales) === 'source' ? localeOfFile(file.path, base.titleLocales) : undefined;
      if (locale) increment(stemFiles, locale);
      const bodyName = source ? bodyNameOf(fileStem(file.path), base) : undefined;
      if (bodyName) increment(bodyNameFiles, bodyName);
      for (const key of file.definitions.keys()) increment(definitionFiles, key);
      for (const key of new Set([...file.mentions.keys(), ...file.definitions.keys()])) increment(mentionFiles, key);
      const table = file.messages.size > 0 && isStringTable(file.path);
      for (const key of file.messages.keys()) {
        // An option's tests and docs use it everywhere; what is rare is the source that declares it.
        if (!source && isCliOption(key)) continue;
        increment(messageFiles, key);
        if (table) increment(messageTableFiles, key);
      }
      for (const clue of [...file.pathMatches, ...file.moduleMatches]) increment(pathFiles, clue.text);
    }
    // The root's package.json says nothing about where in the tree a fix is: no file is "in" the root package.
    const packages = new Map([...this.packages].filter(([folder]) => folder !== ''));
    return { ...base, localeTables, definitionFiles, mentionFiles, messageFiles, messageTableFiles, pathFiles, stemFiles, bodyNameFiles, packages, exported: this.exported };
  }

  /** String tables that define the identifier of a locale the title names (`huHU` in MUI's `locale/index.js`). */
  private localeTables(codes: string[]): Set<string> {
    const names = localeIdentifiers(codes);
    const tables = new Set<string>();
    if (names.length === 0) return tables;
    for (const file of this.files.values()) if (pathKind(file.path) === 'data' && names.some((name) => file.definitions.has(name))) tables.add(file.path);
    return tables;
  }

  private file(path: string): FileEvidence {
    let evidence = this.files.get(path);
    if (!evidence) {
      evidence = noEvidence(path);
      this.files.set(path, evidence);
    }
    return evidence;
  }
}

/** A file no search found anything in (yet). */
export function noEvidence(path: string): FileEvidence {
  return { path, pathMatches: [], moduleMatches: [], definitions: new Map(), mentions: new Map(), messages: new Map() };
}

/**
 * The paths a path clue points at: those ending with the whole clue, else those sharing its longest tail of
 * at least two segments. A path quoted from the reporter's machine (`~/dev/proj/pkg/a.py`, `/opt/x/pkg/a.py`)
 * carries folders the repository does not have; its tail (`pkg/a.py`) still names the file. At each length a
 * JavaScript path that no file has also names its TypeScript or source twin (`lib/x.js` is `src/x.ts`), and so
 * does one whose only file is build output (a committed `dist/index.js` and its `src/index.ts`).
 */
export function matchingPaths(paths: string[], cluePath: string): string[] {
  const segments = cluePath.split('/');
  for (let keep = segments.length; keep >= Math.min(shortestTail(cluePath), segments.length); keep--) {
    const tail = segments.slice(-keep).join('/');
    const found: string[] = [];
    for (const form of [tail, ...scriptTwins(tail)]) {
      found.push(...paths.filter((path) => pathMatchesClue(path, form) && !found.includes(path)));
      // A committed bundle (`dist/index.js`) is the quoted file, but the fix goes to its source: keep looking.
      if (found.length > 0 && !found.every((path) => pathKind(path) === 'generated')) return found;
    }
    if (found.length > 0) return found;
  }
  return [];
}

/** C and C++ sources and headers: their names are unique in most projects, and quoted under a build tree's path. */
const NATIVE_SOURCE = /\.(?:c|cc|cpp|cxx|h|hh|hpp|hxx)$/;

/**
 * The fewest trailing segments of a path clue that may name a file: two (`models/base.py` and not any `base.py`),
 * or for C and C++ one, because a backtrace quotes them under the build tree's own path (`/home/ci/tmux-3.3a/
 * arguments.c` is tmux's top-level `arguments.c`).
 */
export function shortestTail(cluePath: string): number {
  return NATIVE_SOURCE.test(cluePath) ? 1 : 2;
}

/** True when `path` ends with the clue's path (whole segments), e.g. `a/b/c.py` and `b/c.py`. */
export function pathMatchesClue(path: string, cluePath: string): boolean {
  return path === cluePath || path.endsWith(`/${cluePath}`);
}

/** True when `path` is the file a module path names: `x/y.py`, `x/y/__init__.py`, `x/y/index.js`, `x/y/mod.rs`... */
export function moduleMatchesClue(path: string, modulePath: string): boolean {
  const withoutExt = path.replace(/\.[^./]+$/, '');
  const dir = withoutExt.replace(/\/(?:__init__|index|mod)$/, '');
  return [withoutExt, dir].some((p) => p === modulePath || p.endsWith(`/${modulePath}`));
}

function addLine(target: Map<string, ClueHit>, clue: Clue, line: number): void {
  const existing = target.get(clue.text);
  if (!existing) target.set(clue.text, { clue, lines: [line] });
  else if (existing.lines.length < MAX_LINES_PER_CLUE && !existing.lines.includes(line)) existing.lines.push(line);
}

function pushUnique(list: Clue[], clue: Clue): void {
  if (!list.includes(clue)) list.push(clue);
}

function increment(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}
