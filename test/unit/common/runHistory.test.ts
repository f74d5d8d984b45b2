import * as assert from 'node:assert/strict';
import { issueFromText } from '../../../src/common/issue';
import { RunHistory, type KeyValueStore } from '../../../src/common/runHistory';
import { startRunView } from '../../../src/common/runView';

/** An in-memory Memento that round-trips through JSON, as VS Code's workspaceState does. */
class MemoryStore implements KeyValueStore {
  readonly data = new Map<string, string>();
  get(key: string): unknown {
    const raw = this.data.get(key);
    return raw === undefined ? undefined : JSON.parse(raw);
  }
  async update(key: string, value: unknown): Promise<void> {
    this.data.set(key, JSON.stringify(value));
  }
}

const run = (id: string, title = `issue ${id}`) => startRunView(id, issueFromText(title), [{ name: 'w', uri: 'file:///w' }], 1000);

describe('RunHistory', () => {
  it('keeps the newest N runs, newest first, and survives a reload', async () => {
    const store = new MemoryStore();
    const history = new RunHistory(store, 3);
    for (const id of ['a', 'b', 'c', 'd']) await history.put({ ...run(id), status: 'done' });
    assert.deepEqual(history.list().map((r) => r.runId), ['d', 'c', 'b']);
    const reloaded = new RunHistory(store, 3);
    assert.deepEqual(reloaded.entries().map((e) => e.runId), ['d', 'c', 'b']);
    assert.equal(reloaded.get('c')?.issue.title, 'issue c');
  });

  it('replaces a run by id and moves it to the front', async () => {
    const history = new RunHistory(new MemoryStore());
    await history.put(run('a'));
    await history.put(run('b'));
    await history.put({ ...run('a'), status: 'done' });
    assert.deepEqual(history.list().map((r) => [r.runId, r.status]), [['a', 'done'], ['b', 'running']]);
  });

  it('shows a run that was interrupted by a reload as cancelled, not running forever', async () => {
    const store = new MemoryStore();
    await new RunHistory(store).put(run('a'));
    const reloaded = new RunHistory(store).get('a');
    assert.equal(reloaded?.status, 'cancelled');
    assert.match(reloaded?.error?.message ?? '', /Interrupted/);
  });

  it('cuts long issue bodies in storage and ignores stored junk', async () => {
    const store = new MemoryStore();
    await new RunHistory(store).put({ ...run('a'), issue: { title: 't', body: 'x'.repeat(50_000) } });
    assert.equal(new RunHistory(store).get('a')?.issue.body.length, 4000);
    await store.update('codegrep.history.v1', [{ runId: 1 }, 'junk', null, { ...run('ok'), status: 'done' }]);
    assert.deepEqual(new RunHistory(store).list().map((r) => r.runId), ['ok']);
    await store.update('codegrep.history.v1', [{ ...run('bad'), alsoConsidered: 'junk' }, { ...run('up'), alsoConsidered: [{ path: 'c.py', reason: 'r' }] }]);
    assert.deepEqual(new RunHistory(store).list().map((r) => [r.runId, r.alsoConsidered?.length]), [['up', 1]], 'runners-up survive a reload; junk in their place does not');
    await store.update('codegrep.history.v1', [{ ...run('bad'), confidence: { level: 'sure', probability: 1 } }, { ...run('low'), confidence: { level: 'low', probability: 0.2 } }]);
    assert.deepEqual(new RunHistory(store).list().map((r) => [r.runId, r.confidence?.level]), [['low', 'low']], 'a confidence survives a reload; junk in its place does not');
    await store.update('codegrep.history.v1', { not: 'an array' });
    assert.deepEqual(new RunHistory(store).list(), []);
  });
});
