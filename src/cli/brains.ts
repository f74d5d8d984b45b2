import { CodeGrepError } from '../common/errors';
import type { Brain } from '../core/brain';
import { defaultRankerModel } from '../core/embedded/defaultModel';
import { createEmbeddedBrain } from '../core/embedded/index';
import { createOpenAIBrain, type OpenAIBrainConfig } from '../core/openai/index';
import { createBm25Brain } from '../eval/bm25';
import type { BrainSpec } from '../eval/harness';
import { badInput } from './command';

/** Flags that configure the OpenAI-compatible brain (the API key comes only from the environment). */
export interface ModelFlags {
  endpoint?: string;
  model?: string;
  profile?: string;
  requestTimeoutSeconds?: number;
  /** Turn model reasoning on (`chat_template_kwargs.enable_thinking: true`); unset keeps the profile default. */
  thinking?: boolean;
  /** Warm start for model brains (default on): the embedded brain's top files go to the model as a hint. */
  warmStart?: boolean;
}

/** Brain names the CLI accepts; `bm25:K` returns the top K files; `openai-cold` is openai without warm start (for A/B). */
export const BRAIN_NAMES = 'embedded | embedded:hand | embedded:learned | openai | openai-cold | bm25 | bm25:K';

/** Parses `--brain` (a comma list for eval) into specs; unknown names and bad model settings are bad input. */
export function parseBrains(value: string, flags: ModelFlags): BrainSpec[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) throw badInput(`--brain is empty; use one of ${BRAIN_NAMES}.`);
  return names.map((name) => parseBrain(name, flags));
}

function parseBrain(name: string, flags: ModelFlags): BrainSpec {
  if (name === 'embedded') return { name, create: () => createEmbeddedBrain() };
  // The two rankers of the embedded brain side by side, for comparisons: hand-weighted score or learned model.
  if (name === 'embedded:hand') return { name, create: () => createEmbeddedBrain({ model: null }) };
  if (name === 'embedded:learned') return { name, create: () => createEmbeddedBrain({ model: defaultRankerModel() }) };
  const bm25 = /^bm25(?::(\d+))?$/.exec(name);
  if (bm25) {
    const topK = bm25[1] === undefined ? 1 : Number(bm25[1]);
    if (topK < 1 || topK > 100) throw badInput(`bm25:K needs K from 1 to 100, got "${name}".`);
    return { name, create: (root) => createBm25Brain({ root, topK }) };
  }
  if (name === 'openai' || name === 'openai-cold') {
    const config = openAIConfig(flags);
    const probe = validated(() => createOpenAIBrain(config));
    const warm = name === 'openai' && flags.warmStart !== false;
    const spec: BrainSpec = { name: warm || name === 'openai' ? probe.name : `${probe.name} (no warm start)`, create: () => createOpenAIBrain(config) };
    if (warm) spec.warmStart = () => createEmbeddedBrain();
    return spec;
  }
  throw badInput(`unknown brain "${name}"; use one of ${BRAIN_NAMES}.`);
}

/**
 * The model flags given (`--endpoint`, `--model`, `--profile`, `--request-timeout`, `--thinking`) when no brain of
 * `value` is a model brain: they change nothing, which the user should be told (a `--profile fastcontext` with the
 * default brain looks like it ran FastContext).
 */
export function ignoredModelFlags(value: string, flags: ModelFlags): string[] {
  if (value.split(',').some((name) => name.trim().startsWith('openai'))) return [];
  const given: [string, unknown][] = [
    ['--endpoint', flags.endpoint],
    ['--model', flags.model],
    ['--profile', flags.profile],
    ['--request-timeout', flags.requestTimeoutSeconds],
    ['--thinking', flags.thinking],
  ];
  return given.filter(([, set]) => set !== undefined).map(([flag]) => flag);
}

/** `--model and --profile only apply to --brain openai`, for ignoredModelFlags' answer. */
export function ignoredModelNote(flags: string[]): string {
  const list = flags.length === 1 ? flags[0]! : `${flags.slice(0, -1).join(', ')} and ${flags[flags.length - 1]!}`;
  return `${list} only appl${flags.length === 1 ? 'ies' : 'y'} to --brain openai`;
}

/** Endpoint and model from flags, else CODEGREP_ENDPOINT / CODEGREP_MODEL; the key only from CODEGREP_API_KEY. */
function openAIConfig(flags: ModelFlags): OpenAIBrainConfig {
  const baseURL = flags.endpoint ?? process.env.CODEGREP_ENDPOINT;
  if (!baseURL) throw badInput('--brain openai needs --endpoint URL (or CODEGREP_ENDPOINT), e.g. http://localhost:8000/v1.');
  const config: OpenAIBrainConfig = { baseURL, model: flags.model ?? process.env.CODEGREP_MODEL ?? '', apiKey: process.env.CODEGREP_API_KEY };
  if (flags.profile !== undefined) config.profile = flags.profile as OpenAIBrainConfig['profile'];
  if (flags.requestTimeoutSeconds !== undefined) config.timeoutMs = flags.requestTimeoutSeconds * 1000;
  if (flags.thinking !== undefined) {
    // The generic profile sends only standard fields, so the switch would silently do nothing.
    if (flags.profile?.toLowerCase() === 'generic') throw badInput('--thinking needs a profile that sends chat_template_kwargs (codegrep, fastcontext, codescout); the generic profile sends none.');
    config.thinking = flags.thinking;
  }
  return config;
}

/** Config mistakes found while building a brain are the user's to fix: exit 2, not 1. */
function validated(build: () => Brain): Brain {
  try {
    return build();
  } catch (error) {
    if (error instanceof CodeGrepError && (error.code === 'no-model' || error.code === 'bad-input')) throw badInput(error.message);
    throw error;
  }
}
