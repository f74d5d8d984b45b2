import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startFakeGitHub, type FakeGitHubServer } from '../../helpers/fakeGitHubServer';
import { formatProbability } from '../../../src/common/confidence';

const ROOT = resolve(__dirname, '../../..');

/** A small real git repository: a parser bug lives in widgets/parser.py. */
function makeFixtureRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'codegrep-mcp-'));
  const files: Record<string, string> = {
    'widgets/__init__.py': 'from .parser import parse_header\n',
    'widgets/parser.py': [
      'def parse_header(text):',
      '    """Split a header line into name and value."""',
      '    parts = text.split(":", 1)',
      '    name = parts[0]',
      '    value = parts[1]  # IndexError when there is no colon',
      '    return name.strip(), value.strip()',
      '',
    ].join('\n'),
    'widgets/render.py': 'def render(widget):\n    return "<div>%s</div>" % widget\n',
    'README.md': '# widgets\n',
  };
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), content);
  }
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'init');
  git('remote', 'add', 'origin', 'https://github.com/acme/widgets.git');
  return dir;
}

interface TextContent {
  type: string;
  text?: string;
}

describe('codegrep mcp (stdio, SDK client)', function () {
  this.timeout(60_000);
  let repo: string;
  let gh: FakeGitHubServer;
  let client: Client;
  let transport: StdioClientTransport;

  before(async () => {
    execFileSync(process.execPath, ['scripts/build.mjs', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
    repo = makeFixtureRepo();
    gh = await startFakeGitHub([
      {
        owner: 'acme', repo: 'widgets', number: 7, title: 'parse_header raises IndexError on a header without a colon',
        body: 'Calling `parse_header("Host")` raises IndexError instead of a clear error.',
        comments: [{ body: 'value = parts[1] fails when split returns one part.' }],
      },
    ]);
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(ROOT, 'dist/cli.js'), 'mcp', '--repo', repo],
      cwd: repo,
      env: { PATH: process.env.PATH ?? '', GITHUB_API_URL: gh.apiBase, GITHUB_SERVER_URL: 'https://github.com', GITHUB_TOKEN: 'secret-token' },
      stderr: 'pipe',
    });
    client = new Client({ name: 'codegrep-test', version: '1.0.0' });
    await client.connect(transport);
  });

  after(async () => {
    await client?.close();
    await gh?.close();
    if (repo) rmSync(repo, { recursive: true, force: true });
  });

  it('lists locate_files with its input schema and read-only annotation', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'locate_files');
    assert.ok(tool, 'locate_files is listed');
    assert.deepEqual(tool.inputSchema.required, ['issue']);
    assert.deepEqual(Object.keys(tool.inputSchema.properties ?? {}).sort(), ['brain', 'includeRunnersUp', 'issue', 'maxFiles', 'repo']);
    assert.equal(tool.annotations?.readOnlyHint, true);
    assert.ok(tool.outputSchema, 'structured output is declared');
  });

  it('locates the file for issue text on the real fixture repo', async () => {
    const result = await client.callTool({
      name: 'locate_files',
      arguments: { issue: 'parse_header raises IndexError\nparse_header("Host") fails: value = parts[1] when the header has no colon.' },
    });
    assert.notEqual(result.isError, true, JSON.stringify(result.content));
    const text = (result.content as TextContent[])[0].text ?? '';
    assert.match(text, /^Files to edit for this issue/);
    assert.match(text, /1\. widgets\/parser\.py/);
    const structured = result.structuredContent as { files: { path: string }[]; repo: string; usage: { turns: number }; confidence?: { level: string; probability: number } };
    assert.equal(structured.files[0].path, 'widgets/parser.py');
    assert.equal(structured.repo, repo);
    assert.ok(structured.usage.turns >= 1);
    // The embedded brain's learned model says how sure it is, in the text and the structured output alike.
    const level = structured.confidence?.level ?? 'none';
    assert.ok(['high', 'medium', 'low'].includes(level), level);
    assert.match(text, new RegExp(`\\n${level[0]!.toUpperCase()}${level.slice(1)} confidence \\(${formatProbability(structured.confidence!.probability)}\\)`));
  });

  it('lists the runners-up only when includeRunnersUp asks for them', async () => {
    const issue = 'parse_header raises IndexError\nparse_header("Host") fails: value = parts[1] when the header has no colon.';
    const plain = await client.callTool({ name: 'locate_files', arguments: { issue } });
    assert.doesNotMatch((plain.content as TextContent[])[0].text ?? '', /Less likely/);
    assert.equal((plain.structuredContent as { alsoConsidered?: unknown }).alsoConsidered, undefined);
    const asked = await client.callTool({ name: 'locate_files', arguments: { issue, includeRunnersUp: true } });
    assert.notEqual(asked.isError, true, JSON.stringify(asked.content));
    const text = (asked.content as TextContent[])[0].text ?? '';
    assert.match(text, /\nLess likely, only if none of the files above is it:\n- widgets\/__init__\.py/);
    const structured = asked.structuredContent as { files: { path: string }[]; alsoConsidered?: { path: string; ranges: unknown[]; reason: string }[] };
    assert.equal(structured.files[0].path, 'widgets/parser.py');
    assert.deepEqual(structured.alsoConsidered?.map((c) => c.path), ['widgets/__init__.py']);
    assert.ok(structured.alsoConsidered?.every((c) => Array.isArray(c.ranges) && c.reason.length > 0));
  });

  it('fetches a GitHub issue URL through GITHUB_API_URL with GITHUB_TOKEN, and honours maxFiles', async () => {
    const result = await client.callTool({
      name: 'locate_files',
      arguments: { issue: 'https://github.com/acme/widgets/issues/7', maxFiles: 1 },
    });
    assert.notEqual(result.isError, true, JSON.stringify(result.content));
    const structured = result.structuredContent as { files: { path: string }[]; issueTitle: string };
    assert.equal(structured.issueTitle, 'parse_header raises IndexError on a header without a colon');
    assert.deepEqual(structured.files.map((f) => f.path), ['widgets/parser.py']);
    assert.ok(gh.requests.some((r) => r.path === '/repos/acme/widgets/issues/7' && r.authorization === 'Bearer secret-token'));
  });

  it('resolves a bare #N against the repository remote (origin: acme/widgets)', async () => {
    const result = await client.callTool({ name: 'locate_files', arguments: { issue: '#7' } });
    assert.notEqual(result.isError, true, JSON.stringify(result.content));
    assert.equal((result.structuredContent as { issueTitle: string }).issueTitle, 'parse_header raises IndexError on a header without a colon');
  });

  it('reports bad input as a tool error the agent can read, and keeps serving', async () => {
    const missing = await client.callTool({ name: 'locate_files', arguments: { issue: 'anything', repo: join(repo, 'no-such-dir') } });
    assert.equal(missing.isError, true);
    assert.match((missing.content as TextContent[])[0].text ?? '', /bad-input.*not a folder/);
    const notFound = await client.callTool({ name: 'locate_files', arguments: { issue: 'acme/widgets#404' } });
    assert.equal(notFound.isError, true);
    assert.match((notFound.content as TextContent[])[0].text ?? '', /not-found/);
    const brain = await client.callTool({ name: 'locate_files', arguments: { issue: 'x', brain: 'nonsense' } });
    assert.match((brain.content as TextContent[])[0].text ?? '', /unknown brain "nonsense"/);
    const { tools } = await client.listTools();
    assert.equal(tools.length, 1);
  });
});
