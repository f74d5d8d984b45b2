/**
 * A C++ library that keeps its code in headers splits a class in two: a header declares its members
 * (`ondemand/object.h`) and an inline part gives them bodies (`ondemand/object-inl.h`, `inline/object.h`,
 * `impl/App_inl.hpp`, `object.ipp`). A fix to a body changes the inline part alone, but a new member needs a
 * declaration and a body: when an issue asks for a feature, each answered half brings its other half.
 */
import { dirname, posix } from 'node:path';

/** How a header-side file relates to its class: its stem, whether it holds bodies, and the folder it belongs to. */
interface HeaderHalf {
  stem: string;
  inline: boolean;
  /** The folder of the class: an inline part's, less a trailing `inline/` or `impl/`. */
  home: string;
  dir: string;
}

/** The inline-part names headerSource.ts knows (`object-inl.h`, `parser_impl.hpp`, `mat.inl.hpp`), less the mark. */
const INLINE_NAME = /^(.+?)[-_.](?:inl|inline|impl)\.(?:h|hh|hpp|hxx)$/i;
const INLINE_EXTENSION = /^(.+)\.(?:inl|ipp|tpp|tcc)$/i;
const HEADER_NAME = /^(.+)\.(?:h|hh|hpp|hxx)$/i;
const INLINE_FOLDER = /^(?:inline|impl)$/i;

function headerHalf(path: string): HeaderHalf | undefined {
  const dir = dirname(path);
  const name = posix.basename(path);
  const inFolder = INLINE_FOLDER.test(posix.basename(dir));
  const home = inFolder ? dirname(dir) : dir;
  const marked = INLINE_NAME.exec(name) ?? INLINE_EXTENSION.exec(name);
  if (marked) return { stem: marked[1]!.toLowerCase(), inline: true, home, dir };
  const header = HEADER_NAME.exec(name);
  if (!header) return undefined;
  return { stem: header[1]!.toLowerCase(), inline: inFolder, home: inFolder ? home : dir, dir };
}

/**
 * True when `a` and `b` are the two halves of one class: the same stem, one declaring and one holding bodies, the
 * inline part in the header's folder, in an `inline/` or `impl/` folder beside it, or in one beside the header's
 * own folder (simdjson's `dom/element.h` and `inline/element.h`).
 */
export function areHalves(a: string, b: string): boolean {
  const x = headerHalf(a);
  const y = headerHalf(b);
  if (!x || !y || x.stem !== y.stem || x.inline === y.inline || a === b) return false;
  const [header, part] = x.inline ? [y, x] : [x, y];
  return part.home === header.dir || part.home === dirname(header.dir);
}

/** The other half of a C++ header or inline part among `known` paths: one in the same folder first. */
export function headerHalfOf(path: string, known: readonly string[]): string | undefined {
  return known
    .filter((other) => areHalves(path, other))
    .sort((a, b) => Number(dirname(b) === dirname(path)) - Number(dirname(a) === dirname(path)) || a.localeCompare(b))[0];
}

/**
 * The answer with the other half of each answered file (`halfFor`: a header's inline part, an inline part's
 * header) inserted right after it, each file once.
 */
export function withOtherHalves(answer: readonly string[], halfFor: (path: string) => string | undefined): { path: string; halfOf?: string }[] {
  const out: { path: string; halfOf?: string }[] = [];
  const taken = new Set(answer);
  for (const path of answer) {
    out.push({ path });
    const half = halfFor(path);
    if (!half || taken.has(half)) continue;
    taken.add(half);
    out.push({ path: half, halfOf: path });
  }
  return out;
}

/**
 * One glob, anywhere in the tree, for every header-side file named like a leading header or inline part
 * (`{object,value}{,-inl,_inl,…}.{h,…}`), so an answer's other half is known to exist though no search found it;
 * undefined when no leader is one. Stems are lower case: the glob is made case-insensitive.
 */
export function halvesGlob(leaders: string[]): string | undefined {
  const stems = [...new Set(leaders.map((path) => headerHalf(path)?.stem).filter((stem): stem is string => !!stem && /^[\w.+-]+$/.test(stem)))];
  if (stems.length === 0) return undefined;
  const names = stems.length === 1 ? stems[0] : `{${stems.join(',')}}`;
  return `**/${names}{,-inl,_inl,.inl,-impl,_impl,-inline,_inline}.{h,hh,hpp,hxx,inl,ipp,tpp,tcc}`;
}
