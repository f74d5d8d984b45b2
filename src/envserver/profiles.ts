import { DEFAULT_LIMITS } from '../common/limits';
import { PROFILES, findProfile, profileRequestFields, type ProfileName, type ProtocolProfile } from '../core/profiles';

/**
 * The protocols a `reset` may ask for (`profile`): the product's own profiles (src/core/profiles),
 * so an episode speaks a model's protocol exactly as the OpenAI brain does. `auto` is not one: it
 * picks by a served model's name, and an environment serves no model.
 */

/** Names a reset may give; the first is the default. */
export const ENV_PROFILE_NAMES: readonly ProfileName[] = ['codegrep', 'fastcontext', 'codescout', 'generic'];

/** The profile for a reset's `profile` (case-insensitive; absent or empty means codegrep), or undefined when unknown. */
export function envProfile(name: unknown): ProtocolProfile | undefined {
  if (name === undefined || name === null) return PROFILES.codegrep;
  if (typeof name !== 'string') return undefined;
  const profile = findProfile(name.trim());
  return profile && ENV_PROFILE_NAMES.includes(profile.name) ? profile : undefined;
}

/** One line per profile for `/metadata` and `--help`: what it is, its budget, and the request fields the product sends with it. */
export function profileLines(): string[] {
  return ENV_PROFILE_NAMES.map((name) => {
    const profile = PROFILES[name];
    const { maxTurns, maxCalls } = profile.budget ?? { maxTurns: DEFAULT_LIMITS.maxTurns, maxCalls: DEFAULT_LIMITS.maxParallelCalls };
    const fields = Object.entries(profileRequestFields(profile, undefined))
      .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
      .join(', ');
    return `- ${name}: ${profile.description} Budget: ${maxTurns} exploration turns of ${maxCalls} calls, then the answer turn; paths ${profile.paths}${fields ? `; served with ${fields}` : ''}.`;
  });
}
