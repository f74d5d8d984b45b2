import assert from 'node:assert/strict';
import { SETTINGS } from '../../../src/common/settings';
import { findProfile, PROFILE_NAMES, PROFILES, profileRequestFields, resolveProfile } from '../../../src/core/profiles';
import { issueMessage, MAX_PROMPT_ISSUE_CHARS, systemPrompt, turnNote } from '../../../src/core/prompt';
import { ALL_TOOL_SCHEMAS, toToolCall, WORKSPACE_TOOL_SCHEMAS } from '../../../src/core/toolSchemas';

describe('core/prompt, profiles and tool schemas', () => {
  it('tells the model what remains on every turn', () => {
    const info = (turn: number) => ({ turn, totalTurns: 4, final: turn === 4, maxCalls: 8 });
    assert.equal(turnNote(info(1)), 'Turn 1 of 4; 2 exploration turns left after this one. Issue up to 8 tool calls in parallel, or answer if you are sure.');
    assert.match(turnNote(info(2)), /^Turn 2 of 4; 1 exploration turn left after this one\./);
    assert.match(turnNote(info(3)), /^Turn 3 of 4; 0 exploration turns left after this one\. This is your last turn with tools/);
    assert.match(turnNote(info(4)), /^Turn 4 of 4: tools are withdrawn\. Answer now\.[\s\S]*<final_answer>[\s\S]*Do not call tools\.$/);
  });

  it('asks for precision and states the budget', () => {
    const prompt = systemPrompt({ maxTurns: 3, maxCalls: 8 });
    assert.match(prompt, /3 exploration turns, then one answer turn/);
    assert.match(prompt, /up to 8 tool calls at once/);
    assert.match(prompt, /A wrong file costs more than a missing one/);
    assert.match(systemPrompt({ maxTurns: 1, maxCalls: 2 }, '<tools>x</tools>'), /1 exploration turn, [\s\S]*<tools>x<\/tools>$/);
    assert.equal(issueMessage({ title: 'T', body: 'B', url: 'https://x/1' }), '<issue>\nT\n\nB\n(https://x/1)\n</issue>');
  });

  it('sends every protocol at most MAX_PROMPT_ISSUE_CHARS of a pasted 3 MB log, saying what it left out', () => {
    const body = `Crash in cart.py\n${'log line\n'.repeat(300_000)}`;
    const issue = { title: 'Checkout crashes', body, url: 'https://github.com/o/r/issues/1' };
    const ctx = { root: '/w/repo', entries: ['src/'], maxTurns: 3, maxCalls: 8 };
    const left = 'Checkout crashes\n\n'.length + body.length - MAX_PROMPT_ISSUE_CHARS;
    for (const [name, profile] of Object.entries(PROFILES)) {
      const first = profile.firstMessage(issue, ctx);
      assert.ok(first.length < MAX_PROMPT_ISSUE_CHARS + 2_000, `${name}: ${first.length}`);
      assert.ok(first.includes('Checkout crashes\n\nCrash in cart.py'), name);
      assert.ok(first.includes(`\n[${left} more characters of the issue left out]\n(https://github.com/o/r/issues/1)`), name);
    }
    const short = { title: 'T', body: 'B' };
    for (const [name, profile] of Object.entries(PROFILES)) assert.ok(!profile.firstMessage(short, ctx).includes('left out'), name);
  });

  it("puts the issue's `$&` and `$'` into CodeScout's template as written", () => {
    const issue = { title: "replace(/x/g, '\\$&') drops the match", body: "and $' too; root $HOME" };
    const first = PROFILES.codescout.firstMessage(issue, { root: '/w/$&repo', entries: [], maxTurns: 3, maxCalls: 5 });
    assert.ok(first.includes("replace(/x/g, '\\$&') drops the match\n\nand $' too; root $HOME"), first);
    assert.ok(first.includes('/w/$&repo'));
  });

  it('keeps the tool contract of architecture.md, without max_hits', () => {
    assert.deepEqual(ALL_TOOL_SCHEMAS.map((s) => [s.name, Object.keys(s.parameters.properties), s.parameters.required]), [
      ['grep', ['pattern', 'path', 'glob', 'case_insensitive', 'context_lines'], ['pattern']],
      ['glob', ['pattern', 'path'], ['pattern']],
      ['read', ['path', 'start_line', 'end_line'], ['path']],
      ['answer', ['files'], ['files']],
    ]);
    assert.ok(!JSON.stringify(WORKSPACE_TOOL_SCHEMAS).includes('max_hits'));
  });

  it('validates model arguments into typed calls, dropping non-contract keys', () => {
    assert.deepEqual(toToolCall('1', 'grep', { pattern: 'x', max_hits: 5000, case_insensitive: 'true', context_lines: '50' }), {
      call: { id: '1', name: 'grep', args: { pattern: 'x', case_insensitive: true, context_lines: 10 } },
    });
    assert.deepEqual(toToolCall('2', 'read', { file_path: 'a.py', start_line: '3' }), { call: { id: '2', name: 'read', args: { path: 'a.py', start_line: 3 } } });
    assert.deepEqual(toToolCall('3', 'grep', { pattern: '' }), { error: 'error: grep needs a non-empty "pattern".' });
    assert.match((toToolCall('4', 'bash', { cmd: 'ls' }) as { error: string }).error, /unknown tool "bash"\. Available tools: grep, glob, read, answer\./);
  });

  it('describes each profile setting value by the request fields it sends', () => {
    const setting = SETTINGS.find((s) => s.key === 'profile');
    assert.ok(setting?.enum && setting.enumDescriptions);
    const extras = ['chat_template_kwargs', 'temperature', 'max_tokens'];
    setting.enum.forEach((name, i) => {
      if (name === 'auto') return;
      const profile = findProfile(name);
      assert.ok(profile, name);
      const text = setting.enumDescriptions?.[i] ?? '';
      const sent = Object.keys(profileRequestFields(profile, undefined));
      for (const field of sent) assert.ok(text.includes(field.replace(/^top_[pk]$/, 'top_')), `${name} says it sends ${field}`);
      if (sent.length === 0) {
        assert.match(text, /only standard OpenAI fields/);
        for (const field of extras) assert.ok(text.includes(field), `${name} says it leaves out ${field}`);
      }
    });
    assert.deepEqual([...setting.enum], [...PROFILE_NAMES]);
    assert.match(setting.description, /prompt, tool names and schemas/);
  });

  it('keeps profiles as data: codegrep turns Qwen3 thinking off, generic sends only standard fields', () => {
    assert.deepEqual(profileRequestFields(PROFILES.codegrep, undefined), { temperature: 0, max_tokens: 4096, chat_template_kwargs: { enable_thinking: false } });
    assert.deepEqual(profileRequestFields(PROFILES.codegrep, true), { temperature: 0, max_tokens: 16384, chat_template_kwargs: { enable_thinking: true } });
    assert.deepEqual(profileRequestFields(PROFILES.generic, undefined), {});
    assert.equal(findProfile(undefined), PROFILES.codegrep);
    assert.equal(findProfile('Generic'), PROFILES.generic);
    assert.equal(findProfile('llama'), undefined);
    assert.equal(findProfile('FastContext'), PROFILES.fastcontext);
  });

  it('auto picks the protocol from the served model name; an explicit profile wins', () => {
    for (const model of ['FastContext-1.0-4B-RL', 'microsoft/FastContext-1.0-4B-SFT', 'fastcontext:4b-q4_K_M', 'hf.co/x/fast-context-gguf']) {
      assert.equal(resolveProfile('auto', model), PROFILES.fastcontext, model);
    }
    for (const model of ['OpenHands/CodeScout-14B', 'codescout-1.7b', 'code_scout']) assert.equal(resolveProfile('auto', model), PROFILES.codescout, model);
    for (const model of ['qwen3-codegrep-14b', 'gpt-4o', 'llama3.1:8b']) assert.equal(resolveProfile('AUTO', model), PROFILES.codegrep, model);
    assert.equal(resolveProfile('generic', 'FastContext-1.0-4B-RL'), PROFILES.generic);
    assert.equal(resolveProfile('codescout', 'anything'), PROFILES.codescout);
    assert.equal(resolveProfile('nope', 'FastContext'), undefined);
  });
});
