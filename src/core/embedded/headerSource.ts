/**
 * C and C++ split a function between a header, which declares it (`int json_equal(const json_t *, const json_t *);`),
 * and a source file, which gives it a body. A bug in what the function does is fixed in the body. The learned model
 * saw little C (20 of 694 training rows), and its shared weights hold down a file that defines many of the issue's
 * names, which is what a library's main source file does: so a header that only declares them could lead it.
 */
import type { Clue } from './clues';
import type { FileEvidence } from './evidence';
import { areHalves } from './companions';
import { pathKind } from './pathKinds';
import { fileStem } from './score';

/**
 * A header: `.h`, `.hpp`, `.hh`, `.hxx`, and a header's template, filled in at build time (`logging.h.in`, CMake's
 * `zconf.h.cmakein`, PCRE2's `pcre2.h.generic`).
 */
const HEADER = /\.(?:h|hh|hpp|hxx|h\+\+)$/i;
const TEMPLATE_SUFFIX = /\.(?:in|cmake|cmakein|generic)$/i;
/**
 * Where a C++ library puts the bodies its header declares when they must stay in headers: `document-inl.h`,
 * `parser_impl.hpp`, `.inl`, `.ipp`, `.tcc`, `.tpp`.
 */
const INLINE_PART = /[-_.](?:inl|inline|impl)\.(?:h|hh|hpp|hxx)$|\.(?:inl|ipp|tcc|tpp)$/i;
const SOURCE = /\.(?:c|cc|cpp|cxx|c\+\+|m|mm)$/i;

/** Title words about what a header holds: "Public header declares …", "… macro doesn't parenthesize …". */
const HEADER_WORDS = new Set(['header', 'headers', 'macro', 'macros', 'declaration', 'declarations', 'declare', 'declares', 'declared', 'prototype', 'prototypes', 'typedef', 'inline']);

/** How far down the implementation of a leading header is looked for (the model scores only its first 3 files). */
export const LOOK_DOWN = 5;

/** True for a C or C++ header that declares, rather than one holding the bodies of another's declarations. */
export function isDeclaringHeader(path: string): boolean {
  return HEADER.test(path.replace(TEMPLATE_SUFFIX, '')) && !INLINE_PART.test(path);
}

/** True for a C or C++ file that gives functions their bodies: a source file or a header's inline part. */
export function isImplementation(path: string): boolean {
  return (SOURCE.test(path) || INLINE_PART.test(path)) && pathKind(path) === 'source';
}

/**
 * The names that `file` gives a body and `header` only mentions (a prototype, a member's declaration).
 * When `file` is the header's own inline part (companions.ts), a name the header seems to define counts too: a
 * prototype split over lines (`GLM_FUNC_DECL vec<3, T, Q> closestPointOnLine(`) reads as a definition, and the
 * library's layout says the body is in the inline part.
 */
export function implementsDeclared(header: FileEvidence, file: FileEvidence): Clue[] {
  const ownPart = areHalves(header.path, file.path);
  return [...file.definitions.values()]
    .filter((hit) => hit.implemented !== false && hit.clue.kind === 'symbol' && (ownPart || !header.definitions.has(hit.clue.text)) && (header.mentions.has(hit.clue.text) || header.definitions.has(hit.clue.text)))
    .map((hit) => hit.clue);
}

/**
 * The strongest issue name `file` implements that `header` only declares, when it is at least as strong as any the
 * header gives behaviour itself (a macro, an inline function, a struct) that `file` does not use; else undefined.
 * spdlog's `daily_file_sink.h` defines the `daily_logger_format_mt` a title names, and `logger-inl.h`'s body for
 * `info` does not outweigh it; `cJSON.h` defines the `cJSON` struct, which `cJSON.c` uses throughout, so
 * `cJSON.c`'s `cJSON_SetValuestring` does.
 */
export function implementsHeader(header: FileEvidence, file: FileEvidence): Clue | undefined {
  const declared = implementsDeclared(header, file);
  if (declared.length === 0) return undefined;
  const best = declared.reduce((a, b) => (b.weight > a.weight ? b : a));
  const headerOnly = [...header.definitions.values()].filter(
    (hit) => hit.implemented !== false && hit.clue.kind === 'symbol' && !file.definitions.has(hit.clue.text) && !file.mentions.has(hit.clue.text),
  );
  return best.weight >= Math.max(0, ...headerOnly.map((hit) => hit.clue.weight)) ? best : undefined;
}

/**
 * When the first file is a declaring header and one of the next few implements what it declares (above), the two
 * trade places and probabilities: the answer size then decides whether the header stays, as for any other file.
 * A title about what headers hold (a macro, a declaration) leaves the order alone.
 */
export function implementationFirst<T extends Ranked>(order: T[], titleWords: string[]): T[] {
  const first = order[0];
  if (!first || !isDeclaringHeader(first.file.path) || titleWords.some((word) => HEADER_WORDS.has(word))) return order;
  for (let index = 1; index < Math.min(order.length, LOOK_DOWN); index++) {
    const implementation = order[index]!;
    const name = isImplementation(implementation.file.path) ? implementsHeader(first.file.evidence, implementation.file.evidence) : undefined;
    if (!name) continue;
    return tradeWithFirst(order, index, { declaredBy: { header: first.file.path, name: name.text } });
  }
  return cSourceFirst(order);
}

/** `order` with its first file and the one at `index` trading places and scores; `extra` marks the moved file. */
function tradeWithFirst<T extends Ranked>(order: T[], index: number, extra: Partial<Ranked> = {}): T[] {
  const first = order[0]!;
  const moved = order[index]!;
  return [{ ...moved, score: first.score, ...extra }, ...order.slice(1, index), { ...first, score: moved.score }, ...order.slice(index + 1)];
}

/**
 * A C header leads by its words when the issue names nothing (behaviour only): a public header documents the whole
 * API in its comments (`expat.h`, `zstd.h`, `yaml.h`), but a C library's behaviour is in its `.c` files. So the
 * first `.c` source among the model's next files trades places with it, unless the header gives a body itself to a
 * code name the title writes that the source does not define (cJSON's `cJSON_SetIntValue` is a macro in `cJSON.h`).
 * Measured on the source bench's 144 C issues: 101 first files right before, 109 after, none lost. C++ keeps
 * templates and inline bodies in its headers, so there only the header's own source moves up (ownSource): on the
 * bench's 168 C++ issues, 88 first files right before, 91 after (re2, glog, yaml-cpp gained 4; tinyxml2 lost 1).
 */
function cSourceFirst<T extends Ranked>(order: T[]): T[] {
  const first = order[0];
  if (!first || !isDeclaringHeader(first.file.path)) return order;
  const index = order.findIndex((other, i) => i > 0 && i < LOOK_DOWN && isImplementation(other.file.path) && ownSource(first.file.path, other.file.path));
  if (index < 0) return order;
  const source = order[index]!;
  const ownBody = [...first.file.evidence.definitions.values()].some(
    (hit) => hit.implemented !== false && hit.clue.kind === 'symbol' && hit.clue.source === 'title' && !/^[a-z]+$/.test(hit.clue.text) && !source.file.evidence.definitions.has(hit.clue.text),
  );
  return ownBody ? order : tradeWithFirst(order, index);
}

/**
 * Whether `source` gives bodies to what `header` declares: in C, any `.c` file; in C++, whose headers hold templates
 * and inline bodies, only the header's own source file, of the same name (`re2.h` and `re2.cc`,
 * `include/yaml-cpp/binary.h` and `src/binary.cpp`, `logging.h.in` and `logging.cc`).
 */
function ownSource(header: string, source: string): boolean {
  const built = header.replace(TEMPLATE_SUFFIX, '');
  if (/\.h$/.test(built) && /\.c$/.test(source)) return true;
  return CPP_SOURCE.test(source) && fileStem(built) === fileStem(source);
}

const CPP_SOURCE = /\.(?:cc|cpp|cxx)$/i;

/** A ranked candidate; `declaredBy` is set on an implementation moved above the header that declares its name. */
export interface Ranked {
  file: { path: string; evidence: FileEvidence };
  score: number;
  declaredBy?: { header: string; name: string };
}
