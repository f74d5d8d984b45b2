import * as assert from 'node:assert/strict';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { GrepArgs, GrepPattern } from '../../../src/common/tools';
import { definitionSearchPatterns } from '../../../src/core/embedded/definitions';
import { ripgrepPath } from '../../../src/tools/ripgrep';
import { NodeToolRunner } from '../../../src/tools/runner';
import { childRgPids, makeTree, noSignal, removeTree } from './fixture';

describe('tools/multiGrep', () => {
  let root: string;
  let runner: NodeToolRunner;
  const grep = (args: GrepArgs) => runner.run({ id: 'g', name: 'grep', args }, noSignal);
  const many = (patterns: GrepPattern[], extra: Partial<GrepArgs> = {}) => grep({ pattern: 'label', patterns, ...extra });

  before(() => {
    const busy = Array.from({ length: 3500 }, (_, i) => `common_word line ${i}`).join('\n');
    root = makeTree({
      '.gitignore': 'ignored.py\n',
      'a/busy.txt': `${busy}\n`,
      'b/models.py': 'class Model:\n    def save(self):\n        return rare_name()\n',
      'c/views.py': 'from b.models import Model\nRARE_NAME = 1  # common_word\n',
      'd/long.txt': `common_word ${'x'.repeat(400)} rare_name at the far end\n`,
      'e/unicode.py': 'caférare_name = 1\nnaïve = rare_name\n',
      // Typographic punctuation: these lines are tested through their ASCII stand-ins (lineTests.ts).
      'f/messages.po': 'msgid "This object doesn’t have a rare_name — “quoted”"\nclass “Model” x\ndef ‘save’(self)\nx’rare_name’y …\n',
      'ignored.py': 'rare_name()\n',
    });
    runner = new NodeToolRunner({ roots: [root] });
  });
  after(() => removeTree(root));

  const SEARCHES: GrepPattern[] = [
    { pattern: '\\bcommon_word\\b', max_hits: 2000 },
    { pattern: '\\brare_name\\b', max_hits: 2000 },
    { pattern: 'RARE_NAME', case_insensitive: true, max_hits: 200 },
    { pattern: '(?:\\bclass\\s+|\\bdef\\s+)(?:Model|save)\\b' },
    { pattern: 'never_matches_anything' },
  ];

  it('gives each search exactly the result it gets alone', async () => {
    const result = await many(SEARCHES);
    assert.equal(result.error, undefined);
    assert.equal(result.groups?.length, SEARCHES.length);
    for (const [i, search] of SEARCHES.entries()) {
      const alone = await grep(search);
      assert.deepEqual(result.groups?.[i], alone, `search ${i} /${search.pattern}/`);
    }
    assert.equal(result.count, result.groups?.reduce((sum, g) => sum + g.count, 0));
    assert.equal(result.truncated, true, 'the busy search is truncated');
  });

  it('keeps a budget per search: a busy pattern cannot crowd out a rare one', async () => {
    const result = await many([
      { pattern: 'common_word', max_hits: 50 },
      { pattern: 'rare_name', max_hits: 50 },
    ]);
    const [busy, rare] = result.groups ?? [];
    assert.equal(busy.hits?.length, 50);
    assert.match(busy.text, /more than \d+ more matches/);
    assert.deepEqual(rare.hits?.map((h) => `${h.path}:${h.line}`), ['b/models.py:3', 'd/long.txt:1', 'e/unicode.py:1', 'e/unicode.py:2', 'f/messages.po:1', 'f/messages.po:4']);
  });

  it('shows a long line around its own pattern, not around another pattern on the same line', async () => {
    const result = await many([{ pattern: 'common_word' }, { pattern: 'rare_name' }]);
    const rare = result.groups?.[1].hits?.find((h) => h.path === 'd/long.txt');
    assert.match(rare?.text ?? '', /rare_name at the far end/);
  });

  it('searches patterns rg runs only with PCRE2, and bad ones, alone, with the same results', async () => {
    const searches: GrepPattern[] = [{ pattern: 'rare_name(?=\\(\\))' }, { pattern: 'rare_name' }, { pattern: 'broken(' }];
    const result = await many(searches);
    assert.deepEqual(result.groups?.[0], await grep(searches[0]));
    assert.deepEqual(result.groups?.[1], await grep(searches[1]));
    assert.match(result.groups?.[2].error ?? '', /invalid regex/);
    assert.equal(result.groups?.[1].error, undefined);
  });

  it('falls back to separate searches when rg cannot compile the union', async () => {
    // Inside the translator's subset but over the Rust engine's size limit once repeated: rg refuses the union.
    const huge = '(?:\\w{1000}){100}';
    const searches: GrepPattern[] = [{ pattern: huge }, { pattern: 'rare_name' }];
    const result = await many(searches);
    assert.deepEqual(result.groups?.[1], await grep(searches[1]));
    assert.deepEqual(result.groups?.[0], await grep(searches[0]));
  });

  it('applies a shared path and glob to every search', async () => {
    const result = await many([{ pattern: 'rare_name' }, { pattern: 'Model' }], { path: 'b' });
    assert.deepEqual(result.groups?.[0].hits?.map((h) => h.path), ['b/models.py']);
    const globbed = await many([{ pattern: 'rare_name' }, { pattern: 'Model' }], { glob: '*.py' });
    assert.deepEqual(globbed.groups?.[0], await grep({ pattern: 'rare_name', glob: '*.py' }));
    const outside = await many([{ pattern: 'a' }, { pattern: 'b' }], { path: '../x' });
    assert.match(outside.groups?.[0].error ?? '', /outside the workspace/);
  });

  it('searches named files as a lone grep with `paths` does: each search capped per file and in all', async () => {
    const paths = ['a/busy.txt', 'c/views.py', 'b/models.py', 'e/unicode.py'];
    const searches: GrepPattern[] = [
      { pattern: '\\bcommon_word\\b', max_hits: 30 },
      { pattern: 'rare_name|RARE_NAME', case_insensitive: true, max_hits: 1 },
      { pattern: '(?:\\bclass\\s+|\\bdef\\s+)(?:Model|save)\\b', max_hits: 2000 },
      { pattern: '^from\\b.*\\bmodels\\b' },
    ];
    const result = await many(searches, { paths });
    assert.equal(result.groups?.length, searches.length);
    for (const [i, search] of searches.entries()) assert.deepEqual(result.groups?.[i], await grep({ ...search, paths }), `search ${i} /${search.pattern}/`);
    const [busy, rare] = result.groups ?? [];
    assert.equal(busy.hits?.filter((h) => h.path === 'a/busy.txt').length, 30, 'the busy file gives 30 lines, not all 3500');
    assert.ok(busy.hits?.some((h) => h.path === 'c/views.py'), 'and the next file still gets its own');
    assert.deepEqual(rare.hits?.map((h) => `${h.path}:${h.line}`), ['c/views.py:2', 'b/models.py:3', 'e/unicode.py:1'], 'one line a file, in the order of `paths`');
  });

  it('sees what a lone grep sees under exclude settings and a caller glob that beats .gitignore', async () => {
    const hidden = new NodeToolRunner({ roots: [root], visibility: { exclude: [{ glob: 'c/**' }] } });
    const searches: GrepPattern[] = [{ pattern: 'rare_name' }, { pattern: 'RARE_NAME|Model' }];
    for (const extra of [{}, { glob: '*.py' }]) {
      const result = await hidden.run({ id: 'm', name: 'grep', args: { pattern: 'label', patterns: searches, ...extra } }, noSignal);
      for (const [i, search] of searches.entries()) {
        const alone = await hidden.run({ id: 's', name: 'grep', args: { ...search, ...extra } }, noSignal);
        assert.deepEqual(result.groups?.[i], alone);
        assert.ok(!alone.hits?.some((h) => h.path === 'ignored.py' || h.path.startsWith('c/')), JSON.stringify(alone.hits));
      }
    }
  });

  it('refuses bad arguments with a clear error', async () => {
    assert.match((await many([])).error ?? '', /takes 1 to 16 searches/);
    assert.match((await many(Array.from({ length: 17 }, () => ({ pattern: 'x' })))).error ?? '', /takes 1 to 16/);
    assert.match((await many([{ pattern: '' }])).error ?? '', /non-empty `pattern`/);
    assert.match((await many([{ pattern: 'x' }, { pattern: 'y' }], { paths: ['../x'] })).groups?.[0].error ?? '', /outside the workspace/);
    assert.match((await many([{ pattern: 'x' }, { pattern: 'y' }], { paths: Array.from({ length: 9 }, () => 'b') })).groups?.[0].error ?? '', /takes 1 to 8 paths/);
    assert.match((await many([{ pattern: 'x' }], { context_lines: 2 })).error ?? '', /cannot be combined/);
    assert.match((await grep({ pattern: 'x', patterns: 'nope' as unknown as GrepPattern[] })).error ?? '', /takes 1 to 16/);
  });

  it('walks the tree once for searches with required literals, whatever their case; else once per case mode', async () => {
    const log = path.join(root, '..', `rg-calls-${process.pid}.log`);
    const wrapper = path.join(root, '..', `rg-wrapper-${process.pid}.sh`);
    writeFileSync(wrapper, `#!/bin/sh\necho call >> '${log}'\nexec '${ripgrepPath()}' "$@"\n`);
    chmodSync(wrapper, 0o755);
    process.env.CODEGREP_RG_PATH = wrapper;
    const walks = () => readFileSync(log, 'utf8').trim().split('\n').length;
    try {
      await many(SEARCHES.filter((s) => !s.case_insensitive));
      assert.equal(walks(), 1, 'four case-sensitive searches, one walk');
      rmSync(log);
      await many([...SEARCHES, { pattern: 'model', case_insensitive: true }]);
      assert.equal(walks(), 1, 'literals of both case modes in one walk');
      rmSync(log);
      const mixed: GrepPattern[] = [...SEARCHES, { pattern: 'model', case_insensitive: true }, { pattern: '\\d+\\w*' }];
      const result = await many(mixed);
      assert.equal(walks(), 2, `a search without literals is searched alone, beside the shared walk (${walks()})`);
      for (const [i, search] of mixed.entries()) assert.deepEqual(result.groups?.[i], await grep(search), search.pattern);
    } finally {
      delete process.env.CODEGREP_RG_PATH;
      rmSync(log, { force: true });
      rmSync(wrapper, { force: true });
    }
  });

  it('walks with the searches\' required words as ASCII-bounded literals, and each search still gets its own result', async () => {
    const log = path.join(root, '..', `rg-args-${process.pid}.log`);
    const wrapper = path.join(root, '..', `rg-args-${process.pid}.sh`);
    writeFileSync(wrapper, `#!/bin/sh\nprintf "%s\\n" "$*" >> '${log}'\nexec '${ripgrepPath()}' "$@"\n`);
    chmodSync(wrapper, 0o755);
    const searches: GrepPattern[] = [
      ...definitionSearchPatterns(['Model', 'save', 'rare_name']).map((pattern) => ({ pattern })),
      { pattern: '\\b(?:Model|rare_name)\\b' },
      // Only one-letter literals: it would make rg report nearly every line, so it runs alone.
      { pattern: 'e\\d+x' },
    ];
    process.env.CODEGREP_RG_PATH = wrapper;
    let args: string;
    let together;
    try {
      together = await many(searches);
      args = readFileSync(log, 'utf8');
    } finally {
      delete process.env.CODEGREP_RG_PATH;
      rmSync(log, { force: true });
      rmSync(wrapper, { force: true });
    }
    // Every search needs its names as whole words, so rg is asked for words (ASCII \b keeps its fast DFA).
    assert.match(args, /--regexp \(\?-u:\\b\)Model\(\?-u:\\b\) --regexp \(\?-u:\\b\)rare_name\(\?-u:\\b\) --regexp \(\?-u:\\b\)save\(\?-u:\\b\) --/);
    assert.match(args, /--regexp e\\d\+x --/);
    assert.equal(args.trim().split('\n').length, 2);
    for (const [i, search] of searches.entries()) assert.deepEqual(together.groups?.[i], await grep(search), search.pattern);
    assert.ok((together.groups?.[0]?.count ?? 0) > 0 && (together.groups?.[2]?.count ?? 0) > 0);
  });

  it('asks rg for a word only on the sides every search bounds it, and fixed strings when none does', async () => {
    const tree = makeTree({
      'words.py': ['Model = 1', 'CharModel = 2', 'Model_x = 3', 'éModel = 4', 'Modelé = 5', 'x = Model(1)', 'xsave_all()', 'save_ally'].join('\n') + '\n',
    });
    const log = path.join(tree, '..', `rg-words-${process.pid}.log`);
    const wrapper = path.join(tree, '..', `rg-words-${process.pid}.sh`);
    writeFileSync(wrapper, `#!/bin/sh\nprintf "%s\\n" "$*" >> '${log}'\nexec '${ripgrepPath()}' "$@"\n`);
    chmodSync(wrapper, 0o755);
    const tools = new NodeToolRunner({ roots: [tree] });
    const run = (patterns: GrepPattern[]) => tools.run({ id: 'w', name: 'grep', args: { pattern: 'words', patterns } }, new AbortController().signal);
    const lone = (args: GrepPattern) => tools.run({ id: 'l', name: 'grep', args }, new AbortController().signal);
    const bounded: GrepPattern[] = [{ pattern: '\\bModel\\b' }, { pattern: 'Model\\b\\s*=' }, { pattern: 'save_all\\b' }];
    const loose: GrepPattern[] = [{ pattern: '\\bModel\\b' }, { pattern: 'Model' }, { pattern: 'save_all' }];
    process.env.CODEGREP_RG_PATH = wrapper;
    try {
      const first = await run(bounded);
      const second = await run(loose);
      const args = readFileSync(log, 'utf8').trim().split('\n');
      assert.match(args[0], /--regexp Model\(\?-u:\\b\) --regexp save_all\(\?-u:\\b\) --/);
      assert.match(args[1], /--fixed-strings --regexp Model --regexp save_all --/);
      delete process.env.CODEGREP_RG_PATH;
      // Unicode-aware as a lone rg: `éModel` is no whole word, `CharModel` never passes the prefilter.
      for (const [i, search] of bounded.entries()) assert.deepEqual(first.groups?.[i], await lone(search), search.pattern);
      for (const [i, search] of loose.entries()) assert.deepEqual(second.groups?.[i], await lone(search), search.pattern);
      assert.equal(first.groups?.[0]?.count, 2);
    } finally {
      delete process.env.CODEGREP_RG_PATH;
      rmSync(tree, { recursive: true, force: true });
      rmSync(log, { force: true });
      rmSync(wrapper, { force: true });
    }
  });

  it('reads file names holding a newline or a colon from the shared walk', async () => {
    const tree = makeTree({ 'odd\nname.py': 'rare_name = 1\n', 'x:y.py': 'def rare_name(): pass\n' });
    try {
      const odd = new NodeToolRunner({ roots: [tree] });
      const searches: GrepPattern[] = [{ pattern: 'rare_name' }, { pattern: '\\brare_name\\b' }];
      const result = await odd.run({ id: 'm', name: 'grep', args: { pattern: 'label', patterns: searches } }, noSignal);
      for (const [i, search] of searches.entries()) {
        const alone = await odd.run({ id: 's', name: 'grep', args: search }, noSignal);
        assert.deepEqual(result.groups?.[i], alone);
        assert.equal(alone.hits?.length, 2);
      }
    } finally {
      removeTree(tree);
    }
  });

  it('restarts rg without a finished busy search, resuming mid-file, with the same results', async () => {
    const mixed = Array.from({ length: 30_000 }, (_, i) => ([99, 2499, 28_999].includes(i) ? `rare_name at ${i + 1}` : `common_word ${i + 1}`)).join('\n');
    const tree = makeTree({
      'a/mixed.txt': `${mixed}\n`,
      'a/sub/more.txt': 'common_word\n'.repeat(3000) + 'rare_name late\n',
      'a-b.txt': 'rare_name in a-b\n',
      'z.txt': `${'common_word\n'.repeat(100)}rare_name last\n`,
    });
    const local = new NodeToolRunner({ roots: [tree] });
    const log = path.join(tree, '..', `rg-restart-${process.pid}.log`);
    const wrapper = path.join(tree, '..', `rg-restart-${process.pid}.sh`);
    writeFileSync(wrapper, `#!/bin/sh\necho call >> '${log}'\nexec '${ripgrepPath()}' "$@"\n`);
    chmodSync(wrapper, 0o755);
    try {
      const searches: GrepPattern[] = [{ pattern: 'common_word', max_hits: 50 }, { pattern: 'rare_name', max_hits: 2000 }];
      process.env.CODEGREP_RG_PATH = wrapper;
      const result = await local.run({ id: 'm', name: 'grep', args: { pattern: 'label', patterns: searches } }, noSignal);
      const walks = readFileSync(log, 'utf8').trim().split('\n').length;
      delete process.env.CODEGREP_RG_PATH;
      // The busy search is done after 1050 matches; 20000 wasted lines later, in the middle of a/mixed.txt, rg restarts.
      assert.equal(walks, 2, 'one restart once the busy search was done');
      for (const [i, search] of searches.entries()) assert.deepEqual(result.groups?.[i], await local.run({ id: 's', name: 'grep', args: search }, noSignal));
      assert.deepEqual(result.groups?.[1].hits?.map((h) => `${h.path}:${h.line}`), ['a/mixed.txt:100', 'a/mixed.txt:2500', 'a/mixed.txt:29000', 'a/sub/more.txt:3001', 'a-b.txt:1', 'z.txt:101']);
    } finally {
      delete process.env.CODEGREP_RG_PATH;
      rmSync(log, { force: true });
      rmSync(wrapper, { force: true });
      removeTree(tree);
    }
  });

  it('stops rg on cancel and leaves no process behind', async () => {
    const controller = new AbortController();
    const pending = runner.run({ id: 'g', name: 'grep', args: { pattern: 'label', patterns: SEARCHES } }, controller.signal);
    controller.abort();
    await assert.rejects(pending, /cancelled/);
    assert.deepEqual(childRgPids(), []);
  });
});
