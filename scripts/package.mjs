// Packages one VSIX per platform: the JS bundles are platform-free, but ripgrep is a native binary
// resolved at run time from `@vscode/ripgrep-<target>` (never bundled), so each VSIX carries only
// its own target's binary.
//   npm run package                         # this machine's platform, e.g. linux-x64
//   npm run package -- --target darwin-arm64 [--out file.vsix]
// For another target, install its binary package first (npm refuses other platforms without --force):
//   npm install --no-save --force @vscode/ripgrep-darwin-arm64@<version of @vscode/ripgrep-linux-x64>
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const TARGETS = ['win32-x64', 'win32-arm64', 'linux-x64', 'linux-arm64', 'linux-armhf', 'darwin-x64', 'darwin-arm64'];
const { values } = parseArgs({ options: { target: { type: 'string' }, out: { type: 'string' } } });
const arch = process.arch === 'arm' ? 'armhf' : process.arch;
const target = values.target ?? `${process.platform}-${arch}`;
if (!TARGETS.includes(target)) fail(`Unknown target "${target}". Use one of: ${TARGETS.join(', ')}.`);

// linux-armhf is published as @vscode/ripgrep-linux-arm.
const rgPackage = `@vscode/ripgrep-${target === 'linux-armhf' ? 'linux-arm' : target}`;
const rgBinary = `node_modules/${rgPackage}/bin/${target.startsWith('win32') ? 'rg.exe' : 'rg'}`;
const { version, name } = JSON.parse(readFileSync('package.json', 'utf8'));
const out = values.out ?? `${name}-${target}-${version}.vsix`;
if (!existsSync(rgBinary)) {
  const wanted = JSON.parse(readFileSync('node_modules/@vscode/ripgrep/package.json', 'utf8')).version;
  fail(`${rgBinary} is missing. Install it first:\n  npm install --no-save --force ${rgPackage}@${wanted}`);
}

run('node', ['scripts/build.mjs']);

// vsce walks every file under its working folder, and this repository holds large caches (eval
// repos, code-server), so the VSIX is packed from a staging folder holding exactly what ships.
// The staged package.json lists only the ripgrep package as a dependency: the JS is bundled, and
// vsce's dependency mode is the only way it packs files from node_modules.
const stage = 'out/vsix-stage';
rmSync(stage, { recursive: true, force: true });
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const rgVersion = JSON.parse(readFileSync(`node_modules/${rgPackage}/package.json`, 'utf8')).version;
const shipped = { ...manifest, dependencies: { [rgPackage]: rgVersion }, devDependencies: undefined, scripts: undefined, bin: undefined };
mkdirSync(stage, { recursive: true });
writeFileSync(`${stage}/package.json`, JSON.stringify(shipped, null, 2) + '\n');
for (const path of ['README.md', 'CHANGELOG.md', 'LICENSE', 'media', 'dist/extension.js', 'dist/toolHost.js', 'dist/cli.js', 'dist/webview/main.js', 'dist/webview/codicon.css', 'dist/webview/codicon.ttf']) {
  if (existsSync(path)) cpSync(path, `${stage}/${path}`, { recursive: true });
}
for (const path of ['package.json', 'LICENSE', 'bin']) {
  const from = `node_modules/${rgPackage}/${path}`;
  if (existsSync(from)) cpSync(from, `${stage}/${from}`, { recursive: true });
}
cpSync('.vscodeignore', `${stage}/.vscodeignore`);
inlineReadmeImages(`${stage}/README.md`);
// The README's images are inlined as data: URIs in the packed copy (inlineReadmeImages), so they render offline from the VSIX.
run('npx', ['vsce', 'package', '--dependencies', '--target', target, '--no-rewrite-relative-links', '--out', resolve(out)], stage);
console.log(`Packaged ${out} for ${target} (ripgrep from ${rgPackage}).`);

/**
 * VS Code's Extensions view shows the README under a CSP of `img-src https: data:`, so an image
 * linked relatively (as GitHub wants) shows broken there even though the VSIX carries it. The
 * packed copy of the README gets the PNGs it links under media/ as data: URIs instead; the
 * repository's README is unchanged.
 */
function inlineReadmeImages(readme) {
  if (!existsSync(readme)) return;
  const source = readFileSync(readme, 'utf8');
  // The staged README may be a symlink to the working copy's (the e2e staging links it): replace the link, never write through it.
  rmSync(readme);
  const text = source.replace(/(!\[[^\]]*\]\()(media\/[\w./-]+\.png)(\))/g, (whole, open, path, close) =>
    existsSync(path) ? `${open}data:image/png;base64,${readFileSync(path).toString('base64')}${close}` : whole,
  );
  writeFileSync(readme, text);
}

function run(command, args, cwd = '.') {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], cwd });
  if (result.status !== 0) fail(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
