import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTrajectoryFile } from '../../../src/mining/agentRun';
import { HeuristicJudge } from '../../../src/mining/judge';
import { mineRun, type IssueLabels } from '../../../src/mining/labels';

/**
 * The real public trajectories in shared/train/trajectories (see its SOURCES.md), mined with the
 * heuristic judge. Every expectation below was written by reading the trajectory, not by copying
 * the tool's output: which reads are of the repository's code, which the run later edits (or
 * cites by path, file name, or class name), and what G(x) therefore holds.
 */
const DIR = join(__dirname, '../../../../shared/train/trajectories');

async function mine(file: string, format?: 'nebius' | 'openhands-v0'): Promise<Map<string, IssueLabels>> {
  const runs = parseTrajectoryFile(readFileSync(join(DIR, file), 'utf8'), format);
  const out = new Map<string, IssueLabels>();
  for (const run of runs) out.set(run.instance_id, await mineRun(run, { judge: new HeuristicJudge(), threshold: 0.5 }));
  return out;
}

/** `path → [label, reads]` for every kept file of an issue. */
function files(labels: IssueLabels): Record<string, [string, number]> {
  return Object.fromEntries(labels.files.map((f) => [f.path, [f.label === 'RELEVANT' ? 'R' : 'N', f.reads]]));
}

/** `event:via:file-name:R|N` for every kept read, in order. */
function reads(labels: IssueLabels): string[] {
  return labels.reads.map((r) => `${r.event}:${r.via}:${r.path.split('/').pop()}:${r.label === 'RELEVANT' ? 'R' : 'N'}`);
}

describe('mining the real sample trajectories (hand-written expected labels)', function () {
  this.timeout(60_000);

  it('Nebius SWE-rebench: tianocore__edk2-pytool-library-372', async () => {
    const labels = (await mine('nebius_SWE-rebench-openhands-trajectories/sample_raw.first_row.json')).get('tianocore__edk2-pytool-library-372')!;
    // The fix is one line in path_utilities.py; the resolved run's model_patch stands in for gold.
    assert.deepEqual(labels.gold_files, ['edk2toollib/uefi/edk2/path_utilities.py']);
    assert.equal(labels.gold_source, 'patch');
    assert.deepEqual(files(labels), {
      // Viewed at the start, never mentioned again: not relevant.
      'readme.md': ['N', 1],
      // Found by `find … -exec grep -l`, grepped, viewed (lines 740-780): reasoning talks about "the tests", never names the file.
      'tests.unit/test_path_utilities.py': ['N', 4],
      // The file the run edits (str_replace at message 46, and the patch): every read of it counts.
      'edk2toollib/uefi/edk2/path_utilities.py': ['R', 5],
      // A caller found by the same grep; the think call after it names buildreport_parser.py.
      'edk2toollib/uefi/edk2/parsers/buildreport_parser.py': ['R', 2],
    });
    // Message 16's `find -exec grep -l` output lists three files: three grep reads at one event.
    assert.deepEqual(reads(labels).slice(1, 4), ['10:grep:test_path_utilities.py:N', '10:grep:path_utilities.py:R', '10:grep:buildreport_parser.py:R']);
    // The two `grep -A … -B …` of the test file found nothing (exit code 1): no reads there.
    assert.equal(labels.reads.filter((r) => r.via === 'grep' && r.path.endsWith('test_path_utilities.py')).length, 2);
    // `view /workspace` and of the edk2 folder are directory listings; reproduce_issue.py etc. are only run, never read.
    assert.deepEqual(labels.dropped.map((d) => d.why), ['a directory listing', 'a directory listing']);
    // buildreport_parser.py is cited (half weight) after 22-word reasoning: below 0.5, so G(x) is gold alone.
    assert.deepEqual(labels.target, ['edk2toollib/uefi/edk2/path_utilities.py']);
  });

  it('SWE-Gym OpenHands-Sampled: five gpt-4o runs', async () => {
    const all = await mine('swe-gym_openhands_sampled_trajectories/sample_raw.json', 'nebius');
    const mypy = all.get('python__mypy-15976_0')!;
    // attrs.py and dataclasses.py are viewed (two at a time), grepped for `slots`, and both edited.
    assert.deepEqual(files(mypy), { 'mypy/plugins/attrs.py': ['R', 4], 'mypy/plugins/dataclasses.py': ['R', 4] });
    // `view_range: [0, 40]` is an error in OpenHands ("first element 0 should be within [1, 1115]"): those two reads are dropped,
    // as are the views of the repo folder and of mypy/ (a range on a folder is an error, without one a listing).
    assert.deepEqual(mypy.dropped.map((d) => `${d.path}:${d.why}`), [
      '/workspace/python__mypy__1.6:the read failed', // view_range on a folder
      '/workspace/python__mypy__1.6:a directory listing',
      'mypy:the read failed',
      'mypy:a directory listing',
      'mypy/plugins/attrs.py:the read failed',
      'mypy/plugins/dataclasses.py:the read failed',
    ]);
    assert.deepEqual(mypy.target, ['mypy/plugins/attrs.py', 'mypy/plugins/dataclasses.py']);

    const ssim = all.get('Project-MONAI__MONAI-5686_4')!;
    // ssim_loss.py is the fix; regression.py (SSIMMetric) is named in the long reasoning after it is read: a mined positive, weight 0.5.
    assert.deepEqual(files(ssim), { 'monai/losses/ssim_loss.py': ['R', 1], 'monai/metrics/regression.py': ['R', 1] });
    assert.deepEqual(ssim.target, ['monai/losses/ssim_loss.py', 'monai/metrics/regression.py']);

    const contiguous = all.get('Project-MONAI__MONAI-6849_1')!;
    // transforms/utils.py is edited; data/utils.py is cited as `monai/data/utils.py` (list_data_collate), but with no reasoning before it: weight 0.25.
    assert.deepEqual(files(contiguous), { 'monai/transforms/utils.py': ['R', 1], 'monai/data/utils.py': ['R', 2] });
    assert.deepEqual(contiguous.target, ['monai/transforms/utils.py']);

    const moto = all.get('getmoto__moto-6387_0')!;
    // Four directory listings (`ls -R` is not a read), then responses.py, which it edits.
    assert.deepEqual(files(moto), { 'moto/cloudfront/responses.py': ['R', 1] });
    assert.equal(moto.dropped.filter((d) => d.why === 'a directory listing').length, 4);

    const evaluator = all.get('Project-MONAI__MONAI-3715_4')!;
    assert.deepEqual(files(evaluator), { 'monai/engines/evaluator.py': ['R', 2] });
    // reproduce_error.py is the agent's own script: its two views are scratch.
    assert.deepEqual(evaluator.dropped.filter((d) => d.path === 'reproduce_error.py').map((d) => d.why), ['a file the agent wrote itself', 'a file the agent wrote itself']);
  });

  it('OpenHands V0 (multi_swe_bench examples): three ponyc runs', async () => {
    const all = await mine('openhands_v0/OpenHands__evaluation_benchmarks_multi_swe_bench_examples/output.jsonl');
    const parser = all.get('ponylang__ponyc-4595')!;
    // Six `read` actions of parser.c (two with view_range) and two single-file `grep -n` hits, then the edit: all eight count.
    assert.deepEqual(reads(parser), ['9:view:parser.c:R', '11:grep:parser.c:R', '13:view:parser.c:R', '15:grep:parser.c:R', '17:view:parser.c:R', '19:view:parser.c:R', '21:view:parser.c:R', '25:view:parser.c:R']);
    // No resolved flag and no dataset: gold is empty, and G(x) is the mined parser.c.
    assert.equal(parser.gold_source, 'none');
    assert.deepEqual(parser.target, ['src/libponyc/ast/parser.c']);

    const cli = all.get('ponylang__ponyc-4593')!;
    // cli.pony: three reads are followed by reasoning that names it; after the last one (event 31) nothing does.
    // command_parser.pony: found by `grep -r "class CommandParser" <repo>`, viewed four times, then edited.
    assert.deepEqual(reads(cli), [
      '23:view:cli.pony:R', '25:view:cli.pony:R', '29:view:cli.pony:R', '31:view:cli.pony:N',
      '33:grep:command_parser.pony:R', '35:view:command_parser.pony:R', '39:view:command_parser.pony:R', '47:view:command_parser.pony:R', '53:view:command_parser.pony:R',
    ]);
    // One view of cli.pony asked for a range past its end: an error, dropped.
    assert.deepEqual(cli.dropped.map((d) => d.why), ['the read failed']);
    assert.deepEqual(cli.target, ['packages/cli/command_parser.pony'], 'cli.pony is cited only (weight 0.454 < 0.5)');

    const match = all.get('ponylang__ponyc-4588')!;
    // match.c is read seven times and edited (str_replace, then `sed -i`); the Makefile is read while fighting the build:
    // two views are cited afterwards, two `grep -n` of it are not.
    assert.deepEqual(files(match), { 'src/libponyc/expr/match.c': ['R', 7], Makefile: ['R', 4] });
    assert.deepEqual(reads(match).slice(-4), ['66:view:Makefile:R', '68:view:Makefile:R', '70:grep:Makefile:N', '72:grep:Makefile:N']);
    assert.deepEqual(match.target, ['src/libponyc/expr/match.c']);
  });

  it('OpenHands V0 (nunu0404): a Java run, three max-iteration runs and four auth-error stubs', async () => {
    const one = (await mine('openhands_v0/nunu0404__Python_OpenHands/output.jsonl')).get('alibaba__fastjson2-2775')!;
    // JSON.java: read, grepped (`grep -n … JSON.java | sed -n '1,200p'`: the sed reads the pipe), read again, then edited (insert, sed -i).
    assert.deepEqual(reads(one), ['1:view:JSON.java:R', '2:grep:JSON.java:R', '3:view:JSON.java:R']);
    // /home/run.sh and the other scripts are the harness's, outside /home/fastjson2; src/main/... (no core/) does not exist.
    assert.deepEqual(one.dropped.map((d) => `${d.path}:${d.why}`), [
      'src/main/java/com/alibaba/fastjson2/JSON.java:the read failed',
      '/home/run.sh:outside the repository',
      '/home/test-run.sh:outside the repository',
      '/home/fix-run.sh:outside the repository',
    ]);

    const java = await mine('openhands_v0/nunu0404__Python_OpenHands/java_benchmark_run_20260128_064956/output_backup_065059.jsonl');
    for (const stub of ['alibaba__fastjson2-2775', 'alibaba__fastjson2-2097', 'alibaba__fastjson2-2285', 'alibaba__fastjson2-2559']) {
      assert.deepEqual(java.get(stub)!.reads, [], `${stub} stopped on an LLM authentication error before any action`);
      assert.deepEqual(java.get(stub)!.target, []);
    }
    const logstash = java.get('elastic__logstash-16482')!;
    // BufferedTokenizerExt.java is the file the issue is about; the agent names the class (not the file) afterwards: cited, but no reasoning
    // precedes its read, so its weight is 0.25. The agent then edits build.gradle to run its reproducer: the heuristic counts that edit,
    // and the two gradle files it names. A known false positive of the heuristic (the model judge exists for this).
    assert.deepEqual(files(logstash), {
      'logstash-core/src/main/java/org/logstash/common/BufferedTokenizerExt.java': ['R', 1],
      'build.gradle': ['R', 1],
      'rubyUtils.gradle': ['R', 1],
      'logstash-core/build.gradle': ['R', 1],
    });
    assert.deepEqual(logstash.target, ['build.gradle', 'logstash-core/build.gradle', 'rubyUtils.gradle']);

    const pointer = java.get('fasterxml__jackson-core-174')!;
    // JsonPointer.java is read once and edited; JsonPointerTest.java at the root is the agent's own test.
    assert.deepEqual(files(pointer), { 'src/main/java/com/fasterxml/jackson/core/JsonPointer.java': ['R', 1] });
    assert.ok(pointer.dropped.some((d) => d.path === 'JsonPointerTest.java' && d.why === 'a file the agent wrote itself'));

    const jib = java.get('googlecontainertools__jib-4144')!;
    // Nothing of jib is edited (the patch holds only the agent's ReproduceJava21Issue.java). BuildImageMojo is named in later reasoning
    // after its first two reads; CredentialRetrieverFactory and MojoCommon never are. G(x) stays empty: no gold, no positive over 0.5.
    assert.deepEqual(files(jib), {
      'jib-core/src/main/java/com/google/cloud/tools/jib/frontend/CredentialRetrieverFactory.java': ['N', 2],
      'jib-maven-plugin/src/main/java/com/google/cloud/tools/jib/maven/BuildImageMojo.java': ['R', 3],
      'jib-maven-plugin/src/main/java/com/google/cloud/tools/jib/maven/MojoCommon.java': ['N', 2],
    });
    assert.deepEqual(jib.target, []);
  });
});
