import assert from 'node:assert/strict';
import { ESLint } from 'eslint';

/** Lints one snippet as if it lived at `filePath` and returns the restricted-import messages. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: process.cwd() });
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer lint', function () {
  this.timeout(60_000);

  it('refuses vscode in src/core', async () => {
    const errors = await layerErrors('src/core/probe.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n");
    assert.equal(errors.length, 1);
    assert.match(errors[0], /Only src\/extension and in-host tests may import vscode/);
  });

  it('refuses vscode in src/cli and unit tests, allows it in src/extension', async () => {
    const code = "import * as vscode from 'vscode';\nexport const x = vscode;\n";
    assert.equal((await layerErrors('src/cli/probe.ts', code)).length, 1);
    assert.equal((await layerErrors('test/unit/probe.test.ts', code)).length, 1);
    assert.deepEqual(await layerErrors('src/extension/probe.ts', code), []);
  });

  it('refuses Node tool code and child processes in core, and core in common', async () => {
    const tools = await layerErrors('src/core/embedded/probe.ts', "import { x } from '../../tools/grep';\nexport const y = x;\n");
    assert.match(tools[0], /core may import only common/);
    const spawn = await layerErrors('src/core/probe.ts', "import { spawn } from 'node:child_process';\nexport const y = spawn;\n");
    assert.match(spawn[0], /ToolRunner interface/);
    const common = await layerErrors('src/common/probe.ts', "import { Locator } from '../core/locator';\nexport const y = Locator;\n");
    assert.match(common[0], /common imports nothing else of ours/);
  });

  it('keeps the environment server off the CLI and mining off everything but common', async () => {
    const cli = await layerErrors('src/envserver/probe.ts', "import { main } from '../cli/main';\nexport const y = main;\n");
    assert.match(cli[0], /envserver may import common, core, tools and eval/);
    assert.deepEqual(await layerErrors('src/envserver/probe.ts', "import { Locator } from '../core/locator';\nexport const y = Locator;\n"), []);
    const mining = await layerErrors('src/mining/probe.ts', "import { Locator } from '../core/locator';\nexport const y = Locator;\n");
    assert.match(mining[0], /mining may import only common/);
    const evalToEnv = await layerErrors('src/eval/probe.ts', "import { EnvServer } from '../envserver/server';\nexport const y = EnvServer;\n");
    assert.match(evalToEnv[0], /eval may import common, core and tools/);
  });
});
