import assert from 'node:assert/strict';
import { entityRange } from '../../../src/core/entityRanges';
import { NodeToolRunner } from '../../../src/tools/runner';
import { makeTree, noSignal, removeTree } from '../tools/fixture';

const PY = [
  'import os', // 1
  '', // 2
  'class Parser:', // 3
  '    """Parses."""', // 4
  '', // 5
  '    def parse(', // 6
  '        self,', // 7
  '        text,', // 8
  '    ) -> str:', // 9
  '        return text', // 10
  '', // 11
  '    # the next one is a property', // 12
  '    @property', // 13
  '    def name(self):', // 14
  '        return "p"', // 15
  '', // 16
  '', // 17
  'def parse(text):', // 18
  '    return Parser().parse(text)', // 19
  '', // 20
].join('\n');

const TS = [
  'export class Cart {', // 1
  '  private items: number[] = [];', // 2
  '', // 3
  '  total(): number {', // 4
  '    return this.items.reduce((a, b) => a + b, 0);', // 5
  '  }', // 6
  '', // 7
  '  async add(n: number) {', // 8
  '    this.items.push(n);', // 9
  '  }', // 10
  '}', // 11
  '', // 12
  'export function helper() {', // 13
  '  return 1;', // 14
  '}', // 15
  '', // 16
].join('\n');

describe('core/entityRanges: CodeScout class/function citations become line ranges', () => {
  let root: string;
  let tools: NodeToolRunner;
  before(() => {
    root = makeTree({ 'pkg/parser.py': PY, 'web/cart.ts': TS });
    tools = new NodeToolRunner({ roots: [root] });
  });
  after(() => removeTree(root));

  const range = (path: string, entity: { className?: string; functionName?: string }) => entityRange(tools, path, entity, noSignal);

  it('finds a class, a method inside it (past a multi-line signature), and a module function of the same name', async () => {
    assert.deepEqual(await range('pkg/parser.py', { className: 'Parser' }), [3, 15]);
    assert.deepEqual(await range('pkg/parser.py', { className: 'Parser', functionName: 'parse' }), [6, 10]);
    assert.deepEqual(await range('pkg/parser.py', { functionName: 'parse' }), [6, 10], 'the first definition when no class is named');
    assert.deepEqual(await range('pkg/parser.py', { className: 'Parser', functionName: 'name' }), [14, 15]);
  });

  it('ends brace blocks at their closing brace', async () => {
    assert.deepEqual(await range('web/cart.ts', { className: 'Cart' }), [1, 11]);
    assert.deepEqual(await range('web/cart.ts', { className: 'Cart', functionName: 'total' }), [4, 6]);
    assert.deepEqual(await range('web/cart.ts', { className: 'Cart', functionName: 'add' }), [8, 10]);
    assert.deepEqual(await range('web/cart.ts', { functionName: 'helper' }), [13, 15]);
  });

  it('gives no range for names that are not there (the file is still cited), and the class for a missing method', async () => {
    assert.equal(await range('pkg/parser.py', { className: 'Lexer' }), undefined);
    assert.equal(await range('pkg/parser.py', { functionName: 'tokenize' }), undefined);
    assert.deepEqual(await range('web/cart.ts', { className: 'Cart', functionName: 'remove' }), [1, 11]);
    assert.equal(await range('pkg/parser.py', { functionName: 'a.b(c' }), undefined, 'regex characters in names are escaped');
  });
});
