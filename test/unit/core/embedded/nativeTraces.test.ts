import { strict as assert } from 'node:assert';
import { mineIssue, type Clue } from '../../../../src/core/embedded/clues';
import { matchingPaths } from '../../../../src/core/embedded/evidence';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { globForLocations } from '../../../../src/core/embedded/plan';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeGitTree, removeTree } from '../../tools/fixture';

const ASAN = [
  '==10298==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x60200018f30f at pc 0x55b1f97e7ee6',
  'READ of size 1 at 0x60200018f30f thread T0 (tmux: server)',
  '    #0 0x55b1f97e7ee5 in args_string_percentage /home/ci/tmux-3.3a/arguments.c:877',
  '    #1 0x55b1f97e7df1 in args_percentage /home/ci/tmux-3.3a/arguments.c:864',
  '    #2 0x55b1f981df5e in cmd_resize_pane_exec /home/ci/tmux-3.3a/cmd-resize-pane.c:109',
  '    #3 0x55b1f9930cb9 in server_loop /home/ci/tmux-3.3a/server.c:270',
  '    #4 0x7fd8b807077b in __interceptor_strdup ../../../../src/libsanitizer/asan/asan_interceptors.cpp:439',
].join('\n');

/** Each trace path clue's text by its depth (0 is the innermost frame). */
function framesByDepth(clues: Clue[]): string[] {
  const frames: string[] = [];
  for (const clue of clues) if (clue.kind === 'path' && clue.source === 'trace' && clue.depth !== undefined) frames[clue.depth] = clue.text;
  return frames;
}

describe('native backtraces (C and C++)', () => {
  it("mines AddressSanitizer's frames innermost first, with their functions", () => {
    const { clues } = mineIssue({ title: 'server crash on resize-pane', body: '```\n' + ASAN + '\n```' });
    const frames = framesByDepth(clues);
    assert.equal(frames[0], 'home/ci/tmux-3.3a/arguments.c');
    assert.ok(frames.indexOf('home/ci/tmux-3.3a/cmd-resize-pane.c') > frames.indexOf('home/ci/tmux-3.3a/arguments.c'));
    const symbol = clues.find((c) => c.kind === 'symbol' && c.text === 'args_string_percentage');
    assert.equal(symbol?.source, 'trace');
    assert.equal(symbol?.depth, 0);
  });

  it("mines gdb's and Valgrind's frames, and a C++ method by its last name", () => {
    const gdb = [
      '#0  0x00005555555a1b2c in YAML::Exp::ParseHex (str="d83c", mark=...) at /src/yaml-cpp/src/exp.cpp:25',
      '#1  0x00005555555a1f00 in YAML::Exp::Escape (in=..., ch=117) at /src/yaml-cpp/src/exp.cpp:118',
      '#2  cmdq_next (c=0x0) at cmd-queue.c:763',
    ].join('\n');
    const fromGdb = mineIssue({ title: 'invalid unicode', body: '```\n' + gdb + '\n```' }).clues;
    const depthOf = (text: string) => fromGdb.find((c) => c.kind === 'path' && c.text === text)?.depth;
    assert.equal(depthOf('src/yaml-cpp/src/exp.cpp'), 0);
    assert.equal(depthOf('cmd-queue.c'), 2, 'a frame without an address');
    assert.ok(fromGdb.some((c) => c.kind === 'symbol' && c.text === 'ParseHex' && c.source === 'trace'));
    const valgrind = '==4242== Invalid read of size 8\n==4242==    at 0x4C2B1F: jv_free (jv.c:1204)\n==4242==    by 0x4E5A10: jq_next (execute.c:388)\n';
    const fromValgrind = mineIssue({ title: 'invalid read', body: valgrind }).clues;
    assert.deepEqual(framesByDepth(fromValgrind), ['jv.c', 'execute.c']);
  });

  it('matches a C file quoted under a build tree by its name alone; other languages need two segments', () => {
    const paths = ['arguments.c', 'compat/getopt.c', 'src/models.py'];
    assert.deepEqual(matchingPaths(paths, 'home/ci/tmux-3.3a/arguments.c'), ['arguments.c']);
    assert.deepEqual(matchingPaths(paths, 'usr/src/getopt.c'), ['compat/getopt.c']);
    assert.deepEqual(matchingPaths(paths, 'home/me/proj/models.py'), [], 'a Python name alone is too common');
    assert.equal(globForLocations([{ kind: 'path', text: 'home/ci/tmux-3.3a/arguments.c', source: 'trace', weight: 1 }]), '**/arguments.c');
  });
});

/** A small C program in tmux's layout: sources at the top, every prototype in one header, a man page. */
const FILES: Record<string, string> = {
  'tmux.h': [
    'struct args;',
    'long long\t args_string_percentage(const char *, long long, long long,',
    '\t\t     char **);',
    'long long\t args_percentage(struct args *, u_char, long long,',
    '\t\t     long long, char **);',
    'void\t\t server_loop(void);',
    '',
  ].join('\n'),
  'arguments.c': [
    '#include "tmux.h"',
    '',
    'long long',
    'args_string_percentage(const char *value, long long minval, long long maxval,',
    '    char **cause)',
    '{',
    '\tsize_t valuelen = strlen(value);',
    "\tif (value[valuelen - 1] == '%') {",
    '\t\treturn (0);',
    '\t}',
    '\treturn (strtonum(value, minval, maxval, cause));',
    '}',
    '',
    'long long',
    'args_percentage(struct args *args, u_char flag, long long minval,',
    '    long long maxval, char **cause)',
    '{',
    '\treturn (args_string_percentage(args_get(args, flag), minval, maxval, cause));',
    '}',
    '',
  ].join('\n'),
  'cmd-resize-pane.c': '#include "tmux.h"\n\nstatic enum cmd_retval\ncmd_resize_pane_exec(struct cmd *self)\n{\n\tx = args_percentage(args, \'x\', 0, 1000, &cause);\n\treturn (0);\n}\n',
  'server.c': '#include "tmux.h"\n\nvoid\nserver_loop(void)\n{\n\tcmdq_next(NULL);\n}\n',
  'tmux.1': '.Dd $Mdocdate$\n.It Fl x Ar width\nThe width may be a percentage, args_string_percentage style.\n',
  'etc/config.guess': '#! /bin/sh\n# Attempt to guess a canonical system name.\n# args_string_percentage is not here; this is autoconf.\n',
};

describe('a C crash report end to end (real git repo, real ripgrep, Locator)', () => {
  let dir = '';

  before(() => {
    dir = makeGitTree(FILES, 'codegrep-native-');
  });

  after(() => removeTree(dir));

  it('finds the frames\' files by name, reads a GNU-style definition, and ranks declarations and copies below', async () => {
    const title = 'ASan: heap-buffer-overflow in args_string_percentage for empty size';
    const body = 'Running `resize-pane -x \'\'` against an ASan build:\n\n```\n' + ASAN + '\n```\n';
    const tools = () => new NodeToolRunner({ roots: [dir] });
    const hand = await new Locator(tools()).locate({ title, body }, createEmbeddedBrain({ model: null, rankedFiles: 10 }));
    const ranked = hand.candidates.map((c) => c.path);
    const reason = (path: string) => hand.candidates.find((c) => c.path === path)?.reason ?? '';
    assert.deepEqual(ranked.slice(0, 2).sort(), ['arguments.c', 'cmd-resize-pane.c'], JSON.stringify(hand.candidates));
    assert.match(reason('arguments.c'), /^Path `home\/ci\/tmux-3.3a\/arguments.c` is in the stack trace; defines `args_string_percentage`/);
    assert.ok(ranked.indexOf('tmux.h') > 1, 'the header only declares the functions');
    assert.match(reason('tmux.1'), /\(doc file\)$/);
    assert.match(reason('etc/config.guess'), /\(vendor file\)$/);
    const learned = await new Locator(tools()).locate({ title, body }, createEmbeddedBrain());
    assert.ok(learned.candidates.some((c) => c.path === 'arguments.c'), JSON.stringify(learned.candidates));
  });
});
