/** Recognises lines that define a name, across the languages' usual definition syntax. */

import { SCRIPT_FILE_EXTENSION } from './scriptPaths';

export const KEYWORD_DEF = String.raw`\b(?:def|class|func|fn|function\*?|struct|enum|trait|interface|type|typedef|union|namespace|module|record|object|macro_rules!|using)\s+`;

/**
 * JavaScript's other way to define a function: assigning one to a member, `Posts.getPostData = async
 * function (pid) {`, `Axios.prototype.request = function`, `exports.hash = (x) => …`, the usual form of a
 * CommonJS module. Only a function value counts, so `self.name = name` (an attribute) stays a mention. The
 * grep looks for `.name = function` anywhere in the line: with the owner's words spelled out before the name
 * (`^\s*(?:[\w$]+\.)+`), rg took twice as long over matplotlib's tree.
 */
const QUALIFIED_OWNER = String.raw`(?:[\w$]+\.)+`;
/** Words before a name at a line's start that still make it a definition (`pub`, `async getPost(`, `private readonly x =`). */
const MODIFIER = String.raw`(?:const|let|var|static|final|pub|async|public|private|protected|readonly|override|get|set)`;
/** A TypeScript or Java method's type parameters: `map<T, U>(`. */
const TYPE_PARAMETERS = String.raw`(?:<[^<>()]*>)?`;
/**
 * A macro that wraps a C function's return type to export it: `CJSON_PUBLIC(cJSON *)`, `GIT_EXTERN(int)`,
 * `PyAPI_FUNC(PyObject *)`. Named as export macros are, so another macro call before a call is not taken for one.
 */
const EXPORT_MACRO = String.raw`\b(?:[A-Z][A-Z0-9_]*(?:PUBLIC|API|EXTERN|EXPORT|DECL|FUNC)|PyAPI_FUNC)\([\w\s*&]*\)`;
/**
 * A C-family declaration's type words and the separators and pointer marks after them (`static const char **`),
 * as one run of characters that ends in a separator: spelt as repeated word-and-separator pairs, where `*` and `&`
 * may go to either, V8 tried every split of a run of stars (seconds for a line of 28 before a name).
 */
const TYPE_WORDS = String.raw`[\w:<>,\[\]*&~][\w:<>,\[\]*&~\s]*[\s*&]`;
const FUNCTION_VALUE = String.raw`\s*=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*=>|[\w$]+\s*=>)`;
/**
 * A `$` a JavaScript name may start with and the clue does not keep (clues.ts strips it): Lexical's
 * `function $insertList(`, AngularJS's `$compile`, jQuery's `$.fn.$plugin =`. Without it a definition of such a name
 * read as a mention.
 */
const SIGIL = String.raw`\$?`;

/** One name's compiled patterns: its definitions, member functions, type-only uses and type-only declarations. */
interface NamePatterns {
  any: RegExp[];
  member: RegExp;
  typeImport: RegExp;
  typeUse: RegExp;
  typeOnly: RegExp;
}

/** Compiled patterns per name, bounded: a long-lived host (extension, MCP, eval) sees endless new names. */
const cache = new Map<string, NamePatterns>();
const CACHE_NAMES = 256;

/** Escapes a string for use inside a regular expression (JavaScript and ripgrep agree on these). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Two ripgrep patterns that together find definitions of any of `names`: keyword definitions (`def x`,
 * `class X`, `func (r *T) X`, `fn x`, `type X`, `struct X`, `impl X`, `X::`, `#define X`...) and functions
 * assigned to a member (`Obj.x = function`), and names at the start of a line followed by an assignment, a
 * member colon or a body (`x = ...`, `x: function`, `x(args) {`). The second form skips bare call statements
 * (`    raises(...)`), which used to fill the hit cap. Two patterns, not one alternation: each keeps the names
 * as one required literal set, which makes rg about 7x faster than the joined regex (0.09 + 0.08 s against
 * 0.76 s on django with 40 names).
 */
export function definitionSearchPatterns(names: string[]): [keywords: string, lineStart: string] {
  const alternation = wordBounded(names);
  return [
    String.raw`(?:${KEYWORD_DEF}(?:\([^)]*\)\s*)?|::|#define\s+|\bimpl(?:<[^>]*>)?\s+(?:[\w:]+(?:<[^>]*>)?\s+for\s+)?)${SIGIL}${alternation}\b|\.${SIGIL}${alternation}${FUNCTION_VALUE}`,
    // An ES default import (`import simplifyRange from './ranges/simplify'`) names the file that defines it
    // (defaultImports.ts); CommonJS exports a value by assigning it (`exports.Show = {`). The prefixes are optional,
    // so the names stay the literals every match holds, which the multi-pattern walk looks for.
    String.raw`^\s*(?:export\s+|import\s+|(?:module\.)?exports\.)?(?:${MODIFIER}\s+)*${SIGIL}${alternation}\s*(?:[:=](?:[^=]|$)|${TYPE_PARAMETERS}\([^)]*\)\s*(?:\{|=>|:)|from\b)`,
  ];
}

/**
 * The names as whole words, one group per kind of edge: `\b(?:Foo|bar_baz)\b`, and `$scope` without a `\b`
 * before it (there `\b` would demand a letter). Both patterns already put a non-word character or the line's
 * edge on each side of a name, so the `\b`s change no match; they tell the multi-pattern grep that the names
 * are whole words, and its walk then skips lines that only hold one inside a longer word (`CharField` for
 * `Field`). One `\b` per side of the group, not per name: each becomes Unicode lookarounds in the
 * JavaScript twin, and 80 of them took ~30 ms to build and as long again to compile, per walk.
 */
function wordBounded(names: string[]): string {
  const isWord = (char: string | undefined) => char !== undefined && /\w/.test(char);
  const groups = new Map<string, string[]>();
  for (const name of names) {
    const key = `${isWord(name[0]) ? '\\b' : ''}\0${isWord(name[name.length - 1]) ? '\\b' : ''}`;
    groups.set(key, [...(groups.get(key) ?? []), escapeRegex(name)]);
  }
  const parts = [...groups].map(([key, group]) => {
    const [before, after] = key.split('\0');
    return `${before}(?:${group.join('|')})${after}`;
  });
  return `(?:${parts.join('|')})`;
}

/** A JSDoc line's code that binds a name: a declaration's keyword, the name, and the punctuation code puts after it. */
const JSDOC_CODE = [
  String.raw`(?:const|let|var)\s+[\w$]+\s*[=:]`,
  String.raw`(?:async\s+)?function\*?\s*[\w$]*\s*[(<]`,
  String.raw`(?:abstract\s+)?(?:class|interface|enum)\s+[\w$]+[^.;]*\{\s*$`,
  // A type alias, or a GraphQL type in SDL (` * type Query {`), which TypeScript's syntax cannot be.
  String.raw`type\s+[\w$]+(?:<.*>)?\s*(?:=|\{\s*$)`,
];

/**
 * A line of documentation whose code is an example, by the language's own syntax: rustdoc (`///`, `//!`) in a Rust
 * file, and a doctest's prompt (`>>> `, `... `) in a Python file. Crate docs show `enum Value {` and `fn main() {`
 * and doctests `>>> class Foo:`; such a line uses the API, it defines nothing (serde_json's `src/lib.rs` led five
 * issues on its docs' definitions). In a JavaScript or TypeScript file, a JSDoc line (` * `) written as code that
 * binds a name (` * interface Config {`, ` * const program = …`, an `@example`'s): Effect's `Effect.ts` defined
 * `Config` by its docs' example. Other comments stay as they are: a C++ header documents a method with its
 * signature, a JSDoc line's prose ("the function converts") may name the fix's function, and reading every comment
 * as prose lost dev answers (docs/benchmarks.md, 43rd and 45th sessions).
 */
const DOC_EXAMPLE: [file: RegExp, line: RegExp][] = [
  [/\.rs$/, /^\s*\/\/[/!]/],
  [/\.pyw?$/, /^\s*(?:>>>|\.\.\.)\s/],
  [SCRIPT_FILE_EXTENSION, new RegExp(String.raw`^\s*\*\s+(?:export\s+)?(?:${JSDOC_CODE.join('|')})`)],
];

/** True when `line` of the file at `path` is documentation whose code only shows the API (DOC_EXAMPLE). */
export function isDocExample(line: string, path: string): boolean {
  return DOC_EXAMPLE.some(([file, example]) => example.test(line) && file.test(path));
}

/**
 * True when `line` (one line of the file at `path`) defines `name` rather than merely using it; a line of
 * documentation's examples never does (isDocExample).
 */
export function definesName(line: string, name: string, path = ''): boolean {
  return !importsName(line, name) && !isDocExample(line, path) && patternsFor(name).any.some((re) => re.test(line));
}

/** A value that is another binding or a member of one (`_mkdirs.ensureDir`), not a literal (`true`, `null`). */
export const NAMED_VALUE = String.raw`(?!(?:true|false|null|undefined)\b)[A-Za-z_$][\w$]*(?:\.[\w$]+)*`;

/**
 * `export const ensureDir = _mkdirs.ensureDir`: another module's value exported under a name, also with its type
 * written out (`export const map: <A, B>(f: (a: A) => B) => Effect<B> = internal.map`, a public module over its
 * implementation). The type may hold `=>`, so the value is whatever follows the line's last `=`.
 */
export const EXPORTED_ALIAS = String.raw`export\s+const\s+[\w$]+(?:\s*:.*?)?\s*=\s*${NAMED_VALUE}\s*;?\s*$`;

/**
 * An import or re-export list: `import { type X } from`, `export { type X }`, CommonJS's import, `const X =
 * require('./x')` (or a dynamic `await import(…)`), and an exported alias (EXPORTED_ALIAS): nothing defined there.
 */
const IMPORT_LINE = new RegExp(
  String.raw`^\s*(?:import\b|export\s+(?:type\s*)?\{|(?:const|let|var)\s[^=]*=\s*(?:await\s+)?(?:require|import)\s*\(|${EXPORTED_ALIAS})`,
);

/**
 * True when `line` only imports `name` or uses it as a type: an import or re-export line, a `type X` member of an
 * import list spread over lines (`  type X,`; a type alias is followed by `=` or `<`, a Go type by its kind), or
 * C's `struct X *p`, `struct X x;`, `sizeof(struct X)` (a definition opens a body: `struct X {`).
 */
export function importsName(line: string, name: string): boolean {
  const patterns = patternsFor(name);
  return IMPORT_LINE.test(line) || patterns.typeImport.test(line) || patterns.typeUse.test(line);
}

/**
 * The start of a C or C++ prototype: `extern`, or a library's export macro (`UV_EXTERN int uv_timer_start(`,
 * `SQLITE_API int sqlite3_open(`). A public header declares every function so; the definition is in a source file.
 */
/** A C parameter given by its type alone (`const char *,`, `uv_tcp_t *,`, `struct args *)`): only a prototype has one. */
const UNNAMED_PARAMETER = String.raw`\s*(?:(?:(?:const|struct|enum|union|unsigned|signed|volatile)\s+)+[A-Za-z_]\w*\s*\**|[A-Za-z_]\w*\s*\*+)\s*[,)]`;

const C_PROTOTYPE = String.raw`^\s*(?:extern\s+(?!"C")|[A-Z][A-Z0-9]*_(?:EXTERN|API|EXPORT|DECL|PUBLIC)\s+)`;

/**
 * True when `line` declares `name` as a type without behaviour: an interface (Java, TypeScript, Go's `type X
 * interface`), a Java annotation type (`@interface X`), a TypeScript type alias, an ambient `declare`, or a C
 * prototype: marked `extern` or with an export macro (a definition opens its body: `LUA_API int lua_gettop (…) {`), or
 * with a parameter that has a type and no name.
 * Such a file names the API; the code that implements it is usually where a fix goes (Lombok's `@interface Builder`
 * against its `HandleBuilder`, a Go store interface against its SQL implementation).
 */
export function declaresTypeOnly(line: string, name: string): boolean {
  return patternsFor(name).typeOnly.test(line);
}

/** True when `line` assigns a function to `name` as a member (`Posts.getPostData = async function`). */
export function isMemberFunction(line: string, name: string): boolean {
  return patternsFor(name).member.test(line);
}

function patternsFor(name: string): NamePatterns {
  let patterns = cache.get(name);
  if (!patterns) {
    const n = (/^\w/.test(name) ? SIGIL : '') + escapeRegex(name);
    const member = new RegExp(String.raw`^\s*${QUALIFIED_OWNER}${n}${FUNCTION_VALUE}`);
    const typeImport = new RegExp(String.raw`\btype\s+${n}\s*(?:,|\}|$)`);
    const typeUse = new RegExp(String.raw`\b(?:struct|union|enum)\s+${n}\s*(?:\*|[),]|[A-Za-z_]\w*\s*[;,)=[])`);
    const typeOnly = new RegExp(
      String.raw`(?:^|\s)(?:@?interface\s+${n}\b|declare\s+(?:\w+\s+)*${n}\b|type\s+${n}\s+interface\b|type\s+${n}\s*(?:<[^=]*>)?\s*=)|${C_PROTOTYPE}[^{]*\b${n}\s*\([^{]*$|\b${n}\s*\(${UNNAMED_PARAMETER}`,
    );
    patterns = { any: [...definitionPatterns(n), member], member, typeImport, typeUse, typeOnly };
    if (cache.size >= CACHE_NAMES) cache.delete(cache.keys().next().value as string);
    cache.set(name, patterns);
  }
  return patterns;
}

/** The definition forms other than a member function (patternsFor adds that one). */
function definitionPatterns(n: string): RegExp[] {
  return [
    // def/class/func/fn/function/struct/enum/trait/interface/type ... NAME
    new RegExp(String.raw`${KEYWORD_DEF}${n}\b`),
    // Go methods: func (r *T) NAME(
    new RegExp(String.raw`^\s*func\s*\([^)]*\)\s*${n}\s*[(\[]`),
    // Rust impls: impl Trait for NAME / impl<T> NAME<T>
    new RegExp(String.raw`^\s*impl(?:<[^>]*>)?\s+(?:[\w:]+(?:<[^>]*>)?\s+for\s+)?${n}\b`),
    // Top-level assignments: NAME = ..., const NAME = ..., export const NAME: T = ... (indented ones are attributes or locals)
    new RegExp(String.raw`^(?:export\s+)?(?:default\s+)?(?:(?:const|let|var|static|final|pub|public|private|protected|readonly)\s+)*${n}\s*(?::[^=]{1,80})?=(?![=>])`),
    // CommonJS's export of a value, `exports.Show = {` (TypeScript's output for `export const Show = {`), but not
    // its `exports.Show = void 0;` declarations, a chain of them, a `require` or another binding passed on.
    new RegExp(String.raw`^\s*(?:module\.)?exports\.${n}\s*=(?!\s*(?:void\b|(?:module\.)?exports\.|require\s*\(|${NAMED_VALUE}\s*;?\s*$))`),
    // Object or class members: NAME(args) {, async NAME(...), NAME: function, NAME: (...) =>
    new RegExp(String.raw`^\s*(?:(?:async|static|get|set|public|private|protected|override|readonly)\s+)*${n}\s*${TYPE_PARAMETERS}\([^;]*\)\s*(?::[^{;]+)?\{?\s*$`),
    // Class fields holding a function: `handleClick = () => {`, `private readonly load = async (id: string): Promise<void> =>`
    new RegExp(String.raw`^\s*(?:(?:static|public|private|protected|readonly|override)\s+)*${n}\s*(?::[^=]{1,80})?=\s*(?:async\s+)?(?:\([^)]*\)|[\w$]+)\s*(?::[^=]{1,80})?=>`),
    new RegExp(String.raw`^\s*["']?${n}["']?\s*:\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*=>|\w+\s*=>)`),
    // C, C++, Java, C#: a typed declaration ending in NAME( that is not a statement; also Class::NAME(. A C
    // library's export macro may wrap the return type (cJSON's `CJSON_PUBLIC(cJSON *) cJSON_Parse(`, libgit2's
    // `GIT_EXTERN(int) git_clone(`): it opens the declaration, before the type's words or in their place.
    new RegExp(
      String.raw`^\s*(?!(?:return|if|else|while|for|switch|case|throw|new|delete|do|goto|await|yield|sizeof|co_return)\b)(?:${EXPORT_MACRO}[\s*&]+(?:${TYPE_WORDS})?|${TYPE_WORDS})${n}\s*\([^;]*$`,
    ),
    new RegExp(String.raw`^\s*(?:template\s*<[^>]*>\s*)?(?:[\w<>:,*&]+\s+)*(?:[\w<>]+::)+${n}\s*\(`),
    new RegExp(String.raw`^\s*#\s*define\s+${n}\b`),
    // C in GNU and BSD style puts the return type on the line above: the name opens the line, with typed
    // parameters (`args_string_percentage(const char *value, long long minval,`), which a call never has. A
    // header's prototype in that style ends with `);` (expat's `XML_StopParser(XML_Parser parser, XML_Bool
    // resumable);` under its export macro): a declaration, as on one line.
    new RegExp(String.raw`^${n}\s*\((?:void\s*\)|(?:(?:const|struct|enum|union|unsigned|signed|volatile)\s+)*[A-Za-z_]\w*(?:\s+|\s*\*+\s*)[A-Za-z_]\w*(?:\[\w*\])?\s*[,)])(?![^;{]*;\s*$)`),
  ];
}

/** Names whose patterns are compiled and kept (bounded; exported for the leak test and bench). */
export function cachedDefinitionNames(): number {
  return cache.size;
}
