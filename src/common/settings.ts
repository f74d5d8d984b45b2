import { DEFAULT_LIMITS, type LocateOptions } from './limits';

/** Which brain a run uses; `auto` = OpenAI-compatible endpoint if configured, else VS Code LM if consented, else embedded. */
export type BrainChoice = 'auto' | 'openai' | 'vscode-lm' | 'embedded';

/** The protocol the OpenAI-compatible brain speaks; `auto` picks it from the model name. */
export type PromptProfile = 'auto' | 'codegrep' | 'generic' | 'fastcontext' | 'codescout';

/** One extension setting, declared once; package.json `contributes.configuration` must match (unit-tested). */
export interface SettingDeclaration {
  /** Key without the `codegrep.` prefix. */
  key: string;
  type: 'string' | 'number' | 'integer' | 'boolean' | 'object';
  default: string | number | boolean | Readonly<Record<string, unknown>>;
  description: string;
  enum?: readonly string[];
  enumDescriptions?: readonly string[];
  minimum?: number;
  maximum?: number;
  /** Workspace Trust: ignored from workspace settings in untrusted folders (restrictedConfigurations). */
  restricted?: boolean;
  /** `machine` keeps it out of settings sync and workspace files where that matters. */
  scope?: 'application' | 'machine' | 'window' | 'resource' | 'machine-overridable';
}

/** Prefix of every CodeGrep setting. */
export const SETTINGS_SECTION = 'codegrep';

/** Every CodeGrep setting, with its type, default and description. */
export const SETTINGS = [
  {
    key: 'brain',
    type: 'string',
    default: 'auto',
    enum: ['auto', 'openai', 'vscode-lm', 'embedded'],
    enumDescriptions: [
      'The OpenAI-compatible endpoint if one is configured, otherwise the embedded retriever.',
      'An OpenAI-compatible server (vLLM, SGLang, Ollama, llama.cpp, LM Studio, or a hosted API) at `codegrep.endpoint`.',
      'A VS Code language model (for example Copilot), after you consent.',
      'The built-in retriever: no model, no network, deterministic.',
    ],
    description: 'Which brain decides what to search and which files to answer.',
    restricted: true,
  },
  {
    key: 'endpoint',
    type: 'string',
    default: '',
    description: 'Base URL of an OpenAI-compatible API, e.g. `http://127.0.0.1:8000/v1`. The API key is set with **CodeGrep: Set API Key** and kept in VS Code secret storage, never in settings.',
    restricted: true,
  },
  {
    key: 'model',
    type: 'string',
    default: '',
    description: 'Model name the endpoint serves (e.g. `qwen3-codegrep-14b`, an Ollama tag, or a LoRA name); required by the `openai` brain.',
    restricted: true,
  },
  {
    key: 'profile',
    type: 'string',
    default: 'auto',
    enum: ['auto', 'codegrep', 'generic', 'fastcontext', 'codescout'],
    enumDescriptions: [
      'Pick by the model name: names with `FastContext` speak FastContext\'s protocol, names with `CodeScout` CodeScout\'s, anything else `codegrep`.',
      'Our grep/glob/read tools and prompt, for CodeGrep checkpoints and other Qwen3-family models: also sends `chat_template_kwargs` (thinking off), `temperature: 0` and `max_tokens`.',
      'Our grep/glob/read tools and prompt, for any other tool-calling model (hosted APIs, Llama, Mistral...): sends only standard OpenAI fields, no `chat_template_kwargs`, `temperature` or `max_tokens`.',
      'Microsoft FastContext-1.0 in its own protocol: its prompt, `Read`/`Glob`/`Grep` on absolute paths, `<final_answer>` citations, 4 turns; sends `temperature: 0.7`, `top_p`, `top_k`, `max_tokens` and `chat_template_kwargs` (thinking off).',
      'OpenHands CodeScout in its own protocol: its prompt, a read-only `terminal` (rg, grep, find, sed -n…) and `localization_finish`, 4 turns of 5 calls; sends `temperature: 0.6`, `max_tokens` and `chat_template_kwargs` (thinking off).',
    ],
    description: 'The protocol the OpenAI-compatible brain speaks: prompt, tool names and schemas, paths, answer format and the request fields it sends. Models trained on one protocol do much worse with another.',
  },
  {
    key: 'warmStart',
    type: 'boolean',
    default: true,
    description: 'Run the built-in retriever first (about 0.3 s) and show its top files, with their evidence, to the model in its first turn as a hint it may verify or ignore. Model brains only.',
  },
  {
    key: 'maxTurns',
    type: 'integer',
    default: DEFAULT_LIMITS.maxTurns,
    minimum: 0,
    maximum: 20,
    description: 'Exploration turns before the forced answer turn.',
  },
  {
    key: 'maxParallelCalls',
    type: 'integer',
    default: DEFAULT_LIMITS.maxParallelCalls,
    minimum: 1,
    maximum: 32,
    description: 'Most tool calls (grep, glob, read) the brain may run in parallel in one turn.',
  },
  {
    key: 'requestTimeoutSeconds',
    type: 'integer',
    default: DEFAULT_LIMITS.requestTimeoutMs / 1000,
    minimum: 5,
    maximum: 3600,
    description: 'Wall-clock limit for one model request, in seconds.',
  },
  {
    key: 'exclude',
    type: 'object',
    default: {},
    description: 'Glob patterns of files and folders CodeGrep never searches, lists or reads, merged with `#files.exclude#` and `#search.exclude#` the way VS Code search merges them (a later setting overrides a pattern; `false` turns one off). Same syntax: `{ "**/generated": true, "**/*.js": { "when": "$(basename).ts" } }`.',
    scope: 'resource',
  },
  {
    key: 'searchIgnoredFiles',
    type: 'boolean',
    default: false,
    description: 'Also search and read files that `.gitignore`, `.ignore` or `.rgignore` hide, and `node_modules/`. Off by default. `.git/` and credential files (`.env`, `*.pem`, SSH keys) are never read.',
    scope: 'resource',
    // A cloned repo's settings must not open its ignored files to a model.
    restricted: true,
  },
] as const satisfies readonly SettingDeclaration[];

/** The key of a declared setting, e.g. `maxTurns`. */
export type SettingKey = (typeof SETTINGS)[number]['key'];

/** Typed values of all settings, after defaults and validation. */
export interface CodeGrepSettings {
  brain: BrainChoice;
  endpoint: string;
  model: string;
  profile: PromptProfile;
  warmStart: boolean;
  maxTurns: number;
  maxParallelCalls: number;
  requestTimeoutSeconds: number;
  /** codegrep.exclude: a VS Code glob map, merged with files.exclude and search.exclude by the tools. */
  exclude: Readonly<Record<string, unknown>>;
  searchIgnoredFiles: boolean;
}

/** Declared default of each setting. */
export function defaultSettings(): CodeGrepSettings {
  return normalizeSettings(() => undefined);
}

/**
 * Builds validated settings from a raw reader (VS Code configuration, env, flags): wrong types and
 * unknown enum values fall back to the default, numbers are clamped to the declared range.
 */
export function normalizeSettings(read: (key: SettingKey) => unknown): CodeGrepSettings {
  const value = <K extends SettingKey>(key: K) => normalizeOne(declaration(key), read(key));
  return {
    brain: value('brain') as BrainChoice,
    endpoint: (value('endpoint') as string).trim(),
    model: (value('model') as string).trim(),
    profile: value('profile') as PromptProfile,
    warmStart: value('warmStart') as boolean,
    maxTurns: value('maxTurns') as number,
    maxParallelCalls: value('maxParallelCalls') as number,
    requestTimeoutSeconds: value('requestTimeoutSeconds') as number,
    exclude: value('exclude') as Readonly<Record<string, unknown>>,
    searchIgnoredFiles: value('searchIgnoredFiles') as boolean,
  };
}

/**
 * The run budget the user chose: a value left at its default is left out, so a model protocol's
 * own trained budget (FastContext's 4 turns, CodeScout's 5 calls) applies instead.
 */
export function explicitLimits(settings: Pick<CodeGrepSettings, 'maxTurns' | 'maxParallelCalls'>): Partial<LocateOptions> {
  const limits: Partial<LocateOptions> = {};
  if (settings.maxTurns !== DEFAULT_LIMITS.maxTurns) limits.maxTurns = settings.maxTurns;
  if (settings.maxParallelCalls !== DEFAULT_LIMITS.maxParallelCalls) limits.maxParallelCalls = settings.maxParallelCalls;
  return limits;
}

/** The settings that Workspace Trust restricts, as full keys (`codegrep.endpoint`). */
export function restrictedSettingKeys(): string[] {
  return SETTINGS.filter((s: SettingDeclaration) => s.restricted).map((s) => `${SETTINGS_SECTION}.${s.key}`);
}

function declaration(key: SettingKey): SettingDeclaration {
  const found = SETTINGS.find((s) => s.key === key);
  if (!found) throw new Error(`Unknown setting ${key}`);
  return found;
}

function normalizeOne(decl: SettingDeclaration, raw: unknown): SettingDeclaration['default'] {
  switch (decl.type) {
    case 'object':
      return raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : decl.default;
    case 'string':
      if (typeof raw !== 'string') return decl.default;
      return decl.enum && !decl.enum.includes(raw) ? decl.default : raw;
    case 'boolean':
      return typeof raw === 'boolean' ? raw : decl.default;
    case 'number':
    case 'integer': {
      if (typeof raw !== 'number' || !Number.isFinite(raw)) return decl.default;
      const n = decl.type === 'integer' ? Math.round(raw) : raw;
      return Math.min(decl.maximum ?? Infinity, Math.max(decl.minimum ?? -Infinity, n));
    }
  }
}
