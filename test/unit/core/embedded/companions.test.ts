import { strict as assert } from 'node:assert';
import { areHalves, halvesGlob, headerHalfOf, withOtherHalves } from '../../../../src/core/embedded/companions';
import { asksForFeature } from '../../../../src/core/embedded/featureRequest';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeTree, removeTree } from '../../tools/fixture';

describe('a C++ header and its inline part (companions.ts)', () => {
  it('pairs a header with the file that gives its members bodies, in the layouts C++ libraries use', () => {
    const pairs = [
      ['include/lib/ondemand/object.h', 'include/lib/ondemand/object-inl.h'],
      ['include/lib/dom/element.h', 'include/lib/inline/element.h'],
      ['include/CLI/App.hpp', 'include/CLI/impl/App_inl.hpp'],
      ['src/logger.hpp', 'src/logger.ipp'],
      ['include/spdlog/logger.h', 'include/spdlog/logger-inl.h'],
      ['websocketpp/connection.hpp', 'websocketpp/impl/connection_impl.hpp'],
      ['glm/gtx/norm.hpp', 'glm/gtx/norm.inl'],
      ['modules/core/include/opencv2/core/mat.hpp', 'modules/core/include/opencv2/core/mat.inl.hpp'],
    ];
    for (const [header, part] of pairs) {
      assert.ok(areHalves(header!, part!), `${header} / ${part}`);
      assert.ok(areHalves(part!, header!), `${part} / ${header}`);
    }
  });

  it('does not pair two declaring headers, two inline parts, other stems, far folders or sources', () => {
    const apart = [
      ['include/lib/dom/element.h', 'include/lib/ondemand/element.h'],
      ['a/object-inl.h', 'a/inline/object.h'],
      ['a/object.h', 'a/object_iterator-inl.h'],
      ['a/b/c/object.h', 'inline/object.h'],
      ['src/object.h', 'src/object.cpp'],
      ['src/object.h', 'src/object.h'],
      ['lib/object.py', 'lib/object-inl.h'],
    ];
    for (const [a, b] of apart) assert.ok(!areHalves(a!, b!), `${a} / ${b}`);
  });

  it('puts each half right after the answered file, nearest folder first, never twice', () => {
    const known = ['x/value.h', 'x/value-inl.h', 'x/inline/value.h', 'x/doc.h', 'x/doc-inl.h'];
    assert.equal(headerHalfOf('x/value.h', known), 'x/value-inl.h');
    assert.equal(headerHalfOf('x/inline/value.h', known), 'x/value.h');
    const out = withOtherHalves(['x/value.h', 'x/doc-inl.h', 'x/doc.h'], (path) => headerHalfOf(path, known));
    assert.deepEqual(
      out.map(({ path, halfOf }) => [path, halfOf]),
      [
        ['x/value.h', undefined],
        ['x/value-inl.h', 'x/value.h'],
        ['x/doc-inl.h', undefined],
        ['x/doc.h', undefined],
      ],
    );
  });

  it('globs the leading headers’ stems in every half’s spelling, and nothing for other files', () => {
    assert.equal(halvesGlob(['a/Object.h', 'a/object-inl.h', 'b/array.hpp', 'c/main.cpp']), '**/{object,array}{,-inl,_inl,.inl,-impl,_impl,-inline,_inline}.{h,hh,hpp,hxx,inl,ipp,tpp,tcc}');
    assert.equal(halvesGlob(['main.cpp', 'x.py']), undefined);
  });
});

describe('issues that ask for a feature (featureRequest.ts)', () => {
  it('reads a request from a label, an adding verb or the feature template', () => {
    const asks = [
      { title: 'Add count_fields method for objects', body: '' },
      { title: 'Support << for parsed JSON DOM', body: '' },
      { title: '[Feature request] Show the archived badge', body: '' },
      { title: 'feature: expose the parser depth', body: '' },
      { title: 'Pretty print for DOM', body: '**Is your feature request related to a problem? Please describe.**\nNo way to print.' },
    ];
    for (const issue of asks) assert.ok(asksForFeature(issue), issue.title);
  });

  it('does not read one from a fault report', () => {
    const faults = [
      { title: 'Bug in Drop for Drain', body: 'If you try: ...' },
      { title: '[Bug] addition overflows', body: 'Describe the bug' },
      { title: 'Adding a field crashes the parser', body: '' },
      { title: 'Address sanitizer reports a leak', body: '' },
    ];
    for (const issue of faults) assert.ok(!asksForFeature(issue), issue.title);
  });
});

describe('a C++ feature request answers a header with its inline part (real tree, Locator)', () => {
  // A header-only library: each class declared in `x.h`, its member bodies in `x-inl.h`, as simdjson and spdlog do.
  let dir = '';
  before(() => {
    // The header documents each member; the inline part only gives bodies.
    const header = (cls: string, members: string[]) =>
      ['#pragma once', '#include <cstddef>', 'namespace tiny {', `/** A parsed JSON ${cls}: a view over the raw key/value buffer. */`, `class ${cls} {`, 'public:', ...members.flatMap((m) => [`  /** The ${m.replace('_', ' ')} of this ${cls}, read from the raw buffer. */`, `  size_t ${m}() const noexcept;`]), 'private:', '  const char *buf{};', '};', '}', ''].join('\n');
    const inline = (cls: string, members: string[]) =>
      ['#pragma once', `#include "${cls}.h"`, 'namespace tiny {', ...members.flatMap((m) => [`inline size_t ${cls}::${m}() const noexcept {`, '  return buf ? 1 : 0;', '}']), '}', ''].join('\n');
    dir = makeTree(
      {
        'include/tiny/object.h': header('object', ['size', 'field_names', 'reset']),
        'include/tiny/object-inl.h': inline('object', ['size', 'field_names', 'reset']),
        'include/tiny/array.h': header('array', ['size', 'at']),
        'include/tiny/array-inl.h': inline('array', ['size', 'at']),
        'README.md': '# tiny\nA header-only JSON reader.\n',
      },
      'codegrep-halves-',
    );
  });
  after(() => removeTree(dir));

  const locate = (title: string, body: string) => new Locator(new NodeToolRunner({ roots: [dir] })).locate({ title, body }, createEmbeddedBrain());

  it('adds the other half when the issue asks for a new member, and says why', async () => {
    const result = await locate('Add count_fields method to object', 'A parsed JSON object is a view over the raw key/value buffer, yet it cannot say how many key/value pairs it holds without walking them. Please add `count_fields()`.');
    const paths = result.candidates.map((c) => c.path);
    const at = paths.indexOf('include/tiny/object.h');
    const half = paths.indexOf('include/tiny/object-inl.h');
    assert.ok(at >= 0 && half >= 0, result.candidates.map((c) => `${c.path}: ${c.reason}`).join('\n'));
    const added = result.candidates[Math.max(at, half)]!;
    assert.match(added.reason, /^The other half of `include\/tiny\/object(-inl)?\.h`/, added.reason);
  });

  it('leaves a fault report to the ranking alone', async () => {
    const result = await locate('object::field_names returns names twice after reset', 'Calling `reset()` and then `field_names()` on a `tiny::object` lists every name twice.');
    assert.ok(!result.candidates.some((c) => /other half/i.test(c.reason ?? '')), result.candidates.map((c) => `${c.path}: ${c.reason}`).join('\n'));
  });
});
