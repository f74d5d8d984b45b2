import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTrajectoryFile } from '../../../src/mining/agentRun';
import { ModelJudge } from '../../../src/mining/judge';
import { mineRun } from '../../../src/mining/labels';
import { FakeModelServer, type ScriptedReply } from '../../helpers/fakeModelServer';

const FILE = join(__dirname, '../../../../shared/train/trajectories/nebius_SWE-rebench-openhands-trajectories/sample_raw.first_row.json');

/** A judge model on loopback: RELEVANT for the fixed file, gibberish for the readme, NOT_RELEVANT otherwise. */
function judgeModel(body: Record<string, unknown>): ScriptedReply {
  const question = (body.messages as { content: string }[])[1].content;
  if (question.includes('<file>readme.md')) return { message: { role: 'assistant', content: 'Hmm, maybe?' } };
  if (question.includes('<file>edk2toollib/uefi/edk2/parsers/buildreport_parser.py')) return { status: 500, body: { error: { message: 'overloaded' } } };
  return { message: { role: 'assistant', content: question.includes('<file>edk2toollib/uefi/edk2/path_utilities.py') ? 'RELEVANT' : 'NOT_RELEVANT' } };
}

describe('mining with an OpenAI-compatible judge (loopback server)', function () {
  this.timeout(60_000);
  let server: FakeModelServer;
  before(async () => (server = await FakeModelServer.start(judgeModel)));
  after(() => server.close());

  it('asks once per read, uses the verdicts, and falls back to the heuristic on a bad reply or a failed request', async () => {
    const [run] = parseTrajectoryFile(readFileSync(FILE, 'utf8'));
    const judge = new ModelJudge({ baseURL: server.baseURL, model: 'judge-1', apiKey: 'sk-test-secret' });
    const labels = await mineRun(run, { judge, threshold: 0.5 });
    assert.equal(labels.judge, 'model:judge-1');
    const requests = server.chatRequests;
    // One question per read (the 500 is retried once by the client).
    assert.equal(requests.length, labels.reads.length + 2);
    const first = requests[0].body!;
    assert.equal(first.model, 'judge-1');
    assert.match(String((first.messages as { content: string }[])[1].content), /GetEdk2RelativePathFromAbsolutePath\(\) Can Silently Return Non-POSIX Path/);
    assert.equal(requests[0].headers.authorization, 'Bearer sk-test-secret');
    const byPath = (path: string) => labels.reads.filter((r) => r.path === path);
    for (const read of byPath('edk2toollib/uefi/edk2/path_utilities.py')) assert.deepEqual([read.label, read.judge], ['RELEVANT', 'model:judge-1']);
    for (const read of byPath('tests.unit/test_path_utilities.py')) assert.equal(read.label, 'NOT_RELEVANT');
    const [readme] = byPath('readme.md');
    assert.equal(readme.label, 'NOT_RELEVANT');
    assert.match(readme.judge, /^heuristic \(model:judge-1: unclear reply "Hmm, maybe\?"\)$/);
    for (const read of byPath('edk2toollib/uefi/edk2/parsers/buildreport_parser.py')) {
      assert.match(read.judge, /^heuristic \(model:judge-1: request failed: /);
    }
    // The resolved run's patch is gold; buildreport_parser.py's fallback (cited only) keeps the heuristic's half weight, below the threshold.
    assert.deepEqual(labels.target, ['edk2toollib/uefi/edk2/path_utilities.py']);
    assert.equal(labels.files.find((f) => f.path === 'edk2toollib/uefi/edk2/parsers/buildreport_parser.py')!.weight < 0.5, true);
    assert.ok(!JSON.stringify(labels).includes('sk-test-secret'), 'the key never reaches the labels');
  });
});
