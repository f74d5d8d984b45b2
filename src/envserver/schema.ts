import { ENV_PROFILE_NAMES, profileLines } from './profiles';

/**
 * What `GET /metadata` and `GET /schema` answer: OpenEnv's EnvironmentMetadata and SchemaResponse
 * (`{action, observation, state}` JSON schemas), written by hand because there is no pydantic model.
 */

/**
 * OpenEnv's EnvironmentMetadata fields. Its pydantic model forbids extra fields, so the profiles a
 * reset may pick are listed in `readme_content` (and as an enum in `/schema`).
 */
export function environmentMetadata(version: string): Record<string, unknown> {
  return {
    name: 'codegrep',
    description:
      'File localization over a git worktree of one issue: a policy issues parallel grep/glob/read calls (CodeGrep\'s production tools) for a few turns, then answers the files to edit; the reward is file-level F0.5, with s(c̄) for the advantage layer.',
    readme_content: [
      'Reset with {"instance_id": ...} or a whole row, and optionally "profile" (default codegrep): the protocol the whole episode speaks (prompt, tools, paths, result and error shapes, answer format, budget).',
      '',
      'Profiles:',
      ...profileLines(),
    ].join('\n'),
    version,
    documentation_url: 'docs/training.md',
  };
}

const profile = {
  type: 'string',
  enum: ENV_PROFILE_NAMES,
  description: 'The protocol of the episode, picked by reset\'s "profile" (default codegrep); /metadata\'s readme_content describes each.',
};

const toolCall = {
  type: 'object',
  description: 'A native OpenAI tool call; `arguments` is a JSON string or an object.',
  properties: {
    id: { type: 'string' },
    type: { const: 'function' },
    function: { type: 'object', properties: { name: { type: 'string' }, arguments: { type: ['string', 'object'] } }, required: ['name'] },
  },
};

const message = {
  type: 'object',
  properties: {
    role: { enum: ['system', 'user', 'assistant', 'tool'] },
    content: { type: 'string' },
    tool_calls: { type: 'array', items: toolCall },
    tool_call_id: { type: 'string' },
  },
  required: ['role', 'content'],
};

const rewardParts = {
  type: 'object',
  properties: {
    reward: { type: 'number', description: 'F0.5, or 0 for a malformed answer.' },
    precision: { type: 'number' },
    recall: { type: 'number' },
    f05: { type: 'number' },
    turns: { type: 'integer' },
    tool_calls: { type: 'integer' },
    calls_per_turn: { type: 'number', description: 'c̄: tool calls per exploration turn that called tools.' },
    efficiency_scale: { type: 'number', description: 's(c̄) = sqrt(min(c̄/4, 1)); scale the advantage by it.' },
    malformed: { type: 'boolean' },
  },
};

/** The three schemas of OpenEnv's `/schema`. */
export const ENVIRONMENT_SCHEMA = {
  action: {
    title: 'CodeGrepAction',
    description:
      'One assistant turn in the episode\'s profile: tool calls (codegrep: grep/glob/read; fastcontext: Read/Glob/Grep on absolute paths; codescout: terminal; at most max_calls run) and/or an answer (codegrep: an `answer` call; codescout: `localization_finish`; any: a <final_answer> block in content). Hermes <tool_call> blocks inside content are read too. May also be wrapped as {"message": {...}}.',
    type: 'object',
    properties: {
      content: { type: 'string' },
      tool_calls: { type: 'array', items: toolCall },
      message: message,
    },
  },
  observation: {
    title: 'CodeGrepObservation',
    type: 'object',
    properties: {
      episode_id: { type: 'string' },
      instance_id: { type: 'string' },
      profile,
      turn: { type: 'integer', description: 'The turn the next step answers (1-based).' },
      total_turns: { type: 'integer' },
      final: { type: 'boolean', description: 'The next step is the answer turn: tools are withdrawn.' },
      max_calls: { type: 'integer' },
      tools: { type: 'array', description: 'OpenAI `tools` for the next request, the profile\'s (on the answer turn: codegrep none, codescout only localization_finish, fastcontext all).' },
      messages: { type: 'array', items: message, description: 'The whole conversation so far, OpenAI format.' },
      tool_results: { type: 'array', description: 'The last step\'s results: {tool_call_id, name, content, count, truncated, error?}.' },
      done: { type: 'boolean' },
      reward: { type: 'number' },
      reward_parts: rewardParts,
      answer: { type: 'object', description: 'Final only: {files: [{path, ranges?, reason}], rejected: [{path, reason}]}.' },
      gold_files: { type: 'array', items: { type: 'string' } },
      malformed_reason: { type: 'string' },
      error: { type: 'string' },
    },
  },
  state: {
    title: 'CodeGrepState',
    type: 'object',
    properties: {
      episode_id: { type: ['string', 'null'] },
      step_count: { type: 'integer', minimum: 0 },
      instance_id: { type: 'string' },
      profile,
      turn: { type: 'integer' },
      total_turns: { type: 'integer' },
      done: { type: 'boolean' },
    },
  },
} as const;
