import * as assert from 'node:assert/strict';
import { issueFromText } from '../../../src/common/issue';
import type { LocateEvent } from '../../../src/common/events';
import { fixtureIssues } from '../fixture/content';
import { activateCodeGrep, fixtureFolder } from './extensionApi';

describe('locate in the extension host (embedded brain, real ripgrep, fixture repo)', () => {
  for (const [language, issue] of Object.entries(fixtureIssues)) {
    it(`ranks ${issue.expectedPath} first for the ${language} issue`, async () => {
      const services = await activateCodeGrep();
      const events: LocateEvent['type'][] = [];
      const result = await services.runLocate(
        { issue: issueFromText(issue.text), folders: [fixtureFolder()], brain: 'embedded' },
        { onEvent: (event) => events.push(event.type) },
      );
      const top = result.candidates[0];
      assert.ok(top, `no candidates; rejected: ${JSON.stringify(result.rejected)}`);
      assert.equal(top.path, issue.expectedPath, `candidates: ${result.candidates.map((c) => c.path).join(', ')}`);
      assert.ok(top.reason.trim().length > 0, 'the top candidate says why');
      const covering = (top.ranges ?? []).some(([start, end]) => start <= issue.expectedLine && issue.expectedLine <= end);
      assert.ok(covering, `a range of ${top.path} covers line ${issue.expectedLine}: ${JSON.stringify(top.ranges)}`);
      assert.ok(result.usage.toolCalls > 0 && result.usage.turns > 0, 'the brain searched with tools');
      assert.ok(events.includes('done'), `events: ${events.join(', ')}`);
    });
  }

  it('rejects a run with no folder with an actionable error', async () => {
    const services = await activateCodeGrep();
    await assert.rejects(services.runLocate({ issue: issueFromText('anything'), folders: [] }), /Open a folder first/);
  });
});
