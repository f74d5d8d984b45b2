// Lint enforces the layer table of docs/architecture.md: who may import whom.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const layer = (regex, message) => ({ regex, message });
const ourLayers = (...names) => `^(\\.\\./)+(${names.join('|')})(/|$)`;
const noVscode = { name: 'vscode', message: 'Only src/extension and in-host tests may import vscode.' };
const nodeIo = ['child_process', 'node:child_process', 'fs', 'node:fs', 'fs/promises', 'node:fs/promises', '@vscode/ripgrep', 'isomorphic-git'].map(
  (name) => ({ name, message: 'core reaches the repo only through the ToolRunner interface (src/common/tools.ts).' }),
);

/** One no-restricted-imports rule per folder. */
const restrict = (files, paths, patterns = []) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.cache/**', 'out/**', '.vscode-test/**', 'test-results/**', '**/*.js', '**/*.mjs', 'webview-ui/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  restrict(['src/common/**/*.ts'], [noVscode], [layer(ourLayers('core', 'tools', 'eval', 'envserver', 'mining', 'cli', 'extension'), 'common imports nothing else of ours.')]),
  restrict(['src/core/**/*.ts'], [noVscode, ...nodeIo], [layer(ourLayers('tools', 'eval', 'envserver', 'mining', 'cli', 'extension'), 'core may import only common.')]),
  restrict(['src/tools/**/*.ts'], [noVscode], [layer(ourLayers('core', 'eval', 'envserver', 'mining', 'cli', 'extension'), 'tools may import only common.')]),
  restrict(['src/toolHost/**/*.ts'], [noVscode], [layer(ourLayers('core', 'eval', 'envserver', 'mining', 'cli', 'extension'), 'toolHost may import only common and tools.')]),
  restrict(['src/eval/**/*.ts'], [noVscode], [layer(ourLayers('envserver', 'mining', 'cli', 'extension'), 'eval may import common, core and tools.')]),
  restrict(['src/envserver/**/*.ts'], [noVscode], [layer(ourLayers('mining', 'cli', 'extension'), 'envserver may import common, core, tools and eval.')]),
  restrict(['src/mining/**/*.ts'], [noVscode], [layer(ourLayers('core', 'tools', 'eval', 'envserver', 'cli', 'extension'), 'mining may import only common.')]),
  restrict(['src/trainer/**/*.ts'], [noVscode], [layer(ourLayers('cli', 'extension'), 'trainer may import common, core, tools and eval.')]),
  restrict(['src/cli/**/*.ts', 'bench/**/*.ts', 'test/unit/**/*.ts'], [noVscode], [layer(ourLayers('extension'), 'Headless code never imports the extension layer.')]),
  restrict(['webview-ui/**/*.ts'], [noVscode], [{ regex: '^(\\.\\./)+src/(?!common/)', message: 'webview-ui shares only types from src/common.' }]),
);
