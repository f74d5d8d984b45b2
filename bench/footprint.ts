// Footprint and activation: VSIX size and contents (this machine's platform, built by `npm run package`),
// bundle sizes raw and gzipped, and activation time. References in the same run: the ripgrep binary every
// VSIX must carry (for sizes), and a minimal one-command extension loaded the same way (for activation).
// Activation here is an APPROXIMATION: dist/extension.js is required in plain Node against a permissive
// fake `vscode` module (bench/lib/fakeVscodeHost.ts), not inside a VS Code extension host.
// Usage: npx tsx bench/footprint.ts [--runs N] [--no-package]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { median } from './lib/stats';

const argv = process.argv.slice(2);
const runsAt = argv.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(argv[runsAt + 1]) : 9;
const PACKAGE = !argv.includes('--no-package');
const WORK = path.resolve('.cache/bench/footprint');
const arch = process.arch === 'arm' ? 'armhf' : process.arch;
const TARGET = `${process.platform}-${arch}`;
const RG_PACKAGE = `@vscode/ripgrep-${TARGET === 'linux-armhf' ? 'linux-arm' : TARGET}`;
const VSCODE_DTS = path.resolve('node_modules/@types/vscode/index.d.ts');
const RG_BINARY = path.resolve('node_modules', RG_PACKAGE, 'bin', process.platform === 'win32' ? 'rg.exe' : 'rg');

interface Size {
  file: string;
  bytes: number;
  gzipBytes: number;
}

interface Activation {
  requireMs: number;
  activateMs: number;
  reportedMs: number | null;
  failures: string[];
}

function sizeOf(file: string): Size {
  const data = readFileSync(file);
  return { file: path.relative(process.cwd(), file), bytes: data.length, gzipBytes: gzipSync(data, { level: 9 }).length };
}

/** Runs `npm run package` into the bench folder; returns the VSIX path. */
function packageVsix(): string {
  mkdirSync(WORK, { recursive: true });
  const out = path.join(WORK, `codegrep-${TARGET}.vsix`);
  rmSync(out, { force: true });
  const result = spawnSync('npm', ['run', '--silent', 'package', '--', '--out', out], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0 || !existsSync(out)) throw new Error(`npm run package failed (exit ${result.status ?? result.signal})`);
  return out;
}

/** Uncompressed and compressed bytes per VSIX entry, from `zipinfo -l`. */
function vsixEntries(vsix: string): { name: string; bytes: number; compressed: number }[] {
  const listing = execFileSync('zipinfo', ['-l', vsix], { encoding: 'utf8' });
  const entries: { name: string; bytes: number; compressed: number }[] = [];
  for (const line of listing.split('\n')) {
    // -rw-r--r--  2.0 unx   1172981 b-  330123 defN 25-Nov-30 16:58 extension/dist/extension.js
    const m = /^\S{10}\s+\S+\s+\S+\s+(\d+)\s+\S+\s+(\d+)\s+\S+\s+\S+\s+\S+\s+(.+)$/.exec(line);
    if (m) entries.push({ bytes: Number(m[1]), compressed: Number(m[2]), name: m[3] });
  }
  return entries;
}

/** The other targets scripts/package.mjs builds, and their ripgrep package names (linux-armhf ships as linux-arm). */
const OTHER_TARGETS = ['win32-x64', 'win32-arm64', 'linux-x64', 'linux-arm64', 'linux-armhf', 'darwin-x64', 'darwin-arm64'].filter((t) => t !== TARGET);
const rgPackageOf = (target: string) => `@vscode/ripgrep-${target === 'linux-armhf' ? 'linux-arm' : target}`;

/**
 * Another target's VSIX size, estimated from measured parts: this target's VSIX, minus this target's ripgrep
 * binary, plus that target's binary, both deflated the same way (a VSIX is a zip). The binary comes from the
 * target's npm tarball (`npm pack`, cached under .cache), so the shared node_modules stays untouched; offline,
 * targets without a cached tarball are skipped.
 */
function estimateOtherTargets(vsixBytes: number): { target: string; binaryBytes: number; estimatedVsixBytes: number }[] {
  const version = JSON.parse(readFileSync(path.resolve('node_modules', RG_PACKAGE, 'package.json'), 'utf8')).version as string;
  const packs = path.join(WORK, 'rg-packs');
  mkdirSync(packs, { recursive: true });
  const local = deflateRawSync(readFileSync(RG_BINARY), { level: 9 }).length;
  const estimates: { target: string; binaryBytes: number; estimatedVsixBytes: number }[] = [];
  for (const target of OTHER_TARGETS) {
    const name = rgPackageOf(target);
    const tarball = path.join(packs, `${name.slice(1).replace('/', '-')}-${version}.tgz`);
    if (!existsSync(tarball)) spawnSync('npm', ['pack', '--silent', `${name}@${version}`, '--pack-destination', packs], { stdio: 'ignore', timeout: 60_000 });
    if (!existsSync(tarball)) {
      console.error(`${target}: ${name}@${version} not cached and npm pack failed (offline?); skipped`);
      continue;
    }
    const dir = path.join(packs, target);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execFileSync('tar', ['-xzf', tarball, '-C', dir]);
    const binary = path.join(dir, 'package', 'bin', target.startsWith('win32') ? 'rg.exe' : 'rg');
    const data = readFileSync(binary);
    estimates.push({ target, binaryBytes: data.length, estimatedVsixBytes: vsixBytes - local + deflateRawSync(data, { level: 9 }).length });
  }
  return estimates;
}

/** Bundles the activation child to plain JS, so timing sees node's own require, not a TS loader. */
async function buildChild(): Promise<string> {
  const outfile = path.join(WORK, 'activation-child.cjs');
  await build({ entryPoints: ['bench/lib/activationChild.ts'], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile, logLevel: 'error' });
  return outfile;
}

/** The reference: an extension that registers one command and one log channel, nothing else. */
function writeReferenceExtension(): string {
  const dir = path.join(WORK, 'reference-extension', 'dist');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'extension.js');
  writeFileSync(
    file,
    `const vscode = require('vscode');
exports.activate = (context) => {
  const channel = vscode.window.createOutputChannel('Reference', { log: true });
  context.subscriptions.push(channel, vscode.commands.registerCommand('reference.hello', () => channel.info('hello')));
};
`,
  );
  return file;
}

function activateInChild(child: string, extension: string): Activation {
  const out = execFileSync(process.execPath, [child, extension, VSCODE_DTS], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as Activation;
}

async function main(): Promise<void> {
  const vsix = PACKAGE ? packageVsix() : undefined;
  const bundles = ['dist/extension.js', 'dist/cli.js', ...readdirSync('dist/webview').filter((f) => !f.endsWith('.map')).map((f) => `dist/webview/${f}`)].map((f) => sizeOf(path.resolve(f)));
  const rg = sizeOf(RG_BINARY);

  const child = await buildChild();
  const reference = writeReferenceExtension();
  const ours = path.resolve('dist/extension.js');
  activateInChild(child, ours); // warm-up: OS file cache, V8 code cache of node itself
  activateInChild(child, reference);
  const oursRuns: Activation[] = [];
  const refRuns: Activation[] = [];
  for (let i = 0; i < RUNS; i++) {
    const pair = i % 2 === 0 ? [ours, reference] : [reference, ours];
    for (const file of pair) (file === ours ? oursRuns : refRuns).push(activateInChild(child, file));
  }
  const failures = [...new Set(oursRuns.flatMap((r) => r.failures))];
  const total = (r: Activation) => r.requireMs + r.activateMs;
  const activation = {
    approximation: 'plain Node + fake vscode module, not a VS Code extension host',
    oursRequireMs: median(oursRuns.map((r) => r.requireMs)),
    oursActivateMs: median(oursRuns.map((r) => r.activateMs)),
    oursReportedMs: median(oursRuns.map((r) => r.reportedMs ?? Number.NaN)),
    oursTotalMs: median(oursRuns.map(total)),
    referenceTotalMs: median(refRuns.map(total)),
    failures,
  };

  console.log('| file | bytes | gzip -9 | vs ripgrep binary |');
  console.log('|---|---:|---:|---:|');
  for (const s of [...bundles, rg]) {
    console.log(`| ${s.file} | ${kb(s.bytes)} | ${kb(s.gzipBytes)} | ${(s.bytes / rg.bytes).toFixed(2)}x |`);
  }
  let vsixReport: Record<string, unknown> | undefined;
  if (vsix) {
    const entries = vsixEntries(vsix);
    const vsixBytes = statSync(vsix).size;
    const rgEntry = entries.find((e) => /\/bin\/rg(\.exe)?$/.test(e.name));
    const js = entries.filter((e) => e.name.endsWith('.js'));
    const jsCompressed = js.reduce((sum, e) => sum + e.compressed, 0);
    const others = estimateOtherTargets(vsixBytes);
    vsixReport = { target: TARGET, bytes: vsixBytes, files: entries.length, rgCompressed: rgEntry?.compressed ?? null, jsCompressed, otherTargetsEstimated: others };
    console.log(`\nVSIX ${TARGET}: ${kb(vsixBytes)} (${entries.length} files); ripgrep binary ${kb(rgEntry?.compressed ?? 0)} compressed ` +
      `(${(((rgEntry?.compressed ?? 0) / vsixBytes) * 100).toFixed(0)}% of the VSIX), JavaScript ${kb(jsCompressed)} compressed (${((jsCompressed / vsixBytes) * 100).toFixed(0)}%).`);
    console.log('\n| target | ripgrep binary | VSIX (estimated from measured parts) | vs this VSIX |\n|---|---:|---:|---:|');
    console.log(`| ${TARGET} (packaged) | ${kb(rg.bytes)} | ${kb(vsixBytes)} | 1.00x |`);
    for (const o of others) console.log(`| ${o.target} | ${kb(o.binaryBytes)} | ${kb(o.estimatedVsixBytes)} | ${(o.estimatedVsixBytes / vsixBytes).toFixed(2)}x |`);
  }
  console.log(
    `\nActivation (APPROXIMATION: ${activation.approximation}), median of ${RUNS} fresh processes after a warm-up:\n` +
      `  ours: require ${activation.oursRequireMs.toFixed(1)} ms + activate() ${activation.oursActivateMs.toFixed(1)} ms ` +
      `(self-reported ${activation.oursReportedMs.toFixed(1)} ms) = ${activation.oursTotalMs.toFixed(1)} ms; ` +
      `reference one-command extension ${activation.referenceTotalMs.toFixed(1)} ms; ratio ${(activation.oursTotalMs / activation.referenceTotalMs).toFixed(1)}x.`,
  );
  if (failures.length) console.log(`  Contributions that failed under the fake host (their cost is missing): ${failures.join(' | ')}`);
  console.log(`Machine: ${os.cpus().length} cores, 1-min load average ${os.loadavg()[0].toFixed(1)} at the end.`);
  mkdirSync('bench/results', { recursive: true });
  const report = { date: new Date().toISOString(), runs: RUNS, bundles, ripgrep: rg, vsix: vsixReport, activation };
  writeFileSync('bench/results/footprint.json', `${JSON.stringify(report, null, 2)}\n`);
}

function kb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
