import assert from 'node:assert/strict';
import { parseToolArguments, repairJson } from '../../../src/core/toolArguments';

describe('core/toolArguments', () => {
  it('passes valid JSON and objects through unrepaired', () => {
    assert.deepEqual(parseToolArguments('{"pattern":"a"}'), { value: { pattern: 'a' }, repaired: false });
    assert.deepEqual(parseToolArguments({ pattern: 'a' }), { value: { pattern: 'a' }, repaired: false });
    assert.deepEqual(parseToolArguments(''), { value: {}, repaired: false });
    assert.deepEqual(parseToolArguments('"{\\"path\\": \\"a.py\\"}"'), { value: { path: 'a.py' }, repaired: false });
  });

  it('repairs trailing commas, single quotes, unquoted keys, Python literals, fences and missing closers', () => {
    const cases: [string, Record<string, unknown>][] = [
      ['{"pattern": "a",}', { pattern: 'a' }],
      ["{'pattern': 'it\\'s \"x\"'}", { pattern: 'it\'s "x"' }],
      ['{pattern: "a", case_insensitive: True}', { pattern: 'a', case_insensitive: true }],
      ['```json\n{"path": "a.py"}\n```', { path: 'a.py' }],
      ['{"pattern": "def total", "glob": "*.py"', { pattern: 'def total', glob: '*.py' }],
      ['{"files": [{"path": "a.py", "reason": "cut', { files: [{ path: 'a.py', reason: 'cut' }] }],
      ['{"pattern": "a\\\\(b", "context_lines": 2,\n}', { pattern: 'a\\(b', context_lines: 2 }],
    ];
    for (const [input, expected] of cases) assert.deepEqual(parseToolArguments(input), { value: expected, repaired: true }, input);
  });

  it('reports what cannot be repaired, without throwing', () => {
    const bad = parseToolArguments('{"path": "a.py" "start_line" 5}');
    assert.ok('error' in bad && /not valid JSON/.test(bad.error));
    assert.ok('error' in parseToolArguments('[1, 2]'));
    assert.ok('error' in parseToolArguments(42));
    assert.equal(typeof repairJson('{{{'), 'string');
  });
});
