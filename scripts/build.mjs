// Bundles the extension host code and the CLI with esbuild. `--watch` rebuilds on change.
import * as esbuild from 'esbuild';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';

const watch = process.argv.includes('--watch');
const quiet = process.argv.includes('--quiet');

const node = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: quiet ? 'error' : 'info',
  // rg is a native binary resolved at run time from its platform package, never bundled.
  external: ['vscode', '@vscode/ripgrep', '@vscode/ripgrep-*'],
};

const targets = [
  { ...node, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js' },
  { ...node, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js' },
  // The tool helper process the extension host starts so that rg is never spawned on its main thread.
  { ...node, entryPoints: ['src/toolHost/main.ts'], outfile: 'dist/toolHost.js' },
];
const webview = 'webview-ui/src/main.ts';
if (existsSync(webview)) {
  targets.push({
    bundle: true, platform: 'browser', target: 'es2022', format: 'esm', sourcemap: true,
    logLevel: quiet ? 'error' : 'info', entryPoints: [webview], outfile: 'dist/webview/main.js',
    loader: { '.css': 'text' }, minify: !watch,
  });
  // The codicon font and its stylesheet are served next to the webview bundle (localResourceRoots).
  mkdirSync('dist/webview', { recursive: true });
  for (const file of ['codicon.css', 'codicon.ttf']) copyFileSync(`node_modules/@vscode/codicons/dist/${file}`, `dist/webview/${file}`);
}

const present = targets.filter((t) => existsSync(t.entryPoints[0]));
if (watch) {
  for (const t of present) await (await esbuild.context(t)).watch();
} else {
  await Promise.all(present.map((t) => esbuild.build(t)));
}
