import assert from 'node:assert/strict';
import { ignoredModelFlags, ignoredModelNote, parseBrains } from '../../../src/cli/brains';

describe('cli brains: warm start and protocol profiles from flags', () => {
  const flags = { endpoint: 'http://127.0.0.1:9/v1', model: 'CodeScout-14B' };

  it('warm-starts openai by default; openai-cold is the same model without, named apart for an A/B in one report', () => {
    const [warm, cold] = parseBrains('openai,openai-cold', flags);
    assert.equal(warm.name, 'openai:CodeScout-14B');
    assert.equal(cold.name, 'openai:CodeScout-14B (no warm start)');
    assert.equal(warm.warmStart?.().name, 'embedded');
    assert.equal(cold.warmStart, undefined);
    assert.equal(warm.create('/repo').profile, 'codescout', 'auto picks the protocol from the model name');
    const [off] = parseBrains('openai', { ...flags, warmStart: false });
    assert.equal(off.warmStart, undefined);
    assert.equal(parseBrains('embedded', flags)[0].warmStart, undefined, 'only model brains take a hint');
  });

  it('takes an explicit profile over the name, and refuses unknown ones and --thinking with generic', () => {
    assert.equal(parseBrains('openai', { ...flags, profile: 'fastcontext' })[0].create('/r').profile, 'fastcontext');
    assert.throws(() => parseBrains('openai', { ...flags, profile: 'bash' }), /Unknown model profile "bash"/);
    assert.throws(() => parseBrains('openai', { ...flags, profile: 'generic', thinking: true }), /--thinking needs a profile that sends chat_template_kwargs/);
  });

  it('names the model flags a run without a model brain ignores, and says so in one sentence', () => {
    assert.deepEqual(ignoredModelFlags('embedded', { profile: 'fastcontext', model: 'm', warmStart: true }), ['--model', '--profile']);
    assert.deepEqual(ignoredModelFlags('bm25,embedded', { requestTimeoutSeconds: 5, thinking: true }), ['--request-timeout', '--thinking']);
    assert.deepEqual(ignoredModelFlags('embedded,openai-cold', flags), [], 'a model brain in the list uses them');
    assert.deepEqual(ignoredModelFlags('embedded', { warmStart: false }), [], '--no-warm-start is not a model setting the user typed to reach a model');
    assert.equal(ignoredModelNote(['--model']), '--model only applies to --brain openai');
    assert.equal(ignoredModelNote(['--endpoint', '--model', '--profile']), '--endpoint, --model and --profile only apply to --brain openai');
  });
});
