import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { PROFILES, profileRequestFields } from '../../../../src/core/profiles';
import { CS_SYSTEM_PROMPT, CS_USER_TEMPLATE } from '../../../../src/core/profiles/codescoutTools';
import { FC_MAX_TURNS_MESSAGE, FC_SYSTEM_TEMPLATE } from '../../../../src/core/profiles/fastcontextTools';

/** Facts copied from the models' own repositories (sources named inside each file). */
function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.resolve(__dirname, '../../../fixtures/protocols', `${name}.json`), 'utf8')) as Record<string, unknown>;
}

describe('protocol profiles match the models\' repositories (schema drift)', () => {
  it('FastContext: Read/Glob/Grep schemas, system prompt, the max-turns message, sampling and turns', () => {
    const facts = fixture('fastcontext');
    const profile = PROFILES.fastcontext;
    assert.deepEqual(JSON.parse(JSON.stringify(profile.tools)), facts.tools);
    assert.deepEqual(profile.tools.map((t) => t.name), ['Read', 'Glob', 'Grep']);
    assert.equal(FC_SYSTEM_TEMPLATE, facts.systemPromptTemplate);
    assert.equal(FC_MAX_TURNS_MESSAGE, facts.maxTurnsMessage);
    assert.deepEqual(profileRequestFields(profile, undefined), facts.sampling);
    assert.equal(profile.budget?.maxTurns, facts.maxTurns);
    assert.equal(profile.paths, 'absolute');
  });

  it('CodeScout: terminal (with the SDK\'s required security_risk) and localization_finish, prompts, sampling, budget', () => {
    const facts = fixture('codescout');
    const profile = PROFILES.codescout;
    assert.deepEqual(JSON.parse(JSON.stringify(profile.tools)), facts.tools);
    const terminal = profile.tools.find((t) => t.name === 'terminal');
    assert.deepEqual(terminal?.parameters.required, ['command', 'security_risk']);
    assert.equal(CS_SYSTEM_PROMPT, facts.systemPrompt);
    assert.equal(CS_USER_TEMPLATE, facts.userTemplate);
    assert.deepEqual(profileRequestFields(profile, undefined), facts.sampling);
    // "up to 4 turns" = 3 exploration turns + the answer turn; "NEVER exceed 5 parallel tool calls".
    assert.equal((profile.budget?.maxTurns ?? 0) + 1, facts.maxTurns);
    assert.equal(profile.budget?.maxCalls, facts.maxParallelCalls);
    assert.deepEqual(profile.answerTurnTools.map((t) => t.name), ['localization_finish']);
  });

  it('names where every fact came from', () => {
    for (const name of ['fastcontext', 'codescout']) {
      const sources = fixture(name).sources as Record<string, string>;
      assert.ok(Object.keys(sources).length >= 4, name);
      for (const [key, source] of Object.entries(sources)) assert.match(source, /\w+\/\w+|src\//, `${name}.${key} names its repository or file`);
    }
  });
});
