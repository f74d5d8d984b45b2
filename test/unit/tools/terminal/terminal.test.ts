import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { ToolResult } from '../../../../src/common/tools';
import { parseCommandLine } from '../../../../src/tools/terminal/commandLine';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeTree, noSignal, removeTree } from '../fixture';

const CART = [
  'from shop.pricing import apply_discount',
  '',
  '',
  'class Cart:',
  '    def __init__(self):',
  '        self.items = []',
  '',
  '    def total(self, coupon=None):',
  '        return apply_discount(sum(p for _, p in self.items), coupon)',
  '',
].join('\n');

describe('tools/terminal: the read-only command interpreter behind CodeScout\'s terminal', () => {
  let root: string;
  let runner: NodeToolRunner;
  before(() => {
    root = makeTree({
      'shop/cart.py': CART,
      'shop/pricing.py': 'def apply_discount(subtotal, coupon):\n    return subtotal\n',
      'tests/test_cart.py': 'from shop.cart import Cart\n\ndef test_total():\n    assert Cart().total() == 0\n',
      'README.md': '# Shop\n',
      '.gitignore': 'build/\n',
      'build/out.py': 'class Cart: pass\n',
    });
    runner = new NodeToolRunner({ roots: [root] });
  });
  after(() => removeTree(root));

  const sh = (command: string): Promise<ToolResult> => runner.run({ id: 't', name: 'terminal', args: { command } }, noSignal);

  it('runs rg as a terminal shows it (heading, line numbers), and as a pipe shows it (path:text)', async () => {
    const tty = await sh('rg "def total"');
    assert.equal(tty.text, 'shop/cart.py\n8:    def total(self, coupon=None):');
    assert.equal(tty.exitCode, 0);
    const piped = await sh('rg apply_discount | head -2');
    assert.equal(piped.text, 'shop/cart.py:from shop.pricing import apply_discount\nshop/cart.py:        return apply_discount(sum(p for _, p in self.items), coupon)');
    assert.equal((await sh('rg -n Cart -t py tests')).text, 'tests/test_cart.py\n1:from shop.cart import Cart\n4:    assert Cart().total() == 0');
    assert.equal((await sh('rg -l Cart')).text, 'shop/cart.py\ntests/test_cart.py', 'ignored build/ stays hidden');
    assert.equal((await sh('rg -c self shop/cart.py')).text, '4');
    const none = await sh('rg nothing_like_this');
    assert.equal(none.text, '');
    assert.equal(none.exitCode, 1);
    assert.equal((await sh('rg --files | grep test')).text, 'tests/test_cart.py');
  });

  it('runs grep in its dialects, find, ls, cat, head, tail, sed -n and wc -l', async () => {
    assert.equal((await sh('grep -rn "apply_discount\\|Cart()" --include="*.py" .')).text, [
      './shop/cart.py:1:from shop.pricing import apply_discount',
      './shop/cart.py:9:        return apply_discount(sum(p for _, p in self.items), coupon)',
      './shop/pricing.py:1:def apply_discount(subtotal, coupon):',
      './tests/test_cart.py:4:    assert Cart().total() == 0',
    ].join('\n'));
    assert.equal((await sh('grep -n "def " shop/cart.py')).text, '5:    def __init__(self):\n8:    def total(self, coupon=None):');
    assert.equal((await sh('find . -name "*.py" -type f')).text, './shop/cart.py\n./shop/pricing.py\n./tests/test_cart.py');
    assert.equal((await sh('find shop -maxdepth 1 -type d')).text, 'shop');
    assert.equal((await sh('ls')).text, 'README.md\nshop\ntests');
    assert.equal((await sh('ls -a')).text, '.gitignore\nREADME.md\nshop\ntests');
    assert.equal((await sh('cat shop/pricing.py')).text, 'def apply_discount(subtotal, coupon):\n    return subtotal');
    assert.equal((await sh('head -n 1 shop/cart.py')).text, 'from shop.pricing import apply_discount');
    assert.equal((await sh('tail -n 2 shop/cart.py')).text, '    def total(self, coupon=None):\n        return apply_discount(sum(p for _, p in self.items), coupon)');
    assert.equal((await sh("sed -n '4,5p' shop/cart.py")).text, 'class Cart:\n    def __init__(self):');
    assert.equal((await sh('wc -l shop/cart.py shop/pricing.py')).text, '9 shop/cart.py\n2 shop/pricing.py\n11 total'.replace('9 shop', ' 9 shop').replace('2 shop', ' 2 shop'));
    assert.equal((await sh('cat shop/*.py | grep -c def')).text, '3');
    assert.equal((await sh(`cat ${root}/shop/pricing.py | wc -l`)).text, '2', 'absolute paths inside the repository work');
    assert.equal((await sh('rg "def total" 2>/dev/null')).exitCode, 0, '2>/dev/null writes nothing and is dropped');
  });

  it('keeps reads inside the repository', async () => {
    const outside = await sh('cat /etc/passwd');
    assert.equal(outside.text, 'cat: /etc/passwd: outside the repository');
    assert.equal(outside.exitCode, 1);
    assert.match((await sh('head ../../etc/passwd')).text, /outside the repository/);
    assert.match((await sh('rg root /etc')).text, /outside the repository/);
    assert.match((await sh('cat shop/nope.py')).text, /No such file or directory/);
  });

  const refusals: [string, RegExp][] = [
    ['rm -rf shop', /^rm: refused: this terminal only reads/],
    ['rg Cart; rm -rf shop', /`;` chains commands/],
    ['rg Cart && ls', /`&&` chains commands/],
    ['rg Cart || ls', /`\|\|` chains commands/],
    ['cat $(rg -l Cart)', /`\$\(…\)` runs a command inside a command/],
    ['cat "$(ls)"', /`\$\(…\)` runs a command inside a command/],
    ['cat `ls`', /backticks run a command inside a command/],
    ['cat shop/cart.py > shop/copy.py', /redirections .* are not allowed/],
    ['rg Cart >> log.txt', /redirections .* are not allowed/],
    ['sort < shop/cart.py', /redirections .* are not allowed/],
    ["sed -i 's/Cart/Basket/' shop/cart.py", /sed: -i edits files and is refused/],
    ["sed -ni 's/a/b/' shop/cart.py", /sed: -i edits files and is refused/],
    ["rg -l Cart | sed -i 's/a/b/'", /sed: -i edits files and is refused/],
    ['find . -name "*.py" -exec rm {} \\;', /find: -exec is refused here/],
    ['find . -delete', /find: -delete is refused here/],
    ['rg -l Cart | xargs rm', /xargs: not available here/],
    ['echo $HOME', /`\$` variables and expansions are not available/],
    ['python -c "import os"', /^python: refused/],
    ['cd shop', /^cd: every command runs at the repository root/],
    ['rg Cart &', /`&` runs a command in the background/],
    ['(cd shop; ls)', /subshells and grouping/],
    ['rg Cart\nrm -rf shop', /a newline starts a second command/],
  ];
  for (const [command, reason] of refusals) {
    it(`refuses ${JSON.stringify(command)} and runs nothing`, async () => {
      const result = await sh(command);
      assert.match(result.text, reason);
      assert.match(result.text, /only rg, grep, find, cat, head, tail, sed -n, wc -l and ls/);
      assert.equal(result.exitCode, 2);
      assert.ok(result.error, 'recorded as refused in the trajectory');
      assert.ok(existsSync(path.join(root, 'shop', 'cart.py')), 'nothing was deleted');
      assert.equal(readFileSync(path.join(root, 'shop', 'cart.py'), 'utf8'), CART, 'nothing was edited');
      assert.ok(!existsSync(path.join(root, 'shop', 'copy.py')) && !existsSync(path.join(root, 'log.txt')), 'nothing was written');
    });
  }

  it('splits words like a shell: quotes, escapes, pipes; marks unquoted wildcards', () => {
    assert.deepEqual(parseCommandLine(`rg -n 'a b' "c\\"d" e\\ f | head -3`), {
      stages: [
        [{ text: 'rg', glob: false }, { text: '-n', glob: false }, { text: 'a b', glob: false }, { text: 'c"d', glob: false }, { text: 'e f', glob: false }],
        [{ text: 'head', glob: false }, { text: '-3', glob: false }],
      ],
    });
    assert.deepEqual(parseCommandLine('ls src/*.py "*.md"'), {
      stages: [[{ text: 'ls', glob: false }, { text: 'src/*.py', glob: true }, { text: '*.md', glob: false }]],
    });
    assert.deepEqual(parseCommandLine("rg 'x$'"), { stages: [[{ text: 'rg', glob: false }, { text: 'x$', glob: false }]] });
    assert.deepEqual(parseCommandLine('rg x |'), { refused: 'a pipe `|` needs a command on each side' });
    assert.deepEqual(parseCommandLine("rg 'open"), { refused: 'a single quote is not closed' });
  });

  it('says what it cannot do instead of guessing: unknown options, -v at the source, unknown types', async () => {
    assert.match((await sh('rg --pre cat Cart')).text, /rg: unsupported option --pre/);
    assert.match((await sh('grep -v Cart shop/cart.py')).text, /only works after a pipe/);
    assert.equal((await sh('rg --files | grep -v test')).text, 'README.md\nshop/cart.py\nshop/pricing.py');
    assert.match((await sh('rg -t cobol Cart')).text, /unrecognized file type: cobol/);
    assert.match((await sh("sed 's/a/b/' shop/cart.py")).text, /only printing line ranges runs here/);
  });
});

describe('tools/terminal: caps', () => {
  let root: string;
  let runner: NodeToolRunner;
  before(() => {
    root = makeTree({ 'many.py': Array.from({ length: 150 }, (_, i) => `value_${i} = ${i}`).join('\n'), 'long.py': Array.from({ length: 400 }, (_, i) => `# line ${i + 1}`).join('\n') });
    runner = new NodeToolRunner({ roots: [root] });
  });
  after(() => removeTree(root));
  const sh = (command: string) => runner.run({ id: 't', name: 'terminal', args: { command } }, noSignal);

  it('says when the search cap cut the output, in the terminal\'s own terms', async () => {
    const result = await sh('rg value_ many.py');
    assert.equal(result.text.split('\n').filter((l) => /^\d+:value_/.test(l)).length, 100);
    assert.match(result.text, /\n\[50 more matches not shown; narrow the pattern or give a path or -g GLOB\.\]$/);
    assert.equal(result.truncated, true);
  });

  it('reads at most 300 lines per command and says how to go on with sed -n', async () => {
    const result = await sh('cat long.py');
    assert.equal(result.text.split('\n').filter((l) => l.startsWith('# line')).length, 300);
    assert.match(result.text, /\[showing lines 1-300 of 400 of long\.py \(at most 300 per command\); for more: sed -n '301,400p' long\.py\]$/);
    assert.equal((await sh("sed -n '390,$p' long.py")).text.split('\n').length, 11);
  });
});

describe('tools/terminal: the workspace\'s visibility rules hold for every command', () => {
  let root: string;
  let runner: NodeToolRunner;
  before(() => {
    root = makeTree({ 'a.py': 'x = 1\n', 'ignored.txt': 'secret\n', '.gitignore': 'ignored.txt\n', '.git/HEAD': 'ref: refs/heads/main\n' });
    runner = new NodeToolRunner({ roots: [root] });
  });
  after(() => removeTree(root));
  const sh = async (command: string) => (await runner.run({ id: 't', name: 'terminal', args: { command } }, noSignal)).text;

  it('never shows .git/ or ignored files, whichever command asks', async () => {
    assert.match(await sh('cat .git/HEAD'), /inside \.git\//);
    assert.match(await sh('head -1 ignored.txt'), /is ignored/);
    assert.equal(await sh('ls -a'), '.gitignore\na.py');
    assert.equal(await sh('find . -type f'), './.gitignore\n./a.py');
    assert.equal(await sh('rg secret'), '');
    assert.equal(await sh('grep -r secret .'), '');
    assert.equal(await sh('rg --files --hidden'), '.gitignore\na.py');
  });
});
