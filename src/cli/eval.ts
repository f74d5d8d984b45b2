import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseBaselineSpec } from '../eval/baselines';
import { gitAvailable } from '../eval/git';
import { runEval } from '../eval/harness';
import { IsoGitWorkspaces } from '../eval/isoWorktrees';
import { BarProgress, LineProgress } from '../eval/progress';
import { RepoCache } from '../eval/repoCache';
import { confidenceTable, languageTable, markdownTable, rangeTable } from '../eval/report';
import { sidecarPath } from '../eval/resume';
import { GitWorktrees } from '../eval/worktrees';
import { NodeToolRunner } from '../tools/runner';
import { terminalSafe } from '../common/terminalText';
import { BRAIN_NAMES, ignoredModelFlags, ignoredModelNote, parseBrains } from './brains';
import { defaultCacheDir } from './cacheDir';
import { EXIT, badInput, intFlag, regexFlag, userCwd, type Command } from './command';
import { onStopSignals } from './signals';

const USAGE = `Usage: codegrep eval --dataset F.jsonl --repos DIR [options]

Runs every dataset row ({instance_id, repo, base_commit, problem_statement, gold_files}) on a
fresh checkout of DIR/<owner>__<name>.git at tag base-<sha> (else the SHA), scores the ranked
files against gold_files and prints a Markdown table (and, for rows in several languages, one
by language).

Options:
  --brain LIST               comma list of ${BRAIN_NAMES} (default: embedded)
  --baseline NAME=FILE       also score published {instance_id, predicted_files} lines (repeatable)
  --out FILE                 write the JSON report; FILE.rows.jsonl keeps finished rows so a
                             re-run resumes where it stopped (errored rows, and rows of a
                             different build of the code, run again)
  --fresh                    forget the finished rows of an earlier run with the same --out
  --trajectories FILE        write each row's whole run, for every brain, as one JSON line: the
                             OpenAI chat messages and tools (tool calls and results as sent),
                             the checked answer, gold files and reward parts (SFT / offline RL)
  --concurrency N            rows in flight (default: number of cores)
  --limit N                  only the first N rows (after --filter)
  --filter REGEX             only rows whose instance_id matches
  --cache DIR                writable copies of the repos (default: .cache/eval-repos in the project)
  --row-timeout S            seconds per brain per row (default 300)
  --endpoint URL, --model NAME, --profile NAME, --request-timeout S   for --brain openai
  --no-warm-start            openai without the embedded brain's first-turn hint (A/B in one run:
                             --brain openai,openai-cold)
  --max-turns N, --max-parallel-calls N   the Locator's budget (default 3 and 8)
  --json                     print the report JSON instead of the table

Exit codes: 0 all rows ran, 1 run failure, 2 bad input, 3 some rows failed, 130 interrupted.`;

/** `codegrep eval`: the dev-set harness. */
export const evalCommand: Command = {
  summary: 'score brains (and published baselines) on a dataset of issues with known files',
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        dataset: { type: 'string' },
        repos: { type: 'string' },
        brain: { type: 'string', default: 'embedded' },
        baseline: { type: 'string', multiple: true, default: [] },
        out: { type: 'string' },
        fresh: { type: 'boolean', default: false },
        concurrency: { type: 'string' },
        limit: { type: 'string' },
        filter: { type: 'string' },
        cache: { type: 'string' },
        'row-timeout': { type: 'string' },
        endpoint: { type: 'string' },
        model: { type: 'string' },
        profile: { type: 'string' },
        'request-timeout': { type: 'string' },
        'max-turns': { type: 'string' },
        'max-parallel-calls': { type: 'string' },
        'no-warm-start': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        trajectories: { type: 'string' },
      },
    });
    if (positionals.length) throw badInput(`unexpected argument "${positionals[0]}".`);
    const cwd = userCwd();
    if (!values.dataset) throw badInput('--dataset F.jsonl is required.');
    if (!values.repos) throw badInput('--repos DIR (the folder of <owner>__<name>.git bare repos) is required.');
    const dataset = resolve(cwd, values.dataset);
    const repos = resolve(cwd, values.repos);
    if (!(await stat(dataset).then((s) => s.isFile(), () => false))) throw badInput(`--dataset ${dataset} is not a file.`);
    if (!(await stat(repos).then((s) => s.isDirectory(), () => false))) throw badInput(`--repos ${repos} is not a folder.`);
    const modelFlags = {
      endpoint: values.endpoint,
      model: values.model,
      profile: values.profile,
      requestTimeoutSeconds: intFlag('request-timeout', values['request-timeout'], 1, 3600),
      warmStart: !values['no-warm-start'],
    };
    const brains = parseBrains(values.brain, modelFlags);
    const ignored = ignoredModelFlags(values.brain, modelFlags);
    if (ignored.length > 0) process.stderr.write(`eval: ${ignoredModelNote(ignored)}, which is not among ${values.brain}.\n`);
    const baselines = values.baseline.map((spec) => {
      const { name, file } = parseBaselineSpec(spec);
      return { name, file: resolve(cwd, file) };
    });
    const filter = regexFlag('filter', values.filter);
    const rowTimeout = intFlag('row-timeout', values['row-timeout'], 1, 86_400);
    const hasGit = await gitAvailable('git');
    if (!hasGit) process.stderr.write('eval: git is not on PATH; checking out rows with isomorphic-git instead (slower).\n');
    const workspaces = hasGit
      ? new GitWorktrees(new RepoCache({ reposDir: repos, cacheDir: values.cache ? resolve(cwd, values.cache) : defaultCacheDir() }))
      : new IsoGitWorkspaces(repos);

    const controller = new AbortController();
    let interrupts = 0;
    const stopSignals = onStopSignals((signal) => {
      interrupts++;
      if (interrupts > 1) process.exit(EXIT.interrupted);
      process.stderr.write(`\ninterrupted (${signal}): removing worktrees (Ctrl-C again to quit at once)\n`);
      controller.abort();
    }, false);
    try {
      const progress = process.stderr.isTTY && !process.env.CI ? new BarProgress(process.stderr) : new LineProgress(process.stderr);
      const trajectories = values.trajectories === undefined ? undefined : resolve(cwd, values.trajectories);
      const { report, interrupted, resumed } = await runEval({
        dataset,
        brains,
        baselines,
        workspaces,
        createTools: (root) => new NodeToolRunner({ roots: [root] }).warmUp(),
        concurrency: intFlag('concurrency', values.concurrency, 1, 256),
        limit: intFlag('limit', values.limit, 0, 10_000_000),
        filter,
        out: values.out === undefined ? undefined : resolve(cwd, values.out),
        fresh: values.fresh,
        build: codeFingerprint(),
        locate: {
          maxTurns: intFlag('max-turns', values['max-turns'], 0, 20),
          maxParallelCalls: intFlag('max-parallel-calls', values['max-parallel-calls'], 1, 32),
        },
        rowTimeoutMs: rowTimeout === undefined ? undefined : rowTimeout * 1000,
        signal: controller.signal,
        progress,
        trajectories,
      });
      if (trajectories) {
        process.stderr.write(`trajectories: ${trajectories}\n`);
        if (resumed) process.stderr.write(`eval: ${resumed} rows were resumed from an earlier run, so they are not in ${trajectories}; add --fresh to export every row.\n`);
      }
      for (const system of report.systems) {
        if (system.missing) process.stderr.write(`eval: baseline ${terminalSafe(system.name)} has no prediction for ${system.missing} of ${system.summary.n} rows (scored 0).\n`);
      }
      if (values.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      else {
        process.stdout.write(`${markdownTable(report.systems)}\n`);
        const byLanguage = languageTable(report.systems);
        if (byLanguage) process.stdout.write(`\nBy language (the dataset's \`language\`, else its gold files'):\n\n${byLanguage}\n`);
        const ranges = rangeTable(report.systems);
        if (ranges) process.stdout.write(`\nLine ranges of correctly predicted files, against the fix's edits (rows with a gold_patch):\n\n${ranges}\n`);
        const byConfidence = confidenceTable(report.systems);
        if (byConfidence) process.stdout.write(`\nBy the confidence each answer came with:\n\n${byConfidence}\n`);
      }
      if (values.out) {
        const out = resolve(cwd, values.out);
        process.stderr.write(`report: ${out} (finished rows: ${sidecarPath(out)})\n`);
      }
      if (interrupted) {
        process.stderr.write(`interrupted: ${values.out ? 'run the same command again to resume' : 'use --out FILE to make runs resumable'}.\n`);
        return EXIT.interrupted;
      }
      return report.systems.some((s) => s.kind === 'brain' && s.summary.errors > 0) ? EXIT.rowsFailed : EXIT.ok;
    } finally {
      stopSignals();
    }
  },
};

/** Hash of the running bundle: a resume after any code change re-runs rows instead of reusing stale answers. */
function codeFingerprint(): string {
  return createHash('sha256').update(readFileSync(__filename)).digest('hex').slice(0, 16);
}
