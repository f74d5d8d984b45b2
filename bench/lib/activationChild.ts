// Child process of bench/footprint.ts: loads one extension module against the fake `vscode` host and
// prints one JSON line with its require and activate() times. Bundled to plain JS before it runs, so
// no TypeScript loader sits between `require` and the clock.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fakeContext, installFakeVscode, loggedLines, vscodeApiNames } from './fakeVscodeHost';

interface ExtensionModule {
  activate(context: unknown): unknown;
}

function main(): void {
  const file = path.resolve(process.argv[2]);
  // argv[3]: @types/vscode's index.d.ts, whose top-level names the fake exposes (minified bundles hide them).
  installFakeVscode(vscodeApiNames(readFileSync(process.argv[3], 'utf8')));
  const t0 = performance.now();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- timing a cold CommonJS load is the point
  const extension = require(file) as ExtensionModule;
  const t1 = performance.now();
  extension.activate(fakeContext(path.dirname(path.dirname(file))));
  const t2 = performance.now();
  const reported = loggedLines.map((line) => /activated in ([\d.]+) ms/.exec(line)?.[1]).find(Boolean);
  const failures = loggedLines.filter((line) => /failed to start/.test(line));
  const result = { requireMs: t1 - t0, activateMs: t2 - t1, reportedMs: reported ? Number(reported) : null, failures };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main();
