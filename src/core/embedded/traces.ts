/**
 * Stack traces as runtimes print them: each frame's file and function, innermost first, and the exception or panic
 * that ended the trace. Python, JavaScript (V8, Firefox, Safari, React's component stack), Java, Go, Rust and
 * native backtraces (AddressSanitizer, gdb, Valgrind). clues.ts turns them into clues, weighed by frame depth.
 */

/** One frame: its file, its function, and (JavaScript, Python) the class that owns the function. */
export interface TraceFrame {
  path?: string;
  symbol?: string;
  /** A JavaScript frame's class (`EventHandler` in `EventHandler.invokeCallbacks`). */
  owner?: string;
}

/** The exception a trace ended with, and its message if printed. */
export interface TraceException {
  name: string;
  message?: string;
}

/**
 * A Python frame, in the interpreter's form (`File "x.py", line 3, in f`), IPython 8's and Jupyter's (`File
 * ~/src/x.py:3, in Plot._plot(self)`, the function qualified by its class), older IPython's (`~/src/x.py in
 * _plot(self, pyplot)` at a line's start, the source lines below it) or pytest's (`src/x.py:3: in f` alone on its
 * line). All print the innermost frame last. Groups: path and function of each form. Older IPython names the
 * module's compiled file where one was loaded (`…/mplot3d/art3d.pyc in get_facecolors(self)`); its source is the `.py`.
 * pytest's default (long) report ends each frame's excerpt with its place alone (`src/x.py:3:`), and the innermost
 * frame's with the exception's class (`src/x.py:30: ValueError`); the last group is that form's path.
 */
const PY_FRAME_RE =
  /File "([^"]+)", line \d+, in ([\w<>]+)|File ((?:[A-Za-z]:)?[^\s"]+\.py):\d+, in ([\w.<>]+)|^[ \t]*((?:[A-Za-z]:)?[^\s"]+\.py[co]?) in ([\w<>]+)\(|^[ \t]*((?:[A-Za-z]:)?[^\s":]+\.py):\d+: in ([\w<>]+)[ \t]*$|^[ \t]*((?:[A-Za-z]:)?[^\s":]+\.py):\d+:(?: [A-Z][\w.]*)?[ \t]*$/gm;
/**
 * A warning as Python's `warnings` module prints it: where it was raised, its category and its message
 * (`…/site-packages/pydicom/charset.py:488: UserWarning: Failed to encode value with encodings: …`), and a failure
 * as pytest's `--tb=line` prints it, in the same form (`…/attr/_make.py:2034: TypeError: …`). Groups: path,
 * category, message.
 */
const PY_WARNING_RE = /^[ \t]*((?:[A-Za-z]:)?[^\s"]+\.py):\d+: ([A-Z]\w*(?:Warning|Error|Exception)): (.+)$/gm;
/**
 * Django's error page, as reporters paste it: `Exception Location: …/fields/__init__.py, line 2053, in get_prep_value`
 * names the frame that raised, and `Exception Type: ValueError at /admin/` with `Exception Value: invalid literal …`
 * (its value on the line or the next, as the page's table copies) the exception. Groups: path and function; name and
 * message.
 */
const DJANGO_LOCATION_RE = /^[ \t]*Exception Location:[ \t]*((?:[A-Za-z]:)?[^\s",]+\.py), line \d+, in ([\w<>]+)/gm;
const DJANGO_EXCEPTION_RE = /^[ \t]*Exception Type:[ \t]*(?:[\w.]+\.)?([A-Z]\w*)(?:[ \t]+at[ \t]+\S*)?[ \t]*\r?\n[ \t]*Exception Value:[ \t]*(?:\r?\n[ \t]*)?(\S.*)$/gm;
/** Lines of a Python trace that name a frame or a notebook cell, whose `File`, `Cell` or `Input` names no code. */
const PY_FRAME_LINE_RE = new RegExp(
  [
    /(?:^|[\s>|])File "[^"]+", line \d+/.source,
    /(?:^|[\s>|])File (?:[A-Za-z]:)?[^\s"]+\.py:\d+, in /.source,
    /^\s*(?:[A-Za-z]:)?[^\s"]+\.py[co]? in [\w<>]+\(/.source,
    /^\s*(?:[A-Za-z]:)?[^\s":]+\.py:\d+: in [\w<>]+\s*$/.source,
    /^\s*(?:[A-Za-z]:)?[^\s":]+\.py:\d+:(?: [A-Z][\w.]*)?\s*$/.source,
    /^\s*(?:[A-Za-z]:)?[^\s"]+\.py:\d+: [A-Z]\w*(?:Warning|Error|Exception): /.source,
    /^\s*(?:Cell In ?\[\d*\], line \d+|Input In ?\[\d*\], in |<ipython-input-[\w-]+> in )/.source,
    /^\s*Exception Location:/.source,
  ].join('|'),
);
/**
 * A JavaScript frame: V8's `at fn (path:line:col)` or Firefox's and Safari's `fn@path:line:col`. In a browser the
 * location is a URL: a dev server's (`http://localhost:5173/src/App.vue?t=1699:12:5`, Vite serves the sources by
 * their paths) or a bundler's (`webpack:///./src/App.js`); cleanPath drops the scheme and host, and the query goes.
 * A script may have no extension (`bin/www`, `bin/lessc`), and Node 16 and later print their own modules as
 * `node:internal/modules/cjs/loader` (runtime frames, see isRuntimePath). A class's private method is `#name`.
 * Next.js's webpack names the layer a module was built for before its path
 * (`webpack-internal:///(app-pages-browser)/./src/app/settings/page.tsx`, `(rsc)`, `(ssr)`): the app's own file.
 */
const JS_FRAME_RE = /^[^\S\n]*(?:at (?:(?:async |new )?([\w$#.<>[\] ]+?) \()?|([\w$.<>/]*)@)(?:(?:https?|file|webpack(?:-internal)?):\/\/[^\s/()]*(?:\/\([\w-]+\))?)?((?:node:)?(?:[A-Za-z]:)?(?:[^\s():?]+\.[A-Za-z]+|[^\s():?<]*[/\\][^\s():?/\\.]+))(?:\?[^\s():]*)?:(\d+)(?::\d+)?\)?\s*$/gm;
/** React's component stack (`in TopicList (at TopicList.jsx:12)`, `in Row (created by Table)`): components are the app's. */
const REACT_FRAME_RE = /^[^\S\n]*in ([A-Z][\w$]*)(?: \(at ([^\s():]+\.[A-Za-z]+):\d+\))?(?: \(created by [\w$.]+\))?\s*$/gm;
const JAVA_FRAME_RE = /^[^\S\n]*at ([\w$.]+)\.([\w$<>]+)\(([\w$]+\.(?:java|kt|scala)):\d+\)/gm;
const GO_FRAME_RE = /^[^\S\n]*(\/?(?:[\w.@-]+\/)*[\w.-]+\.go):(\d+)/gm;
const GO_FUNC_RE = /^[^\S\n]*(?:[\w.@-]+\/)*[\w-]+\.(?:\(\*?(\w+)\)\.)?(\w+)\((?:0x[0-9a-f]+|\.\.\.|, )*\)?\s*$/gm;
const RUST_FRAME_RE = /((?:[\w.-]+\/)*[\w.-]+\.rs):(\d+):\d+/g;
/**
 * A native backtrace's frame, innermost first: AddressSanitizer's and glibc's `#0 0x55b1 in args_percentage
 * /src/tmux/arguments.c:877`, gdb's `#1 0x55b1 in cmdq_next (item=0x0) at cmd-queue.c:763`, Valgrind's `by 0x4C2B:
 * jv_free (jv.c:12)`. C++ names keep their last `::` part.
 */
const NATIVE_FRAME_RE =
  /^[ \t]*(?:==\d+==[ \t]+)?(?:#\d+[ \t]+(?:0x[0-9a-f]+[ \t]+in[ \t]+)?([\w:~$]+)(?:[ \t]*\([^\n]*\))?[ \t]+(?:at[ \t]+)?|(?:at|by)[ \t]+0x[0-9a-f]+:[ \t]+([\w:~$]+)[ \t]+\()((?:[A-Za-z]:)?[^\s():]+\.(?:c|cc|cpp|cxx|h|hh|hpp|hxx|ipp|inl|m|mm)):\d+/gim;
/** A browser console's prefix to an exception it printed: `Uncaught TypeError: …`, `Uncaught (in promise) Error: …`. */
const UNCAUGHT = String.raw`(?:Uncaught\s+(?:\(in promise\)\s+)?)?`;
/** How an exception class's name ends (`ValueError`, `SystemExit`, `KeyboardInterrupt`). */
const EXCEPTION_ENDINGS = '(?:Error|Exception|Warning|Exit|Interrupt)';
export const EXCEPTION_NAME_END = new RegExp(`${EXCEPTION_ENDINGS}$`);
/** pytest marks the lines of a failure's exception with an `E` (`E       ValueError: could not convert …`). */
const PYTEST_FAILURE_MARK = String.raw`(?:E[^\S\n]+)?`;
const EXCEPTION_LINE_RE = new RegExp(String.raw`^[^\S\n]*${PYTEST_FAILURE_MARK}${UNCAUGHT}(?:[\w.]+\.)?([A-Z][A-Za-z]*${EXCEPTION_ENDINGS})(?::\s*(.+))?$`, 'gm');
/** The exception line that ends a Python traceback, whatever the class is called (`Http404`, `DoesNotExist`). */
const TRACEBACK_END_RE = /^Traceback \(most recent call last\):[ \t]*\n(?:[ \t].*\n|\n)*(?:[\w.]+\.)?([A-Z][A-Za-z0-9_]*)(?::[ \t]*(.+))?$/gm;
const PANIC_RE = new RegExp(String.raw`^[^\S\n]*(?:panic: |thread '[^']*' panicked at |error(?:\[\w+\])?: |${UNCAUGHT}Error: )(.+)$`, 'gm');
/**
 * Rust 1.73 and later print a panic's location first and its message on the next line (`thread 'main' panicked at
 * src/rng.rs:219:48:` then `Rng::fill failed`).
 */
const RUST_PANIC_LOCATION_RE = /^\S+:\d+:\d+:\s*$/;
/**
 * Messages Rust's standard library panics with, whatever the project: an `assert_eq!`'s, an `unwrap()`'s, integer
 * overflow, a bad index. No file of the project holds their text (`left == right` would match its code).
 */
const RUST_STD_PANIC_RE =
  /^(?:assertion `left [!=]= right` failed|called `(?:Option|Result)::\w+\(\)` on |attempt to [\w ]+ with overflow|index out of bounds: |range (?:start|end) index \d+ out of range|byte index \d+ is (?:out of bounds|not a char boundary))/;

/** Owners V8 prints for built-in and anonymous receivers: they name no file of the project. */
const RUNTIME_OWNERS = new Set(['Object', 'Module', 'Function', 'Array', 'Map', 'Set', 'Promise', 'Generator', 'AsyncGenerator', 'JSON', 'Reflect', 'process', 'global', 'globalThis', 'window', 'async', 'new']);

/** Every frame of the text's traces, innermost first, and the receiver types of Go's frames (`(*Server).Serve`). */
export function traceFrames(text: string): { frames: TraceFrame[]; receivers: string[] } {
  const frames: TraceFrame[] = [];
  const receivers: string[] = [];
  for (const m of text.matchAll(PY_FRAME_RE)) {
    const parts = (m[2] ?? m[4] ?? m[6] ?? m[8] ?? '').split('.');
    const path = (m[1] ?? m[3] ?? m[5] ?? m[7] ?? m[9])?.replace(/\.py[co]$/, '.py');
    frames.push({ path, symbol: parts[parts.length - 1] || undefined, owner: parts[parts.length - 2] });
  }
  // Python prints the innermost frame last; most other runtimes print it first.
  frames.reverse();
  // Django's page names the raising frame apart from its traceback, which the reporter may not have pasted.
  for (const m of text.matchAll(DJANGO_LOCATION_RE)) {
    if (frames[0]?.path !== m[1]) frames.unshift({ path: m[1], symbol: m[2] });
  }
  // A warning's line is where the program warned, a frame of its own below a traceback's frames.
  for (const m of text.matchAll(PY_WARNING_RE)) frames.push({ path: m[1] });
  // Firefox names a closure by its enclosing function: `makeTopic/<` is inside makeTopic.
  for (const m of text.matchAll(JS_FRAME_RE)) {
    // `EventHandler.invokeCallbacks`: the method, and the class that owns it.
    const parts = ((m[1] ?? m[2])?.replace(/[/<]+$/, '').split('/').pop() ?? '').split(/[.\s]/).filter(Boolean).map((part) => part.replace(/^#/, ''));
    const owner = parts[parts.length - 2];
    frames.push({ path: m[3], symbol: parts[parts.length - 1], owner: owner && /^[A-Za-z_$][\w$]*$/.test(owner) && !RUNTIME_OWNERS.has(owner) ? owner : undefined });
  }
  for (const m of text.matchAll(REACT_FRAME_RE)) frames.push({ path: m[2], symbol: m[1] });
  // Java prints the outermost exception first and each cause below it (`Caused by:`); the last cause is where the
  // failure began, so its frames are the innermost.
  for (const block of text.split(/^(?=[ \t]*Caused by: )/m).reverse()) {
    for (const m of block.matchAll(JAVA_FRAME_RE)) frames.push({ path: javaPath(m[1] ?? '', m[3] ?? ''), symbol: m[2] });
  }
  for (const m of text.matchAll(GO_FRAME_RE)) frames.push({ path: m[1] });
  for (const m of text.matchAll(GO_FUNC_RE)) {
    if (m[1]) receivers.push(m[1]);
    if (m[2] && m[2] !== 'main') frames.push({ symbol: m[2] });
  }
  for (const m of text.matchAll(RUST_FRAME_RE)) frames.push({ path: m[1] });
  for (const m of text.matchAll(NATIVE_FRAME_RE)) frames.push({ path: m[3], symbol: (m[1] ?? m[2])?.split('::').pop() });
  return { frames, receivers };
}

/** The exceptions the text's traces end with: `XError: message` lines, then the end of a Python traceback. */
export function traceExceptions(text: string): TraceException[] {
  const out: TraceException[] = [];
  for (const m of text.matchAll(EXCEPTION_LINE_RE)) out.push({ name: m[1] ?? '', message: m[2] || undefined });
  for (const m of text.matchAll(PY_WARNING_RE)) out.push({ name: m[2] ?? '', message: m[3] });
  for (const m of text.matchAll(DJANGO_EXCEPTION_RE)) out.push({ name: m[1] ?? '', message: m[2]?.trim() });
  for (const m of text.matchAll(TRACEBACK_END_RE)) {
    if (EXCEPTION_NAME_END.test(m[1] ?? '')) continue; // an exception line, above
    out.push({ name: m[1] ?? '', message: m[2] || undefined });
  }
  return out;
}

/** The messages of Go and Rust panics and of `error:` lines. */
export function panicMessages(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PANIC_RE)) {
    let message = m[1] ?? '';
    if (RUST_PANIC_LOCATION_RE.test(message)) {
      const next = text.slice((m.index ?? 0) + m[0].length).match(/^\r?\n[ \t]*([^\r\n]+)/);
      message = next?.[1] ?? '';
    }
    if (message && !RUST_STD_PANIC_RE.test(message)) out.push(message);
  }
  return out;
}

/**
 * The text without Python, JavaScript and Java stack-frame lines. A Python frame may follow a prefix that a tool or
 * a log put before every line (pytest's `INTERNALERROR>`, docker compose's `web_1    |`): its `File` is no name.
 * A notebook's own cells (`Cell In[3], line 4`) go too, and so does what Node prints around an uncaught error that
 * is its own, not the project's: its version (`Node.js v20.11.0`, which read as a file name), and the excerpt of
 * its own module's source or of the text `JSON.parse` was given (`node:internal/modules/esm/resolve:283`, the line,
 * the caret under it).
 */
export function withoutFrameLines(text: string): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  // Source lines Python printed under its frames: recursion prints the same ones again and again (a template
  // rendering its nested nodes), and each copy would count as the reporter naming those functions once more.
  const frameSources = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const excerpt = RUNTIME_EXCERPT_RE.test(line) ? lines.slice(i + 1, i + 4).findIndex((next) => /^\s*\^+\s*$/.test(next)) : -1;
    if (excerpt >= 0) {
      i += excerpt + 1;
      continue;
    }
    if (PY_FRAME_LINE_RE.test(line)) {
      const next = lines[i + 1] ?? '';
      const source = PY_FRAME_LINE_RE.test(next) ? '' : next.trim();
      if (frameSources.has(source)) i++;
      else if (source) frameSources.add(source);
      continue;
    }
    if (JS_FRAME_LINE_RE.test(line) || NODE_FRAME_LINE_RE.test(line) || RUNTIME_NOTE_LINE_RE.test(line)) continue;
    kept.push(line);
  }
  return kept.join('\n');
}

/**
 * A Markdown link to a local file, as VS Code's notebooks print a frame's path and reporters paste it
 * (`[c:\…\seaborn\axisgrid.py](file:///C:/…/seaborn/axisgrid.py) in pairplot(data, hue, …)`): its text, which
 * leaves the frame in the form the kernel printed. Applied to the issue once, before its traces are read.
 */
const FILE_LINK_RE = /\[([^\]\n]+)\]\(file:\/\/[^)\s]*\)/g;

export function withoutFileLinks(text: string): string {
  return text.replace(FILE_LINK_RE, '$1');
}

const JS_FRAME_LINE_RE = /^\s*at (?:.+ \()?\S*(?:\.[A-Za-z]+|[/\\][^\s():/\\.]+):\d+(?::\d+)?\)?\s*$/;
/**
 * A frame of Node's own modules, also the last one, which Node ends with ` {` when the error has properties to print
 * (`code: 'ERR_MODULE_NOT_FOUND'`). The project's frames ending so stay in the text: read as frames they weighed
 * less than their words did, and two library-bench answers lost a right file or gained a wrong one.
 */
const NODE_FRAME_LINE_RE = /^\s*at (?:.+ \()?node:\S+?:\d+(?::\d+)?\)?(?:\s*\{)?\s*$/;
/**
 * Lines a runtime prints under every crash, whatever the project: Node's version (`Node.js v20.11.0`, which read
 * as a file name) and Rust's hint to set `RUST_BACKTRACE` (which read as a constant the issue names).
 */
const RUNTIME_NOTE_LINE_RE = /^\s*(?:Node\.js v\d+(?:\.\d+)*|note: (?:run with `RUST_BACKTRACE=|Some details are omitted, run with `RUST_BACKTRACE=).*)\s*$/;
/** The location line that opens Node's excerpt of the runtime's own source or of `JSON.parse`'s input. */
const RUNTIME_EXCERPT_RE = /^(?:node:[\w/.-]+|internal\/[\w/.-]+|<anonymous_script>):\d+\s*$/;

/** A frame's or a quoted path with forward slashes, without a URL's scheme and host, a leading `./` or `/`, or trailing punctuation. */
export function cleanPath(raw: string): string {
  return raw
    .replace(/\\/g, '/')
    .replace(/^[a-z]+:\/\/[^/]+\//i, '')
    .replace(/^(?:\.\/|\/)+/, '')
    .replace(/[.,;:]+$/, '');
}

/** An npm package's installed file: the package (`npm`, scoped or not) and the path inside it (`inside`). */
const NODE_MODULES_RE = /^(?:.*\/)?node_modules\/(?<npm>(?:@[^/]+\/)?[^/.][^/]*)\/(?<inside>[^/]+\/.+)$/;

/**
 * Where installed packages live: the path after one of these is the package's own file, the same file as in
 * its repository (`node_modules/axios/lib/core/settle.js` is `lib/core/settle.js` of axios). A reporter's trace
 * runs through the installed copy of the project they report on, so these frames are the issue's best
 * evidence, not runtime noise. Inside node_modules at least two segments must follow the package name: a
 * bare `index.js` could be any dependency's.
 */
const INSTALLED_PACKAGE_RES = [
  /(?:site|dist)-packages\/(?<inside>.+)$/,
  NODE_MODULES_RE,
  /(?:^|\/)\.cargo\/registry\/src\/[^/]+\/[^/]+\/(?<inside>.+)$/,
  /(?:^|\/)pkg\/mod\/[^@]+@[^/]+\/(?<inside>.+)$/,
];

/** The path inside an installed package (see INSTALLED_PACKAGE_RES), or undefined. */
export function installedPackagePath(path: string): string | undefined {
  for (const pattern of INSTALLED_PACKAGE_RES) {
    const inside = pattern.exec(path)?.groups?.inside;
    if (inside) return inside;
  }
  return undefined;
}

/**
 * The npm package an installed path is in (`@discordjs/rest` for `/app/node_modules/@discordjs/rest/dist/index.js`),
 * for the paths INSTALLED_PACKAGE_RES reads inside node_modules; undefined for any other path.
 */
export function installedNpmPackage(path: string): string | undefined {
  return NODE_MODULES_RE.exec(path)?.groups?.npm;
}

/** For absolute or installed paths keep the part inside the installed package, or the last few segments. */
export function tracePathSuffix(path: string): string {
  const installed = installedPackagePath(path);
  if (installed) return installed;
  const parts = path.split('/');
  return parts.slice(-Math.min(parts.length, 4)).join('/');
}

/**
 * A runtime's own file in a trace: the Python standard library, node_modules, Rust's and Go's runtimes, and
 * Node's internals (`internal/modules/cjs/loader.js` at the path's start; `node:internal/…` since Node 16). A Go
 * project's own `internal/` packages (`zrpc/internal/serverinterceptors/statinterceptor.go`, `internal/cmd/grpc.go`)
 * are the project's.
 */
export function isRuntimePath(path: string): boolean {
  return (
    /(?:^|\/)(?:lib\/python\d[\d.]*\/(?!site-packages)|node_modules\/|runtime\/|rustc\/|\.cargo\/registry|<frozen|<string>|<stdin>|<ipython)/.test(path) ||
    /^internal\/.*\.[cm]?js$/.test(path) ||
    path.startsWith('node:')
  );
}

/** A Java frame's file under its package's folders (`com.x.Foo.bar` in `Foo.java` is `com/x/Foo.java`). */
function javaPath(qualified: string, file: string): string {
  const parts = qualified.split('.');
  parts.pop();
  return [...parts.filter((p) => /^[a-z]/.test(p)), file].join('/');
}
