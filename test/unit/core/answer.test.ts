import assert from 'node:assert/strict';
import { parseAnswerArguments, parseAnswerText, parseCitationLine, parseLineRanges } from '../../../src/core/answer';

describe('core/answer', () => {
  it('reads the answer tool arguments, with lines and reasons', () => {
    assert.deepEqual(
      parseAnswerArguments({
        files: [
          { path: './shop/cart.py', lines: '10-40,55-60', reason: 'total()\nignores quantity' },
          { path: 'shop/pricing.py', reason: 'discount' },
          { path: '', reason: 'dropped' },
          'docs/x.md:3 — a string item',
        ],
      }),
      {
        files: [
          { path: './shop/cart.py', ranges: [[10, 40], [55, 60]], reason: 'total() ignores quantity' },
          { path: 'shop/pricing.py', reason: 'discount' },
          { path: 'docs/x.md', ranges: [[3, 3]], reason: 'a string item' },
        ],
      },
    );
    assert.deepEqual(parseAnswerArguments({ files: [{ path: 'a.py', lines: [5, 9], reason: '' }] }), { files: [{ path: 'a.py', ranges: [[5, 9]], reason: '' }] });
    assert.match((parseAnswerArguments({ paths: ['a.py'] }) as { error: string }).error, /answer needs \{"files"/);
    assert.deepEqual(parseAnswerArguments({ files: '[{"path": "a.py", "reason": "as a JSON string"}]' }), { files: [{ path: 'a.py', reason: 'as a JSON string' }] });
    assert.deepEqual(parseAnswerArguments({ files: 'a.py:3-4 — as lines\nb.py' }), {
      files: [
        { path: 'a.py', ranges: [[3, 4]], reason: 'as lines' },
        { path: 'b.py', reason: '' },
      ],
    });
  });

  it('parses <final_answer> lines with every separator models use', () => {
    const text = [
      'Some words first.',
      '<final_answer>',
      'shop/cart.py:10-40 — total() ignores quantity',
      '- shop/pricing.py:5 - rounding',
      '2. `shop/tax.py`: tax table',
      'shop/a.py – en dash reason',
      'shop/b.py:10-12,20-22',
      '* **shop/c.py** (lines 3-9): bold and parenthesised',
      'shop/d.py#L4-L8 github style',
      '</final_answer>',
    ].join('\n');
    assert.deepEqual(parseAnswerText(text, 'strict'), [
      { path: 'shop/cart.py', ranges: [[10, 40]], reason: 'total() ignores quantity' },
      { path: 'shop/pricing.py', ranges: [[5, 5]], reason: 'rounding' },
      { path: 'shop/tax.py', reason: 'tax table' },
      { path: 'shop/a.py', reason: 'en dash reason' },
      { path: 'shop/b.py', ranges: [[10, 12], [20, 22]], reason: '' },
      { path: 'shop/c.py', ranges: [[3, 9]], reason: 'bold and parenthesised' },
      { path: 'shop/d.py', ranges: [[4, 8]], reason: 'github style' },
    ]);
  });

  it("parses CodeScout's <file-list> and an unclosed block (reply cut off)", () => {
    assert.deepEqual(parseAnswerText('<file-list>\nsrc/a.py\nsrc/b/c.py\n</file-list>', 'strict'), [
      { path: 'src/a.py', reason: '' },
      { path: 'src/b/c.py', reason: '' },
    ]);
    assert.deepEqual(parseAnswerText('<final_answer>\nsrc/a.py:1-2 — x\nsrc/b', 'strict'), [
      { path: 'src/a.py', ranges: [[1, 2]], reason: 'x' },
      { path: 'src/b', reason: '' },
    ]);
    assert.deepEqual(parseAnswerText('<final_answer>\n</final_answer>', 'strict'), []);
  });

  it('takes plain path lists and backticked paths only in lenient mode', () => {
    const plain = 'The files to change:\n- shop/cart.py: total\n- shop/pricing.py\nThanks.';
    assert.equal(parseAnswerText(plain, 'strict'), undefined);
    assert.deepEqual(parseAnswerText(plain, 'lenient'), [
      { path: 'shop/cart.py', reason: 'total' },
      { path: 'shop/pricing.py', reason: '' },
    ]);
    assert.deepEqual(parseAnswerText('I would edit `shop/cart.py` and maybe `shop/cart.py`, not version 1.2.', 'lenient'), [{ path: 'shop/cart.py', reason: '' }]);
    assert.equal(parseAnswerText('I could not find anything relevant. See https://example.com/x.py for more.', 'lenient'), undefined);
  });

  it('parses line ranges and ignores junk', () => {
    assert.deepEqual(parseLineRanges('10-40, 55–60,L3-L4,7'), [[10, 40], [55, 60], [3, 4], [7, 7]]);
    assert.deepEqual(parseLineRanges('40-10'), [[10, 40]]);
    assert.deepEqual(parseLineRanges('abc,0-3,'), []);
  });

  it('keeps Windows paths and refuses URLs and prose', () => {
    assert.deepEqual(parseCitationLine('C:\\repo\\shop\\cart.py:3 — win'), { path: 'C:/repo/shop/cart.py', ranges: [[3, 3]], reason: 'win' });
    assert.equal(parseCitationLine('https://github.com/a/b.py — link'), undefined);
    assert.equal(parseCitationLine('Because the cart is wrong.', true), undefined);
  });
});
