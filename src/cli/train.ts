import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { RepoCache } from '../eval/repoCache';
import { checkOutputPath } from '../eval/report';
import { LineProgress } from '../eval/progress';
import { GitWorktrees } from '../eval/worktrees';
import { NodeToolRunner } from '../tools/runner';
import { collectIssues } from '../trainer/collect';
import { readIssues, writeIssues, type TrainingIssue } from '../trainer/examples';
import { DEFAULT_FIT, trainRanker } from '../trainer/fit';
import { trainingTable } from '../trainer/report';
import { EXIT, badInput, intFlag, regexFlag, userCwd, type Command } from './command';
import { defaultCacheDir } from './cacheDir';
import { onStopSignals } from './signals';

const USAGE = `Usage: codegrep train --dataset F.jsonl --repos DIR --out model.json [options]

Runs the embedded brain on every dataset row (the product's tools and turns, on a fresh checkout at the
row's base commit), labels each run's candidate files with the row's gold_files, fits the learned ranker
(logistic regression, answer size by expected F0.5) and writes the model file. Prints cross-validation
grouped by repository, per language. Same data, same model file.

Options:
  --features FILE       also write the collected candidates (JSONL), to refit without re-running the tools
  --from-features FILE  fit from candidates written earlier instead of running the brain
  --concurrency N       rows in flight (default: number of cores)
  --filter REGEX        only rows whose instance_id matches
  --limit N             only the first N rows
  --cache DIR           writable copies of the repos (default: .cache/eval-repos in the project)

The shipped model is regenerated with:
  codegrep train --dataset ../shared/train/train.jsonl --repos ../shared/train/repos \\
    --out src/core/embedded/rankerModel.json`;

/** Per tool call while collecting (the product's own limit is 10 s; a loaded machine can exceed it on large trees). */
const COLLECT_TOOL_TIMEOUT_MS = 120_000;

/** `codegrep train`: learns the embedded brain's ranking and answer size from real fixes. */
export const trainCommand: Command = {
  summary: "learn the embedded brain's ranker from issues with known fixes",
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        dataset: { type: 'string' },
        repos: { type: 'string' },
        out: { type: 'string' },
        features: { type: 'string' },
        'from-features': { type: 'string' },
        concurrency: { type: 'string' },
        filter: { type: 'string' },
        limit: { type: 'string' },
        cache: { type: 'string' },
      },
    });
    if (positionals.length) throw badInput(`unexpected argument "${positionals[0]}".`);
    const cwd = userCwd();
    if (!values.out) throw badInput('--out model.json is required.');
    // Checked before any row runs: a collection on the training set takes an hour, and a bad path lost all of it.
    const out = resolve(cwd, values.out);
    await checkOutputPath(out, '--out', 'model.json');
    const featuresOut = values.features === undefined ? undefined : resolve(cwd, values.features);
    if (featuresOut) await checkOutputPath(featuresOut, '--features', 'features.jsonl');
    let issues: TrainingIssue[];
    let source: string;
    if (values['from-features']) {
      const file = resolve(cwd, values['from-features']);
      ({ issues, source } = await readIssues(file).catch((error: Error) => {
        throw badInput(`cannot read --from-features ${file}: ${error.message}`);
      }));
    } else {
      if (!values.dataset || !values.repos) throw badInput('--dataset F.jsonl and --repos DIR are required (or --from-features FILE).');
      const dataset = resolve(cwd, values.dataset);
      const repos = resolve(cwd, values.repos);
      if (!(await stat(dataset).then((s) => s.isFile(), () => false))) throw badInput(`--dataset ${dataset} is not a file.`);
      if (!(await stat(repos).then((s) => s.isDirectory(), () => false))) throw badInput(`--repos ${repos} is not a folder.`);
      const filter = regexFlag('filter', values.filter);
      const controller = new AbortController();
      const stopSignals = onStopSignals((signal) => {
        process.stderr.write(`\ninterrupted (${signal}): removing worktrees\n`);
        controller.abort();
      });
      try {
        const collected = await collectIssues({
          dataset,
          workspaces: new GitWorktrees(new RepoCache({ reposDir: repos, cacheDir: values.cache ? resolve(cwd, values.cache) : defaultCacheDir() })),
          // A generous per-call limit: a busy machine must not change what the tools find, or the model it trains.
          createTools: (root) => new NodeToolRunner({ roots: [root], timeoutMs: COLLECT_TOOL_TIMEOUT_MS }).warmUp(),
          concurrency: intFlag('concurrency', values.concurrency, 1, 256),
          limit: intFlag('limit', values.limit, 0, 10_000_000),
          filter,
          signal: controller.signal,
          progress: new LineProgress(process.stderr),
        });
        issues = collected.issues;
        source = `${basename(dataset)} sha256:${createHash('sha256').update(readFileSync(dataset)).digest('hex').slice(0, 16)}`;
        if (controller.signal.aborted) return await keepInterrupted(issues, source, featuresOut);
        if (collected.errors) process.stderr.write(`train: ${collected.errors} rows failed to run and are left out.\n`);
      } finally {
        stopSignals();
      }
      if (featuresOut) await writeIssues(featuresOut, { source, issues });
    }
    if (issues.length < 3) throw badInput(`only ${issues.length} issues ran; training needs at least 3.`);
    const { model, crossValidation } = trainRanker(issues, DEFAULT_FIT);
    model.trained = {
      source,
      issues: issues.length,
      repositories: new Set(issues.map((i) => i.repo)).size,
      command: 'codegrep train --dataset ../shared/train/train.jsonl --repos ../shared/train/repos --out src/core/embedded/rankerModel.json',
      crossValidation: { folds: crossValidation.folds, byLanguage: roundSummaries(crossValidation.byLanguage) },
    };
    await writeFile(out, `${JSON.stringify(model, null, 1)}\n`);
    process.stdout.write(`${trainingTable(crossValidation)}\n`);
    process.stderr.write(`model: ${out} (${issues.length} issues; answer size: up to ${model.maxFiles} files, ${model.missingGold} gold expected outside the candidates)\n`);
    return EXIT.ok;
  },
};

/**
 * An interrupted collection fits no model, but keeps the rows that finished where --features asks (marked in their
 * source line), so they can be fitted or inspected; the run itself cannot resume.
 */
async function keepInterrupted(issues: TrainingIssue[], source: string, featuresOut: string | undefined): Promise<number> {
  if (featuresOut && issues.length > 0) {
    await writeIssues(featuresOut, { source: `${source} (interrupted after ${issues.length} rows)`, issues });
    process.stderr.write(`train: interrupted; no model written. The ${issues.length} rows that finished are in ${featuresOut} (--from-features fits them).\n`);
  } else {
    process.stderr.write(`train: interrupted; no model written${featuresOut ? '' : ' (--features FILE keeps the rows that finish)'}.\n`);
  }
  return EXIT.interrupted;
}

function roundSummaries(summaries: Record<string, { n: number; precision: number; recall: number; f05: number; acc_at_1: number }>): Record<string, unknown> {
  const r = (v: number) => Math.round(v * 1000) / 1000;
  return Object.fromEntries(
    Object.entries(summaries).map(([k, s]) => [k, { n: s.n, precision: r(s.precision), recall: r(s.recall), f05: r(s.f05), acc_at_1: r(s.acc_at_1) }]),
  );
}
