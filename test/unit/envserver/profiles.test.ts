import assert from 'node:assert/strict';
import { join } from 'node:path';
import { issueFromText, issueText } from '../../../src/common/issue';
import type { LocateResult } from '../../../src/common/result';
import { Locator } from '../../../src/core/locator';
import { createOpenAIBrain } from '../../../src/core/openai/index';
import type { ProfileName } from '../../../src/core/profiles';
import { loadDataset, type DatasetRow } from '../../../src/eval/dataset';
import { runEval } from '../../../src/eval/harness';
import { RepoCache } from '../../../src/eval/repoCache';
import { GitWorktrees } from '../../../src/eval/worktrees';
import { EnvServer } from '../../../src/envserver/server';
import { NodeToolRunner } from '../../../src/tools/runner';
import { OpenEnvClient, observationOf, toolCall } from '../../../bench/lib/envClient';
import { FakeModelServer, type RecordedRequest } from '../../helpers/fakeModelServer';
import { makeEvalWorld, type EvalWorld } from '../../fixtures/eval/makeRepos';
import { TrackedWorktrees } from './helpers';

/** A scripted policy: the assistant message of a turn (1-based), given the workspace root the episode names. */
type Policy = (root: string, turn: number) => { content: string | null; tool_calls?: Record<string, unknown>[] };

type Observation = ReturnType<typeof observationOf>;

const ROW = 'acme__widgets-1'; // gold: widgets/parser.py

/** FastContext: absolute-path Grep/Glob/Read for its 4 turns, two paths outside, then a <final_answer> with absolute paths. */
const FASTCONTEXT: Policy = (root, turn) => {
  const turns: Record<string, unknown>[][] = [
    [
      toolCall('f1', 'Grep', { pattern: 'def parse_header', path: root, output_mode: 'content', '-n': true }),
      toolCall('f2', 'Glob', { pattern: '**/*.py', directory: `${root}/widgets` }),
      toolCall('f3', 'Read', { path: `${root}/widgets/parser.py`, offset: 1, limit: 3 }),
      toolCall('f4', 'Read', { path: '/etc/passwd' }),
      toolCall('f5', 'Grep', { pattern: 'colon', path: `${root}/../` }),
    ],
    [toolCall('f6', 'Grep', { pattern: 'parse_header', path: `${root}/widgets`, output_mode: 'files_with_matches' })],
    [toolCall('f7', 'Glob', { pattern: '*.md', directory: root })],
    [toolCall('f8', 'Read', { path: `${root}/README.md` })],
  ];
  if (turn <= turns.length) return { content: turn === 2 ? 'Checking where it is defined.' : null, tool_calls: turns[turn - 1] };
  return {
    content: `The header parser splits on the colon.\n\n<final_answer>\n${root}/widgets/parser.py:1-4 (Core logic to modify)\n${root}/README.md:1-2 (mentions the library)\n</final_answer>`,
  };
};

/** CodeScout: parallel terminal calls (one outside, one refused), localization_finish refused beside them, then alone. */
const CODESCOUT: Policy = (_root, turn) => {
  const terminal = (id: string, command: string) => toolCall(id, 'terminal', { command, security_risk: 'LOW' });
  if (turn === 1) {
    return {
      content: null,
      tool_calls: [
        terminal('c1', 'rg -n "def parse_header"'),
        terminal('c2', 'find widgets -name "*.py"'),
        terminal('c3', 'cat /etc/passwd'),
        terminal('c4', 'rm -rf widgets'),
        toolCall('c5', 'localization_finish', { locations: [{ file: 'README.md' }] }),
      ],
    };
  }
  return {
    content: null,
    tool_calls: [toolCall('c6', 'localization_finish', { locations: [{ file: 'widgets/parser.py', function_name: 'parse_header' }, { file: 'README.md' }] })],
  };
};

/** Ours, for the same check: the default profile speaks exactly as the OpenAI brain does too. */
const CODEGREP: Policy = (_root, turn) => {
  if (turn === 1) {
    return { content: 'Searching.', tool_calls: [toolCall('g1', 'grep', { pattern: 'def parse_header' }), toolCall('g2', 'glob', { pattern: '**/*.py' }), toolCall('g3', 'read', { path: '/etc/passwd' })] };
  }
  return { content: null, tool_calls: [toolCall('g4', 'answer', { files: [{ path: 'widgets/parser.py', lines: '1-4', reason: 'splits on the colon' }, { path: 'README.md', reason: 'mentions it' }] })] };
};

const POLICIES: { profile: ProfileName; policy: Policy; turns: number; maxCalls: number }[] = [
  { profile: 'fastcontext', policy: FASTCONTEXT, turns: 5, maxCalls: 16 },
  { profile: 'codescout', policy: CODESCOUT, turns: 4, maxCalls: 5 },
  { profile: 'codegrep', policy: CODEGREP, turns: 4, maxCalls: 8 },
];

/** The workspace root a request names (FastContext's system prompt, CodeScout's first message); '' for ours. */
function rootOf(messages: readonly { content?: unknown }[]): string {
  const text = messages.map((m) => String(m.content ?? '')).join('\n');
  return /Workspace Path: (\S+)\n/.exec(text)?.[1] ?? /in the directory (\S+) \./.exec(text)?.[1] ?? '';
}

/** A loopback model server whose replies are the policy's, turn by turn, for whatever root the request names. */
function policyServer(policy: Policy): Promise<FakeModelServer> {
  return FakeModelServer.start((body) => {
    const messages = (body.messages ?? []) as { role: string; content?: unknown }[];
    const turn = messages.filter((m) => m.role === 'assistant').length + 1;
    return { message: { role: 'assistant', ...policy(rootOf(messages), turn) } };
  });
}

function brainFor(server: FakeModelServer, profile: ProfileName) {
  return createOpenAIBrain({ baseURL: server.baseURL, model: 'policy', profile, maxRetries: 0 });
}

function messagesOf(request: RecordedRequest): unknown[] {
  return (request.body?.messages ?? []) as unknown[];
}

function toolResults(observation: Observation): Map<string, { content: string; error?: string }> {
  return new Map((observation.tool_results as { tool_call_id: string; content: string; error?: string }[]).map((r) => [r.tool_call_id, r]));
}

describe('env server: episodes in a model\'s own protocol (reset "profile")', function () {
  this.timeout(120_000);
  let world: EvalWorld;
  let rows: Map<string, DatasetRow>;
  let worktrees: TrackedWorktrees;
  let server: EnvServer;
  let url: string;
  let http: string;

  before(async () => {
    world = makeEvalWorld();
    rows = new Map((await loadDataset(world.dataset)).rows.map((row) => [row.instance_id, row]));
  });
  after(() => world.cleanup());
  beforeEach(async () => {
    worktrees = new TrackedWorktrees(new GitWorktrees(new RepoCache({ reposDir: world.reposDir, cacheDir: join(world.root, 'cache') }), { keepIdle: false }));
    // No budget flags: each episode gets its profile's trained budget.
    server = new EnvServer({ world: { workspaces: worktrees, createTools: (root) => new NodeToolRunner({ roots: [root] }), locate: {}, rows }, maxSessions: 2, idleTimeoutMs: 60_000, version: 'test' });
    const port = await server.listen(0, '127.0.0.1');
    url = `ws://127.0.0.1:${port}/ws`;
    http = `http://127.0.0.1:${port}`;
  });
  afterEach(() => server.close());

  /**
   * Drives a whole episode with the policy: every observation before the last, and the last.
   * `whileOpen` runs once the worktree is checked out (it is removed when the episode closes).
   */
  async function playEpisode(
    profile: ProfileName,
    policy: Policy,
    whileOpen?: (root: string) => Promise<void>,
  ): Promise<{ root: string; seen: Observation[]; final: Observation; reward: unknown }> {
    const client = await OpenEnvClient.connect(url);
    try {
      const seen = [observationOf(await client.reset({ instance_id: ROW, profile }))];
      const root = worktrees.dirs.at(-1)!;
      await whileOpen?.(root);
      for (let turn = 1; turn < 10; turn++) {
        const reply = await client.step(policy(root, turn));
        if (reply.data.done) return { root, seen, final: observationOf(reply), reward: reply.data.reward };
        seen.push(observationOf(reply));
      }
      assert.fail('the episode did not end within its budget');
    } finally {
      await client.close();
    }
  }

  for (const { profile, policy, turns, maxCalls } of POLICIES) {
    it(`${profile}: every observation is the OpenAI brain's request for the same calls, and the reward is the harness F0.5`, async () => {
      // The same policy, through the real OpenAI brain on the episode's own worktree: its requests are the observations.
      const model = await policyServer(policy);
      let result: LocateResult | undefined;
      const brainRun = async (dir: string) => {
        result = await new Locator(new NodeToolRunner({ roots: [dir] })).locate(issueFromText(rows.get(ROW)!.problem_statement), brainFor(model, profile));
      };
      const { root, seen, final, reward } = await playEpisode(profile, policy, brainRun).finally(() => model.close());
      assert.ok(result, 'the brain ran');
      assert.equal(seen[0].profile, profile);
      assert.equal(seen[0].total_turns, turns, 'the profile\'s trained budget');
      assert.equal(seen[0].max_calls, maxCalls);
      if (profile !== 'codegrep') assert.equal(rootOf(seen[0].messages), root, 'the prompt names the episode worktree');
      const requests = model.chatRequests;
      assert.equal(requests.length, seen.length);
      requests.forEach((request, index) => {
        assert.deepEqual(seen[index].messages, messagesOf(request), `turn ${index + 1}: the messages the brain sent`);
        assert.deepEqual(seen[index].tools, request.body?.tools ?? [], `turn ${index + 1}: the tools the brain offered`);
      });
      assert.deepEqual(final.messages.slice(0, -1), messagesOf(requests.at(-1)!));
      assert.equal(final.messages.at(-1)?.role, 'assistant');
      assert.deepEqual(final.answer, { files: result.candidates, rejected: result.rejected }, 'the same checked answer');

      // The harness, running the same brain on its own checkout, scores the same answer the same.
      const harnessModel = await policyServer(policy);
      try {
        const harness = await runEval({
          dataset: world.dataset,
          brains: [{ name: profile, create: () => brainFor(harnessModel, profile) }],
          workspaces: new GitWorktrees(new RepoCache({ reposDir: world.reposDir, cacheDir: join(world.root, 'cache') })),
          createTools: (dir) => new NodeToolRunner({ roots: [dir] }),
          filter: new RegExp(`^${ROW}$`),
        });
        const row = harness.report.instances[0];
        const parts = final.reward_parts as Record<string, number | boolean>;
        assert.equal(reward, row.f05);
        assert.equal(parts.precision, row.precision);
        assert.equal(parts.recall, row.recall);
        assert.ok(Math.abs(row.f05 - 5 / 9) < 1e-9, `one right file and one wrong is F0.5 5/9, got ${row.f05}`);
        assert.equal(parts.malformed, false);
      } finally {
        await harnessModel.close();
      }
    });
  }

  it('fastcontext: paths outside the worktree are refused in its <system-reminder> shape, never run, and the episode goes on', async () => {
    const { root, seen } = await playEpisode('fastcontext', FASTCONTEXT);
    assert.match(seen[0].messages[0].content, /\n```\nwidgets\nREADME\.md\n```\n/, 'the top level, as describeWorkspace lists it');
    assert.equal(seen[0].messages[1].content, `<query>\n${issueText(issueFromText(rows.get(ROW)!.problem_statement))}\n</query>`);
    const turn1 = toolResults(seen[1]);
    assert.equal(turn1.get('f4')?.content, `<system-reminder>Permission error: \`/etc/passwd\` is not within the working directory \`${root}\`</system-reminder>`);
    assert.equal(turn1.get('f5')?.content, `<system-reminder>Permission error: \`${root}/../\` is not within the working directory \`${root}\`</system-reminder>`);
    assert.equal(turn1.get('f4')?.error, turn1.get('f4')?.content);
    assert.equal(turn1.get('f1')?.content, `${root}/widgets/parser.py\n1:def parse_header(raw):\n2-    """Split a header line into name and value."""\n3-    name, value = raw.split(":", 1)\n4-    return name.strip(), value.strip()`);
    assert.equal(turn1.get('f3')?.content, `\`\`\`${root}/widgets/parser.py:1-3\n1|def parse_header(raw):\n2|    """Split a header line into name and value."""\n3|    name, value = raw.split(":", 1)\n\`\`\``);
    assert.equal(seen[1].turn, 2, 'the refusals did not end the episode');
    assert.deepEqual(seen[1].messages.slice(-5).map((m) => m.role), ['tool', 'tool', 'tool', 'tool', 'tool'], 'no turn note: FastContext is told nothing until its budget is spent');
    assert.equal(toolResults(seen[2]).get('f6')?.content, `${root}/widgets/parser.py`);
    assert.equal(seen[4].messages.at(-1)?.content, 'Max number of turns reached. Please provide the final answer based on the information you have gathered.');
    assert.equal(seen[4].final, true);
  });

  it('fastcontext: an answer turn without a <final_answer> is malformed and scores 0', async () => {
    const client = await OpenEnvClient.connect(url);
    const first = observationOf(await client.reset({ instance_id: ROW, profile: 'FastContext' }));
    const root = rootOf(first.messages);
    for (let turn = 1; turn <= 4; turn++) await client.step({ tool_calls: [toolCall(`m${turn}`, 'Glob', { pattern: '**/*.py', directory: root })] });
    // FastContext keeps its tools on the last turn; calling them instead of answering is its usual failure.
    const last = await client.step({ content: `${root}/widgets/parser.py looks right, let me check once more.`, tool_calls: [toolCall('m5', 'Grep', { pattern: 'parse_header', path: root })] });
    assert.equal(last.data.done, true);
    assert.equal(last.data.reward, 0);
    const final = observationOf(last);
    assert.equal((final.reward_parts as { malformed: boolean }).malformed, true);
    assert.match(String(final.malformed_reason), /no answer on the answer turn/);
    assert.deepEqual(final.answer, { files: [], rejected: [] });
    await client.close();
  });

  it('codescout: terminal results carry its footer; a path outside and a write are refused; localization_finish beside other calls waits', async () => {
    const { root, seen } = await playEpisode('codescout', CODESCOUT);
    const footer = (code: number) => `\n[Current working directory: ${root}]\n[Command finished with exit code ${code}]`;
    const turn1 = toolResults(seen[1]);
    assert.equal(turn1.get('c1')?.content, `widgets/parser.py\n1:def parse_header(raw):${footer(0)}`, 'rg in a terminal: a heading per file');
    assert.match(turn1.get('c3')?.content ?? '', /^cat: \/etc\/passwd: outside the repository/);
    assert.match(turn1.get('c4')?.content ?? '', /^rm: refused: this terminal only reads the repository/);
    assert.match(turn1.get('c5')?.content ?? '', /localization_finish must be called alone/);
    assert.equal(seen[1].turn, 2, 'the refused finish did not end the episode');
    assert.deepEqual((seen[1].tools as { function: { name: string } }[]).map((t) => t.function.name), ['terminal', 'localization_finish']);
  });

  it('codescout: a localization_finish whose locations cannot be read is malformed and scores 0', async () => {
    const client = await OpenEnvClient.connect(url);
    observationOf(await client.reset({ instance_id: ROW, profile: 'codescout' }));
    const last = await client.step({ tool_calls: [toolCall('x', 'localization_finish', { locations: 'widgets/parser.py somewhere' })] });
    assert.equal(last.data.done, true);
    assert.equal(last.data.reward, 0);
    const final = observationOf(last);
    assert.equal((final.reward_parts as { malformed: boolean }).malformed, true);
    assert.match(String(final.malformed_reason), /localization_finish needs \{"locations"/);
    await client.close();
  });

  it('/schema and /metadata list the profiles; an unknown profile is a clear error and the session goes on', async () => {
    const schema = (await (await fetch(`${http}/schema`)).json()) as { observation: { properties: { profile: { enum: string[] } } } };
    assert.deepEqual(schema.observation.properties.profile.enum, ['codegrep', 'fastcontext', 'codescout', 'generic']);
    const metadata = (await (await fetch(`${http}/metadata`)).json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(metadata).sort(), ['description', 'documentation_url', 'name', 'readme_content', 'version'], 'only EnvironmentMetadata\'s fields (its model forbids others)');
    for (const name of ['codegrep', 'fastcontext', 'codescout']) assert.match(String(metadata.readme_content), new RegExp(`^- ${name}: `, 'm'));
    assert.match(String(metadata.readme_content), /- fastcontext: .*4 exploration turns of 16 calls.*temperature=0\.7/);

    const client = await OpenEnvClient.connect(url);
    for (const profile of ['auto', 'fast-context', 42]) {
      const refused = await client.reset({ instance_id: ROW, profile });
      assert.equal(refused.type, 'error');
      assert.equal(refused.data.code, 'VALIDATION_ERROR');
      assert.equal(refused.data.message, `unknown profile ${JSON.stringify(profile)}; use one of codegrep, fastcontext, codescout, generic.`);
    }
    assert.equal(worktrees.dirs.length, 0, 'nothing was checked out for them');
    const ok = observationOf(await client.reset({ instance_id: ROW, profile: ' CodeScout ' }));
    assert.equal(ok.profile, 'codescout');
    assert.equal((await client.call({ type: 'state' })).data.profile, 'codescout');
    await client.close();
  });
});
