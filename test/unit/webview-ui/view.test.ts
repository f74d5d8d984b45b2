import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type { TemplateResult } from 'lit';
import type { PanelState, RunView } from '../../../src/common/protocol';

// Loaded by a path TypeScript does not follow: the view's DOM types are the webview's project's (tsc -p webview-ui),
// not this one's, while its templates are plain data that Node can build.
const VIEW = '../../../webview-ui/src/view';
type AppView = (state: PanelState, local: { notice: string }, actions: unknown) => TemplateResult;

/** Every string a template binds, with the template text just before it (which says where it goes). */
function bindings(value: unknown, before = '', out: { value: string; before: string }[] = []): { value: string; before: string }[] {
  if (typeof value === 'string') out.push({ value, before });
  else if (Array.isArray(value)) for (const item of value) bindings(item, before, out);
  else if (value && typeof value === 'object' && 'strings' in value && 'values' in value) {
    const template = value as TemplateResult;
    template.values.forEach((v, i) => bindings(v, template.strings[i] ?? '', out));
  }
  return out;
}

const noop = () => undefined;
const actions = new Proxy({}, { get: () => noop });
const RLO = '\u202e';

describe('webview-ui/view', () => {
  it('shows control and bidi override characters from an issue, a model or a file name as U+FFFD', () => {
    const { appView } = createRequire(__filename)(VIEW) as { appView: AppView };
    const path = `src/x${RLO}txt.exe.py`;
    const run: RunView = {
      runId: 'r1', status: 'done', brain: 'embedded', folders: ['ws'], folderUris: ['file:///ws'], startedAt: 0,
      totalTurns: 1, currentTurn: 1, maxParallelCalls: 8, toolCalls: 1,
      issue: { title: `Crash ${RLO}in\x1b[2J parser`, body: '' },
      turns: [{ turn: 1, final: false, thought: `thinking ${RLO}`, calls: [{ id: 'c1', call: { id: 'c1', name: 'read', args: { path } }, summary: { count: 1, truncated: false, bytes: 1, ms: 1 } }] }],
      candidates: [{ path, ranges: [[1, 2]], reason: `defines \`x${RLO}\` here` }],
      rejected: [{ path: `gone${RLO}.py`, reason: 'does not exist' }],
      selected: [path],
    };
    const all = bindings(appView({ current: run, history: [{ runId: 'r1', title: `old ${RLO}`, startedAt: 0, status: 'done', candidates: 1 } as never] }, { notice: '' }, actions));
    const raw = all.filter((b) => b.value.includes(RLO) || b.value.includes('\x1b'));
    // The exact path stays only where it is data for the host, never shown: the candidate's data-path attribute.
    assert.deepEqual(raw.map((b) => b.before.trim().split(/\s+/).pop()), ['data-path='], JSON.stringify(raw));
    assert.ok(all.some((b) => b.value.includes('x\uFFFDtxt.exe.py')), 'the name is shown, with U+FFFD');
    assert.ok(all.some((b) => b.value === 'Crash \uFFFDin\uFFFD[2J parser'), 'the title too');
  });
});
