import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadDataset } from '../eval/dataset';
import { checkOutputPath } from '../eval/report';
import { parseTrajectoryFile, type TrajectoryFormat } from '../mining/agentRun';
import { HeuristicJudge, ModelJudge, type Judge } from '../mining/judge';
import { mineRun, type IssueLabels } from '../mining/labels';
import { EXIT, badInput, userCwd, type Command } from './command';

const USAGE = `Usage: codegrep mine --trajectories FILE --out labels.jsonl [options]

CATM mining: reads public OpenHands trajectories, finds every file the agent read
(str_replace_editor view, V0 read actions, cat/head/tail/sed -n and grep/rg hits inside
execute_bash, chained commands included), pairs each read with the reasoning before it, judges it
RELEVANT or NOT_RELEVANT, and writes one JSON line per issue: the judged reads, the files with
their intensity weights, and the training target G(x) = gold ∪ positives above the threshold.
Reads of scratch files (written by the agent, under /tmp, outside the repository) are dropped.

Options:
  --trajectories FILE     a JSON array or JSONL of trajectories
  --format F              nebius (OpenAI-style messages: Nebius SWE-rebench, SWE-Gym) or
                          openhands-v0 (evaluation output.jsonl with a history); default: detected
  --out FILE              labels JSONL (required)
  --dataset F.jsonl       gold_files by instance_id (e.g. shared/train/train.jsonl); without it a
                          resolved run's own patch stands in for gold, otherwise gold is empty
  --threshold W           weight a positive needs to join G(x) (default 0.5)
  --judge-endpoint URL    ask this OpenAI-compatible model per read instead of the heuristic
  --judge-model NAME      the judge model (required with --judge-endpoint); its key comes from
                          CODEGREP_API_KEY`;

/** `codegrep mine`: labels from agent trajectories. */
export const mineCommand: Command = {
  summary: 'mine file-relevance labels from OpenHands trajectories (CATM)',
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        trajectories: { type: 'string' },
        format: { type: 'string' },
        out: { type: 'string' },
        dataset: { type: 'string' },
        threshold: { type: 'string', default: '0.5' },
        'judge-endpoint': { type: 'string' },
        'judge-model': { type: 'string' },
      },
    });
    if (positionals.length) throw badInput(`unexpected argument "${positionals[0]}".`);
    if (!values.trajectories) throw badInput('--trajectories FILE is required.');
    if (!values.out) throw badInput('--out labels.jsonl is required.');
    const format = values.format;
    if (format !== undefined && format !== 'nebius' && format !== 'openhands-v0') throw badInput(`--format must be nebius or openhands-v0, got "${format}".`);
    const threshold = Number(values.threshold);
    if (!Number.isFinite(threshold) || threshold < 0 || threshold > 1) throw badInput(`--threshold must be a number from 0 to 1, got "${values.threshold}".`);
    const judge = makeJudge(values['judge-endpoint'], values['judge-model']);
    const cwd = userCwd();
    // Checked before any read is judged: a model judge's requests may be paid for.
    const out = resolve(cwd, values.out);
    await checkOutputPath(out, '--out', 'labels.jsonl');
    const file = resolve(cwd, values.trajectories);
    const text = await readFile(file, 'utf8').catch((error: Error) => {
      throw badInput(`cannot read --trajectories ${file}: ${error.message}`);
    });
    let runs;
    try {
      runs = parseTrajectoryFile(text, format as TrajectoryFormat | undefined);
    } catch (error) {
      throw badInput(`${file} is not a trajectory file: ${(error as Error).message}`);
    }
    const gold = new Map<string, string[]>();
    if (values.dataset) for (const row of (await loadDataset(resolve(cwd, values.dataset))).rows) gold.set(row.instance_id, row.gold_files);
    const mined: IssueLabels[] = [];
    for (const run of runs) {
      mined.push(await mineRun(run, { judge, threshold, gold: gold.get(run.instance_id) ?? gold.get(run.instance_id.replace(/_\d+$/, '')) }));
    }
    const unreadable = mined.filter((labels) => labels.error !== undefined);
    if (runs.length > 0 && unreadable.length === runs.length) {
      throw badInput(`no trajectory in ${file} could be read (the first: ${unreadable[0]!.error}); nothing written.`);
    }
    await writeFile(out, mined.length ? `${mined.map((labels) => JSON.stringify(labels)).join('\n')}\n` : '');
    return report(mined, unreadable.length, judge.name, out);
  },
};

/**
 * Says what was mined, and what was not: trajectories that could not be read (kept in the file with their error)
 * and reads a model judge left to the heuristic. Exits 3 when some trajectories failed, 1 when a model judge
 * judged nothing (every read fell back: the server was down or its replies unusable).
 */
function report(mined: IssueLabels[], unreadable: number, judgeName: string, out: string): number {
  const reads = mined.flatMap((labels) => labels.reads);
  const positives = mined.reduce((sum, labels) => sum + labels.target.length - labels.gold_files.length, 0);
  const fellBack = judgeName === 'heuristic' ? [] : reads.filter((read) => !read.judge.startsWith('model:'));
  const byModel = reads.length - fellBack.length;
  const judged = fellBack.length ? `${byModel} reads judged by ${judgeName} and ${fellBack.length} by the heuristic instead` : `${reads.length} reads judged by ${judgeName}`;
  process.stderr.write(`mine: ${mined.length} trajectories, ${judged}, ${positives} mined positives → ${out}\n`);
  if (fellBack.length) process.stderr.write(`mine: the judge fell back to the heuristic: ${fellBack[0]!.judge}\n`);
  if (unreadable) process.stderr.write(`mine: ${unreadable} of ${mined.length} trajectories could not be read (their "error" field says why).\n`);
  if (unreadable) return EXIT.rowsFailed;
  return fellBack.length > 0 && byModel === 0 ? EXIT.failure : EXIT.ok;
}

function makeJudge(endpoint: string | undefined, model: string | undefined): Judge {
  if (!endpoint) {
    if (model) throw badInput('--judge-model needs --judge-endpoint URL.');
    return new HeuristicJudge();
  }
  if (!model) throw badInput('--judge-endpoint needs --judge-model NAME.');
  try {
    new URL(endpoint);
  } catch {
    throw badInput(`--judge-endpoint is not a URL: "${endpoint}".`);
  }
  return new ModelJudge({ baseURL: endpoint, model, apiKey: process.env.CODEGREP_API_KEY });
}
