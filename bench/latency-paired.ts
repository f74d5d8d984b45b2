// Locate latency of this tree's embedded brain against another checkout's, paired: both run in this one
// process on the same dev-set checkouts, alternating locate by locate (the order flips each round), so the
// shared machine's load drifts over both alike. bench/latency.ts compares each build with an rg floor, but
// two of its runs, one per build, minutes apart, differed by more than a change worth making (its floor moved
// 20 % between them); pairing makes a 10 % change visible in a few minutes.
// Usage: npx tsx bench/latency-paired.ts --against DIR [--repo owner/name] [--per-repo N] [--runs N] [--dataset F] [--warm]
// `--warm` locates as the editor does: each build keeps one tool runner per tree, its file listing made and kept
// (the watched TTL), and locates are spaced more than a second apart, so no cut of the tree is reused between them.
// DIR is another checkout of this repository (e.g. `git worktree add ../base <commit>`) with its node_modules;
// its TypeScript sources are loaded through tsx as this tree's are.
import * as path from 'node:path';
import { loadDataset } from '../src/eval/dataset';
import { RepoCache } from '../src/eval/repoCache';
import { GitWorktrees } from '../src/eval/worktrees';
import { median } from './lib/stats';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const AGAINST = arg('against', '');
const REPO = arg('repo', 'django/django');
const PER_REPO = Number(arg('per-repo', '5'));
const RUNS = Number(arg('runs', '6'));
const DATASET = path.resolve(arg('dataset', '../shared/eval/dev.jsonl'));
const REPOS_DIR = path.resolve(arg('repos', '../shared/eval/repos'));
const WARM = argv.includes('--warm');
/** Longer than splitWalk's reuse of a cut (1 s), as an editor's locates are apart. */
const WARM_SPACING_MS = 1100;

/** What a locate needs from one checkout: its own modules, so the two builds share no state. */
interface Build {
  name: string;
  locate(tree: string, text: string): Promise<string[]>;
}

async function loadBuild(root: string, name: string): Promise<Build> {
  const from = (module: string) => import(path.join(root, 'src', module));
  const { Locator } = (await from('core/locator')) as typeof import('../src/core/locator');
  const { NodeToolRunner } = (await from('tools/runner')) as typeof import('../src/tools/runner');
  const { createEmbeddedBrain } = (await from('core/embedded/index')) as typeof import('../src/core/embedded/index');
  const { issueFromText } = (await from('common/issue')) as typeof import('../src/common/issue');
  const { WATCHED_FILE_LIST_TTL_MS } = (await from('tools/fileList')) as typeof import('../src/tools/fileList');
  const kept = new Map<string, InstanceType<typeof NodeToolRunner>>();
  // Without --warm, a fresh runner per locate: a cold file listing, as one CLI call has.
  const runnerFor = (tree: string) => {
    if (!WARM) return new NodeToolRunner({ roots: [tree] });
    const runner = kept.get(tree) ?? new NodeToolRunner({ roots: [tree], listTtlMs: WATCHED_FILE_LIST_TTL_MS }).warmUp();
    kept.set(tree, runner);
    return runner;
  };
  return {
    name,
    locate: async (tree, text) => (await new Locator(runnerFor(tree)).locate(issueFromText(text), createEmbeddedBrain(), {})).candidates.map((c) => c.path),
  };
}

async function main(): Promise<void> {
  if (!AGAINST) throw new Error('--against DIR (another checkout of this repository) is required');
  const builds = [await loadBuild(path.resolve(AGAINST), 'against'), await loadBuild(path.resolve(__dirname, '..'), 'this')];
  const rows = (await loadDataset(DATASET)).rows.filter((row) => row.repo === REPO);
  const step = Math.max(1, Math.floor(rows.length / PER_REPO));
  const sample = rows.filter((_, i) => i % step === 0).slice(0, PER_REPO);
  const workspaces = new GitWorktrees(new RepoCache({ reposDir: REPOS_DIR, cacheDir: path.resolve('.cache/eval-repos') }));
  const medians = new Map<string, number[]>(builds.map((b) => [b.name, []]));
  try {
    for (const row of sample) {
      const checkout = await workspaces.checkout(row.repo, row.base_commit, `paired-${row.instance_id}`);
      try {
        const times = new Map<string, number[]>(builds.map((b) => [b.name, []]));
        const answers = new Map<string, string>();
        // Round -1 warms both builds up and is not counted.
        for (let round = -1; round < RUNS; round++) {
          for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
            if (WARM) await new Promise((resolve) => setTimeout(resolve, WARM_SPACING_MS));
            const t0 = performance.now();
            const files = await build.locate(checkout.dir, row.problem_statement);
            if (round >= 0) times.get(build.name)?.push(performance.now() - t0);
            answers.set(build.name, files.join(' '));
          }
        }
        const [a, b] = builds.map((build) => median(times.get(build.name) ?? []));
        builds.forEach((build, i) => medians.get(build.name)?.push([a, b][i]));
        const same = answers.get('against') === answers.get('this') ? 'same answer' : `answers differ: ${answers.get('against')} | ${answers.get('this')}`;
        console.log(`${row.instance_id}: against ${a.toFixed(0)} ms, this ${b.toFixed(0)} ms (${(b / a).toFixed(2)}x), ${same}`);
      } finally {
        await checkout.dispose();
      }
    }
  } finally {
    await workspaces.closeAll();
  }
  const [a, b] = builds.map((build) => median(medians.get(build.name) ?? []));
  console.log(`${REPO}, ${sample.length} issues x ${RUNS} rounds${WARM ? ', warm runners' : ''}: p50 against ${a.toFixed(0)} ms, this ${b.toFixed(0)} ms (${(b / a).toFixed(2)}x)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
