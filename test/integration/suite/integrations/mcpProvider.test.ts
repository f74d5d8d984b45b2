import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mcpApi, mcpLaunch } from '../../../../src/extension/mcp/mcpProvider';
import { fixtureIssues } from '../../fixture/content';
import { activateCodeGrep, EXTENSION_ID, fixtureFolder } from '../extensionApi';

describe('integrations: MCP server definition (VS Code >= 1.101 API, feature-detected)', () => {
  it('is off on hosts without the API and the launch it would publish serves locate_files', async () => {
    await activateCodeGrep();
    const [major, minor] = vscode.version.split('.').map(Number);
    if (major === 1 && minor < 101) assert.equal(mcpApi(), undefined, `VS Code ${vscode.version} ships the MCP provider API only as a proposal`);
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const launch = mcpLaunch(extension.extensionUri, fixtureFolder());
    assert.equal(launch.command, process.execPath);
    assert.deepEqual(launch.args.slice(1), ['mcp', '--repo', fixtureFolder().fsPath]);
    // Start exactly what VS Code would start, and ask it for files.
    const transport = new StdioClientTransport({ command: launch.command, args: launch.args, env: { ...process.env, ...launch.env } as Record<string, string>, cwd: launch.cwd?.fsPath, stderr: 'ignore' });
    const client = new Client({ name: 'codegrep-in-host', version: '1.0.0' });
    await client.connect(transport);
    try {
      const result = await client.callTool({ name: 'locate_files', arguments: { issue: fixtureIssues.python.text } });
      const files = (result.structuredContent as { files: { path: string }[] }).files;
      assert.equal(files[0]?.path, fixtureIssues.python.expectedPath);
    } finally {
      await client.close();
    }
  });
});
