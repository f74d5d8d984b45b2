/**
 * Model profiles as data: what differs between model families is a few request fields, never the loop.
 */

/** Profile names a user can pick (setting/flag `profile`). */
export type ProfileName = 'codegrep' | 'generic';

/** Request conventions for one family of models. */
export interface ModelProfile {
  name: ProfileName;
  /** One line for docs and `--help`. */
  description: string;
  /** `chat_template_kwargs` key that toggles reasoning (Qwen3: enable_thinking); none for generic models. */
  thinkingKwarg?: string;
  /** Reasoning on by default? CodeGrep checkpoints are trained without it: off keeps turns fast. */
  thinkingDefault: boolean;
  /** Sampling temperature; undefined leaves the server default (some hosted models reject others). */
  temperature?: number;
  /** Completion cap per request; undefined leaves the server default. */
  maxTokens?: number;
  /** Completion cap when thinking is on (reasoning needs room). */
  maxTokensThinking?: number;
}

/** The built-in profiles. */
export const PROFILES: Readonly<Record<ProfileName, ModelProfile>> = {
  codegrep: {
    name: 'codegrep',
    description: 'CodeGrep checkpoints and other Qwen3-family models: Hermes tool calls, thinking off via chat_template_kwargs.',
    thinkingKwarg: 'enable_thinking',
    thinkingDefault: false,
    temperature: 0,
    maxTokens: 4096,
    maxTokensThinking: 16384,
  },
  generic: {
    name: 'generic',
    description: 'Any tool-calling chat model (hosted APIs, Llama, Mistral...): only standard OpenAI fields are sent.',
    thinkingDefault: false,
  },
};

/** Resolves a profile name (case-insensitive); unknown names are a user error, so the caller reports them. */
export function findProfile(name: string | undefined): ModelProfile | undefined {
  if (name === undefined || name === '') return PROFILES.codegrep;
  const key = name.toLowerCase();
  return key === 'codegrep' || key === 'generic' ? PROFILES[key] : undefined;
}

/** The extra request fields a profile adds (beyond model, messages, tools). */
export function profileRequestFields(profile: ModelProfile, thinking: boolean | undefined): Record<string, unknown> {
  const on = thinking ?? profile.thinkingDefault;
  const fields: Record<string, unknown> = {};
  if (profile.temperature !== undefined) fields.temperature = profile.temperature;
  const maxTokens = on ? (profile.maxTokensThinking ?? profile.maxTokens) : profile.maxTokens;
  if (maxTokens !== undefined) fields.max_tokens = maxTokens;
  if (profile.thinkingKwarg) fields.chat_template_kwargs = { [profile.thinkingKwarg]: on };
  return fields;
}
