import * as assert from 'node:assert/strict';
import { mineIssue } from '../../../../src/core/embedded/clues';
import { createEmbeddedBrain } from '../../../../src/core/embedded/index';
import { boundIssue, MINING_LIMITS } from '../../../../src/core/embedded/issueBounds';
import { Locator } from '../../../../src/core/locator';
import { NodeToolRunner } from '../../../../src/tools/runner';
import { CART_ISSUE, makeSampleRepo } from '../sampleRepo';

describe('core/embedded/issueBounds', () => {
  it('leaves an ordinary issue untouched', () => {
    assert.deepEqual(boundIssue(CART_ISSUE), { issue: CART_ISSUE });
  });

  it('cuts every token to 256 characters and the text to its cap, and says so', () => {
    const long = 'a/'.repeat(60_000);
    const { issue, note } = boundIssue({ title: `t ${'T'.repeat(5_000)}`, body: `see ${long}x.py here`, comments: ['c'.repeat(10), `${'w '.repeat(150_000)}`] });
    assert.ok(issue.body.split(/\s+/).every((token) => token.length <= MINING_LIMITS.maxTokenChars));
    assert.ok(issue.title.length <= MINING_LIMITS.maxTitleChars);
    const total = issue.body.length + (issue.comments ?? []).reduce((n, c) => n + c.length, 0);
    assert.ok(total <= MINING_LIMITS.maxTextChars, String(total));
    assert.match(note ?? '', /^Issue text bounded for mining: 2 tokens over 256 characters cut; \d+ characters past the first 200000 left unread\.$/);
  });

  it('mines one 200,000-character token and a 2 MB issue without going quadratic (old code: minutes)', function () {
    this.timeout(10_000);
    const evidence = mineIssue({ title: 'crash in cart.py', body: `${'x/'.repeat(100_000)}y.py\n${'word '.repeat(400_000)}` });
    assert.ok(evidence.clues.some((clue) => clue.text === 'cart.py'));
  });

  it('shortens a run of blank lines, keeping the lines around it apart (old code: 150,000 blank lines took minutes)', function () {
    this.timeout(10_000);
    const { issue, note } = boundIssue({ title: 'crash', body: `a\n${'\n'.repeat(1_000)}    b ${' '.repeat(300)}c` });
    assert.equal(issue.body, `a\n\n\n    b${' '.repeat(MINING_LIMITS.maxTokenChars)}c`);
    assert.equal(note, 'Issue text bounded for mining: 2 blank runs over 256 characters shortened.');
    const evidence = mineIssue({ title: 'crash in cart.py', body: `\`\`\`\n${'\n'.repeat(150_000)}CC_ = Cart()\n\`\`\`` });
    assert.ok(evidence.clues.some((clue) => clue.text === 'cart.py'));
  });

  it('cuts a 20-million-character token without running out of stack (old code: "Maximum call stack size exceeded")', function () {
    this.timeout(10_000);
    const { issue, note } = boundIssue({ title: 'crash', body: `see ${'x'.repeat(20_000_000)} here` });
    // Past the first 1,000,000 characters nothing is read, " here" included.
    assert.equal(issue.body, `see ${'x'.repeat(MINING_LIMITS.maxTokenChars)}`);
    assert.match(note ?? '', /^Issue text bounded for mining: 1 token over 256 characters cut; 19000009 characters past the first 200000 left unread\.$/);
  });

  it('drops the template from at most 1,000,000 characters of a 20 MB paste, and counts the rest as unread', function () {
    this.timeout(10_000);
    const seen: number[] = [];
    const prepare = (issue: { title: string; body: string }) => {
      seen.push(issue.body.length);
      return { ...issue, body: issue.body.replace(/^### Steps$/gm, '') };
    };
    const body = `### Steps\n${'word '.repeat(4_000_000)}`;
    const { issue, note } = boundIssue({ title: 'crash', body }, MINING_LIMITS, prepare);
    assert.deepEqual(seen, [MINING_LIMITS.maxRawChars]);
    assert.ok(issue.body.startsWith('\nword word'));
    assert.equal(issue.body.length, MINING_LIMITS.maxTextChars);
    const unread = Number(/(\d+) characters past/.exec(note ?? '')?.[1]);
    assert.equal(unread, body.length - MINING_LIMITS.maxTextChars - '### Steps'.length);
  });

  it('says in the trajectory what it cut', async function () {
    this.timeout(20_000);
    const repo = makeSampleRepo();
    try {
      const issue = { ...CART_ISSUE, body: `${CART_ISSUE.body}\n${'z'.repeat(100_000)}` };
      const result = await new Locator(new NodeToolRunner({ roots: [repo.root] })).locate(issue, createEmbeddedBrain());
      assert.match(result.trajectory[0]?.thought ?? '', /^Issue text bounded for mining: 1 token over 256 characters cut\./);
      assert.equal(result.candidates[0]?.path, 'shop/cart.py');
    } finally {
      repo.remove();
    }
  });
});
