import { strict as assert } from 'node:assert';
import { CALLEE_LIMITS, CalleeHop, calledNames } from '../../../../src/core/embedded/calleeHop';
import { mineIssue } from '../../../../src/core/embedded/clues';
import { FEATURE_NAMES, candidateFeatures, modelWindow } from '../../../../src/core/embedded/features';
import { LeaderCheck } from '../../../../src/core/embedded/leaderCheck';
import { issueVocabulary } from '../../../../src/core/embedded/lexical';
import type { ScoredFile } from '../../../../src/core/embedded/score';
import type { ToolCall } from '../../../../src/common/tools';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { makeTree, removeTree } from '../../tools/fixture';

const signal = new AbortController().signal;

function scored(path: string, score: number): ScoredFile {
  return { path, score, evidence: { path, pathMatches: [], moduleMatches: [], definitions: new Map(), mentions: new Map(), messages: new Map() } };
}

describe('one hop along calls (calleeHop.ts)', () => {
  it('takes the names called on the lines, not syntax, common words, definitions or names already searched', () => {
    const hits = [
      { path: 'a.py', line: 3, text: '    if budget_exceeded(request) and self.spend_retry_budget(x):' },
      { path: 'a.py', line: 4, text: 'def handle_request(request):' },
      { path: 'a.py', line: 5, text: '    return len(str(request))' },
      { path: 'a.py', line: 6, text: '    HandleRequest(x)' },
    ];
    const names = calledNames(hits, new Set(['HandleRequest']));
    assert.deepEqual([...names].sort(), ['budget_exceeded', 'spend_retry_budget']);
  });

  describe('on a real tree with the real tools', () => {
    let dir = '';
    before(() =>
      (dir = makeTree(
        {
          'pkg/api.py': 'from .engine import spend_budget\n\ndef handle(request):\n    # the retry budget\n    return spend_budget(request.retry)\n',
          'pkg/engine.py': 'def spend_budget(retry):\n    return retry - 1\n',
          'pkg/other.py': 'retry = 3\n\ndef spend_budget_twice():\n    pass\n',
          'tests/test_api.py': 'def test_handle():\n    spend_budget(1)\n',
        },
        'codegrep-callee-',
      )));
    after(() => removeTree(dir));

    it('finds the file that defines what the leader calls on its lines with the issue’s words, and widens the window with it', async () => {
      const runner = new NodeToolRunner({ roots: [dir] });
      const text = 'handle() ignores the retry budget';
      const vocabulary = issueVocabulary(text);
      const ranked = [scored('pkg/api.py', 5), scored('pkg/other.py', 4)];
      const check = LeaderCheck.plan(ranked, vocabulary)!;
      const [checkCall] = check.nextCalls(8);
      check.ingest(checkCall!, await runner.run(checkCall!, signal));
      assert.ok(check.hitsOf('pkg/api.py').length > 0);

      const hop = new CalleeHop();
      const calls = hop.plan('pkg/api.py', check.hitsOf('pkg/api.py'), new Set(['handle']));
      assert.equal(calls.length, 1, 'the two definition patterns run as one walk');
      const results = await Promise.all(calls.map(async (call: ToolCall) => ({ call, result: await runner.run(call, signal) })));
      const other = { call: { id: 'x', name: 'glob', args: { pattern: '*' } } as ToolCall, result: { text: '', truncated: false, count: 0, bytes: 0 } };
      assert.deepEqual(hop.ingest([...results, other]), [other], 'results of other calls pass through');

      const evidence = hop.evidence();
      assert.deepEqual(evidence.defines('pkg/engine.py'), [{ name: 'spend_budget', definers: 1 }]);
      assert.deepEqual(evidence.defines('pkg/other.py'), [], 'a longer name is not the callee');
      assert.deepEqual(evidence.defines('tests/test_api.py'), [], 'a call is not a definition');

      const widened = hop.widen(ranked, 1);
      assert.deepEqual(widened.ranked.map((f) => f.path), ['pkg/api.py', 'pkg/engine.py', 'pkg/other.py']);
      assert.ok(widened.added.size <= CALLEE_LIMITS.added);
      const issue = mineIssue({ title: text, body: '' });
      const context = { mentionsTests: false, mentionsDocs: false, titleWords: [], bodyWords: [], qualifiers: new Map(), definitionFiles: new Map(), mentionFiles: new Map(), messageFiles: new Map(), pathFiles: new Map(), stemFiles: new Map() };
      const rows = candidateFeatures({ ranked: widened.ranked, context, issue, lexical: check.scores(), callee: evidence, added: widened.added }, 10);
      const at = (name: string, row: number) => rows[row]!.values[FEATURE_NAMES.indexOf(name)];
      assert.equal(at('hop_added', 1), 1);
      assert.equal(at('callee_defined', 1), 1);
      assert.equal(at('callee_rarity', 1), 1);
      assert.equal(at('callee_defined', 2), 0);
      assert.deepEqual(modelWindow(rows, 1).map((r) => r.path), ['pkg/api.py', 'pkg/engine.py'], 'the window keeps the added file');
    });
  });
});
