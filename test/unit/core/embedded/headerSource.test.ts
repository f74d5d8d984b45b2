import { strict as assert } from 'node:assert';
import type { Clue } from '../../../../src/core/embedded/clues';
import type { ClueHit, FileEvidence } from '../../../../src/core/embedded/evidence';
import { implementationFirst, implementsHeader, isDeclaringHeader, isImplementation, type Ranked } from '../../../../src/core/embedded/headerSource';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeTree, removeTree } from '../../tools/fixture';

const symbol = (text: string, weight: number): Clue => ({ kind: 'symbol', text, source: 'title', weight });
const hits = (...clues: Clue[]) => new Map<string, ClueHit>(clues.map((clue) => [clue.text, { clue, lines: [1] }]));
function evidence(path: string, definitions: Clue[], mentions: Clue[]): FileEvidence {
  return { path, pathMatches: [], moduleMatches: [], definitions: hits(...definitions), mentions: hits(...mentions), messages: new Map() };
}
const ranked = (...files: [FileEvidence, number][]): Ranked[] => files.map(([evidence, score]) => ({ file: { path: evidence.path, evidence }, score }));

describe('C and C++ headers against the files that implement them (headerSource.ts)', () => {
  const setString = symbol('xj_set_string', 4);
  const item = symbol('xj_item', 2);

  it('tells declaring headers from sources and inline parts', () => {
    for (const path of ['xjson.h', 'include/re2/re2.h', 'src/pugixml.hpp', 'lib/a.hh', 'b.hxx', 'src/glog/logging.h.in', 'src/pcre2.h.generic', 'zconf.h.cmakein']) assert.ok(isDeclaringHeader(path), path);
    for (const path of ['document-inl.h', 'parser_impl.hpp', 'x.inl', 'x.c', 'x.cpp', 'x.go', 'config.cmake', 'Makefile.in']) assert.ok(!isDeclaringHeader(path), path);
    for (const path of ['xjson.c', 'src/parse.cc', 'lib/a.cpp', 'include/simdjson/dom/object-inl.h', 'detail/x.ipp']) assert.ok(isImplementation(path), path);
    for (const path of ['xjson.h', 'test/xjson_test.c', 'examples/demo.cpp', 'xjson.py']) assert.ok(!isImplementation(path), path);
  });

  it('needs a name the header only declares, as strong as any the header alone gives behaviour', () => {
    const header = evidence('xjson.h', [item], [setString]);
    assert.ok(implementsHeader(header, evidence('xjson.c', [setString], [item])), "the source uses the header's struct");
    assert.ok(!implementsHeader(header, evidence('xjson.c', [], [setString, item])), 'the source defines nothing');
    assert.ok(!implementsHeader(evidence('xjson.h', [setString], []), evidence('xjson.c', [setString], [])), 'the header has the body (an inline function, a macro)');
    const macro = symbol('XJ_SET_NUMBER', 5);
    assert.ok(!implementsHeader(evidence('xjson.h', [macro], [setString]), evidence('xjson.c', [setString], [])), 'a stronger name the source never uses');
    assert.ok(!implementsHeader(evidence('xjson.h', [], []), evidence('xjson.c', [setString], [])), 'the header does not name it at all');
  });

  it("takes a name the header seems to define as declared when the other file is the header's own inline part", () => {
    // glm: `GLM_FUNC_DECL vec<3, T, Q> closestPointOnLine(` is a prototype split over lines, read as a definition.
    const closest = symbol('closestPointOnLine', 4);
    const header = evidence('glm/gtx/closest_point.hpp', [closest], []);
    assert.equal(implementsHeader(header, evidence('glm/gtx/closest_point.inl', [closest], []))?.text, 'closestPointOnLine');
    assert.equal(implementsHeader(header, evidence('glm/gtx/other_point.inl', [closest], [])), undefined, 'another stem');
    assert.equal(implementsHeader(header, evidence('glm/gtx/closest_point.cpp', [closest], [])), undefined, 'a source file, not the inline part');
  });

  it('puts the implementation first with the header’s probability, and the header where it was', () => {
    const order = ranked([evidence('xjson.h', [item], [setString]), 0.8], [evidence('xjson.def', [], [setString]), 0.7], [evidence('xjson.c', [setString], [item]), 0.4], [evidence('util.c', [], []), 0.1]);
    const moved = implementationFirst(order, ['set', 'string']);
    assert.deepEqual(moved.map((c) => [c.file.path, c.score]), [['xjson.c', 0.8], ['xjson.def', 0.7], ['xjson.h', 0.4], ['util.c', 0.1]]);
    assert.deepEqual(moved[0]!.declaredBy, { header: 'xjson.h', name: 'xj_set_string' });
  });

  it('leaves the order alone for a title about what headers hold, a source first, or an implementation too far down', () => {
    const header = evidence('xjson.h', [item], [setString]);
    const source = evidence('xjson.c', [setString], [item]);
    assert.equal(implementationFirst(ranked([header, 0.8], [source, 0.4]), ['macro', 'parenthesize'])[0]!.file.path, 'xjson.h');
    assert.equal(implementationFirst(ranked([source, 0.8], [header, 0.4]), [])[0]!.file.path, 'xjson.c');
    const others = [1, 2, 3, 4].map((i): [FileEvidence, number] => [evidence(`other${i}.c`, [], []), 0.5 - i / 10]);
    assert.equal(implementationFirst(ranked([header, 0.8], ...others, [source, 0.01]), [])[0]!.file.path, 'xjson.h');
  });

  it('puts a C source before a public header that leads by its words alone, unless the header has the body', () => {
    // A behaviour-only issue: expat.h's comments hold the issue's words ("parsing", "declaration") as much as any file.
    const words = [symbol('parsing', 0.9), symbol('declaration', 0.9)];
    const header = evidence('lib/expat.h', words, []);
    const parser = evidence('lib/xmlparse.c', [], words);
    const moved = implementationFirst(ranked([header, 0.5], [evidence('doc/reference.html', [], words), 0.3], [parser, 0.2]), []);
    assert.deepEqual(moved.map((c) => [c.file.path, c.score]), [['lib/xmlparse.c', 0.5], ['doc/reference.html', 0.3], ['lib/expat.h', 0.2]]);
    // cJSON's `cJSON_SetIntValue` is a macro in its header: the title names it, and the source does not define it.
    const macro = symbol('cJSON_SetIntValue', 4);
    assert.equal(implementationFirst(ranked([evidence('cJSON.h', [macro], []), 0.6], [evidence('cJSON.c', [], [macro]), 0.3]), [])[0]!.file.path, 'cJSON.h');
    // C++ keeps bodies in headers (templates, inline functions); a title about headers is about the header.
    assert.equal(implementationFirst(ranked([evidence('include/fmt/core.h', words, []), 0.6], [evidence('src/format.cc', [], words), 0.3]), [])[0]!.file.path, 'include/fmt/core.h');
    assert.equal(implementationFirst(ranked([header, 0.5], [parser, 0.2]), ['macro'])[0]!.file.path, 'lib/expat.h');
    // A header's template, filled in at build time, is the header.
    const generic = evidence('src/pcre2.h.generic', words, []);
    assert.equal(implementationFirst(ranked([generic, 0.5], [evidence('src/pcre2_error.c', [], words), 0.3]), [])[0]!.file.path, 'src/pcre2_error.c');
  });

  it("puts a C++ header's own source file (of the same name) before it, and no other source", () => {
    const words = [symbol('submatch', 0.9), symbol('whitespace', 0.9)];
    const first = (header: string, source: string) =>
      implementationFirst(ranked([evidence(header, words, []), 0.6], [evidence('util/pcre.h', words, []), 0.4], [evidence(source, [], words), 0.3]), [])[0]!.file.path;
    assert.equal(first('re2/re2.h', 're2/re2.cc'), 're2/re2.cc');
    assert.equal(first('include/yaml-cpp/binary.h', 'src/binary.cpp'), 'src/binary.cpp', 'the public header in include/, its source in src/');
    assert.equal(first('src/glog/logging.h.in', 'src/logging.cc'), 'src/logging.cc', "a header's template");
    assert.equal(first('src/pugixml.hpp', 'src/pugixml.cpp'), 'src/pugixml.cpp');
    assert.equal(first('re2/re2.h', 're2/parse.cc'), 're2/re2.h', 'another source of the library');
    assert.equal(first('include/CLI/App.hpp', 'include/CLI/impl/App_inl.hpp'), 'include/CLI/App.hpp', 'not a source file');
    // The header's own body for a code name the title writes keeps it first, as in C.
    const inline = symbol('XMLHandle', 4);
    assert.equal(implementationFirst(ranked([evidence('tinyxml2.h', [inline], []), 0.6], [evidence('tinyxml2.cpp', [], [inline]), 0.3]), [])[0]!.file.path, 'tinyxml2.h');
  });
});

describe("a C library's public header against its source (real tree, Locator)", () => {
  // cJSON's layout: one header declares every function with an export macro, one source file gives them bodies.
  let dir = '';
  before(() => {
    const names = ['xj_parse', 'xj_print', 'xj_delete', 'xj_get_item', 'xj_set_string', 'xj_add_item', 'xj_detach_item', 'xj_duplicate'];
    const header = ['#ifndef XJSON_H', '#define XJSON_H', 'typedef struct xj_item {', '  struct xj_item *next;', '  char *string;', '} xj_item;', ''];
    const source = ['#include <string.h>', '#include "xjson.h"', ''];
    for (const name of names) {
      header.push(`XJ_PUBLIC(xj_item *) ${name}(xj_item *item, const char *text);`);
      source.push(`XJ_PUBLIC(xj_item *) ${name}(xj_item *item, const char *text)`, '{', '  if (item == NULL) return NULL;', `  strcpy(item->string, text);`, '  return item;', '}', '');
    }
    header.push('#endif');
    dir = makeTree({ 'xjson.h': header.join('\n'), 'xjson.c': source.join('\n'), 'README.md': '# xjson\nA tiny JSON library.\n' }, 'codegrep-header-source-');
  });
  after(() => removeTree(dir));

  it('answers the source first and says which name the header only declares', async () => {
    const issue = {
      title: 'ASan: strcpy-param-overlap in xj_set_string when the new value points into the old one',
      body: 'After `#include "xjson.h"`:\n\n```c\nxj_item *item = xj_parse(NULL, "{}");\nxj_set_string(item, item->string + 1);\n```\n\nASan reports strcpy-param-overlap; `xj_duplicate` and `xj_detach_item` are fine.',
    };
    const result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issue, createEmbeddedBrain());
    const first = result.candidates[0];
    assert.equal(first?.path, 'xjson.c', result.candidates.map((c) => `${c.path}: ${c.reason}`).join('\n'));
    assert.match(first.reason, /^Gives `xj_\w+` its body, which `xjson\.h` only declares/);
  });
});
