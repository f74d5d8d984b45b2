import type { Issue } from '../../common/issue';
import type { Candidate } from '../../common/result';
import type { TurnInfo } from '../prompt';
import type { FunctionSchema } from '../toolSchemas';
import { CODEGREP_PROFILE, GENERIC_PROFILE } from './codegrep';
import { CODESCOUT_PROFILE } from './codescout';
import { FASTCONTEXT_PROFILE } from './fastcontext';
import type { ProfileContext, ProfileName, ProtocolProfile } from './types';

/**
 * Model protocols as data (issue 15): what differs between model families (prompt, tools, paths,
 * result shapes, budget, answer format) lives here; the loop is one. Usable without the Locator,
 * e.g. by an environment server that serves prompts in a model's own protocol.
 */

export type { CallPlace, MappedCall, ProfileContext, ProfileName, ProtocolProfile, SamplingFields } from './types';
export { absoluteIn, relativeIn } from './paths';

/** The built-in profiles. */
export const PROFILES: Readonly<Record<ProfileName, ProtocolProfile>> = {
  codegrep: CODEGREP_PROFILE,
  generic: GENERIC_PROFILE,
  fastcontext: FASTCONTEXT_PROFILE,
  codescout: CODESCOUT_PROFILE,
};

/** Names a user can give (`auto` picks by the served model's name). */
export const PROFILE_NAMES: readonly (ProfileName | 'auto')[] = ['auto', 'codegrep', 'generic', 'fastcontext', 'codescout'];

/** Resolves a profile name (case-insensitive; empty means codegrep); unknown names are the caller's to report. */
export function findProfile(name: string | undefined): ProtocolProfile | undefined {
  if (name === undefined || name === '') return PROFILES.codegrep;
  const key = name.toLowerCase();
  return key in PROFILES ? PROFILES[key as ProfileName] : undefined;
}

/** The profile for a setting and a served model name: `auto` reads the name (FastContext*, CodeScout*), else codegrep. */
export function resolveProfile(setting: string | undefined, model: string): ProtocolProfile | undefined {
  if (setting?.toLowerCase() !== 'auto') return findProfile(setting);
  return profileForModel(model);
}

/** The protocol a served model name implies: `FastContext-1.0-4B-RL`, `fastcontext:4b`, `OpenHands/CodeScout-14B`... */
export function profileForModel(model: string): ProtocolProfile {
  const name = model.toLowerCase();
  if (/fast[-_ ]?context/.test(name)) return PROFILES.fastcontext;
  if (/code[-_ ]?scout/.test(name)) return PROFILES.codescout;
  return PROFILES.codegrep;
}

/** The extra request fields a profile adds (beyond model, messages, tools). */
export function profileRequestFields(profile: ProtocolProfile, thinking: boolean | undefined): Record<string, unknown> {
  const s = profile.sampling;
  const on = thinking ?? s.thinkingDefault;
  const fields: Record<string, unknown> = {};
  if (s.temperature !== undefined) fields.temperature = s.temperature;
  if (s.topP !== undefined) fields.top_p = s.topP;
  if (s.topK !== undefined) fields.top_k = s.topK;
  const maxTokens = on ? (s.maxTokensThinking ?? s.maxTokens) : s.maxTokens;
  if (maxTokens !== undefined) fields.max_tokens = maxTokens;
  if (s.thinkingKwarg) fields.chat_template_kwargs = { [s.thinkingKwarg]: on };
  return fields;
}

/** The opening messages of a run in a profile's protocol (system, then the issue). */
export function openingMessages(profile: ProtocolProfile, issue: Issue, ctx: ProfileContext, hint?: readonly Candidate[]): { role: 'system' | 'user'; content: string }[] {
  return [
    { role: 'system', content: profile.systemPrompt(ctx) },
    { role: 'user', content: profile.firstMessage(issue, ctx, hint) },
  ];
}

/** The user note that opens a turn: the profile's own, else its final note on the answer turn; undefined for none. */
export function turnUserNote(profile: ProtocolProfile, info: TurnInfo, ctx: ProfileContext): string | undefined {
  return profile.turnNote(info, ctx) ?? (info.final ? profile.finalNote(ctx) : undefined);
}

/** Function schemas in the `tools` shape of a chat request. */
export function toolsPayload(schemas: readonly FunctionSchema[]): { type: 'function'; function: FunctionSchema }[] {
  return schemas.map((schema) => ({ type: 'function', function: schema }));
}
