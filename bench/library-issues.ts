// Library issues: the embedded brain on 43 issues written in a reporter's words against the JavaScript and
// TypeScript sources of 8 npm packages this repository installs (eslint, mocha, undici, markdown-it, js-yaml,
// express, zod, openai; versions from package-lock.json). Each issue names the file its fix would change.
// They were written while reading those sources, to find mechanisms the dev sets lack (a pasted message, a
// CommonJS import), so they are a regression check for JavaScript layouts, not a held-out measure.
// Usage: npx tsx bench/library-issues.ts; results in bench/results/library-issues.json.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedBrain } from '../src/core/embedded/index';
import { Locator } from '../src/core/locator';
import { NodeToolRunner } from '../src/tools/runner';
import { median } from './lib/stats';

interface LibraryIssue {
  package: string;
  title: string;
  body: string;
  expected: string;
}

interface Row {
  package: string;
  title: string;
  expected: string;
  answer: string[];
  /** The expected file is the answer's first. */
  first: boolean;
  /** The expected file is anywhere in the answer. */
  answered: boolean;
  ms: number;
}

/** The package's own sources in a folder of their own: inside node_modules every ignore file would hide them. */
function copyPackage(name: string, into: string): string {
  const from = join('node_modules', name);
  const dir = join(into, name);
  for (const part of ['package.json', 'lib', 'src']) {
    if (existsSync(join(from, part))) cpSync(join(from, part), join(dir, part), { recursive: true });
  }
  return dir;
}

async function main(): Promise<void> {
  const issues = readFileSync('bench/library-issues.jsonl', 'utf8').trim().split('\n').map((line) => JSON.parse(line) as LibraryIssue);
  const root = mkdtempSync(join(tmpdir(), 'codegrep-libraries-'));
  try {
    const dirs = new Map<string, string>();
    const rows: Row[] = [];
    for (const issue of issues) {
      if (!dirs.has(issue.package)) dirs.set(issue.package, copyPackage(issue.package, root));
      const t0 = performance.now();
      const result = await new Locator(new NodeToolRunner({ roots: [dirs.get(issue.package)!] })).locate({ title: issue.title, body: issue.body }, createEmbeddedBrain());
      const answer = result.candidates.map((c) => c.path);
      const row: Row = { package: issue.package, title: issue.title, expected: issue.expected, answer, first: answer[0] === issue.expected, answered: answer.includes(issue.expected), ms: Math.round(performance.now() - t0) };
      rows.push(row);
      console.log(`${row.first ? 'first ' : row.answered ? 'in    ' : 'miss  '} ${issue.package}: ${issue.title} -> ${answer.join(' ')}`);
    }
    const versions = Object.fromEntries([...dirs.keys()].map((name) => [name, (JSON.parse(readFileSync(join('node_modules', name, 'package.json'), 'utf8')) as { version: string }).version]));
    const count = (key: 'first' | 'answered') => rows.filter((r) => r[key]).length;
    const summary = {
      issues: rows.length,
      firstFileRight: count('first'),
      inAnswer: count('answered'),
      filesPerAnswer: Math.round((rows.reduce((sum, r) => sum + r.answer.length, 0) / rows.length) * 100) / 100,
      p50Ms: Math.round(median(rows.map((r) => r.ms))),
      versions,
      rows,
    };
    console.log(`first file right ${summary.firstFileRight} / ${summary.issues}, in the answer ${summary.inAnswer}, ${summary.filesPerAnswer} files per answer, p50 ${summary.p50Ms} ms`);
    writeFileSync('bench/results/library-issues.json', `${JSON.stringify(summary, null, 2)}\n`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

void main();
