import * as vscode from 'vscode';
import type { Brain } from '../../core/brain';
import { confidenceLabel, type AnswerConfidence } from '../../common/confidence';
import { formatLocation } from '../../common/handoffText';
import { CodeGrepError } from '../../common/errors';
import type { LocateEvent } from '../../common/events';
import type { Issue } from '../../common/issue';
import type { Candidate, LocateResult } from '../../common/result';
import { explicitLimits, type BrainChoice, type CodeGrepSettings } from '../../common/settings';
import { ApiKeyStore } from '../settings/apiKey';
import { chooseBrainKind } from '../../common/brainChoice';
import { describeEvent } from '../../common/eventLog';
import type { ChannelLogger } from '../logs/logger';
import { readSettings, readVisibility } from '../settings/settings';
import { clip, plural } from '../../common/wording';

/** Turns a GitHub issue URL or `#N` typed by the user into an Issue (registered by the GitHub integration). */
export interface IssueResolver {
  /** True when the input is a reference this resolver fetches (rather than issue text). */
  matches(input: string): boolean;
  /** Fetches the issue; `folder` is the workspace folder whose git remote a bare `#N` refers to. */
  resolve(input: string, folder: vscode.Uri | undefined, signal: AbortSignal): Promise<Issue>;
}

/** Supplies the VS Code LM brain (registered by the integration that owns `vscode.lm`). */
export interface BrainProvider {
  /** For `auto`: true when this brain may be used because no endpoint is configured (e.g. the user consented). */
  availableForAuto(): Promise<boolean>;
  /** Builds the brain for one run. */
  create(settings: CodeGrepSettings, signal: AbortSignal): Promise<Brain>;
}

/** What one run needs: the issue, the folders to search, and optionally a brain other than the setting. */
export interface LocateRequest {
  issue: Issue;
  folders: readonly vscode.Uri[];
  brain?: BrainChoice;
  /** A ready brain that wins over `brain` (e.g. @codegrep on the chat request's own model). */
  brainInstance?: Brain;
  runId?: string;
}

/** Per-run hooks: cancellation and the event stream. */
export interface LocateHooks {
  signal?: AbortSignal;
  onEvent?: (event: LocateEvent) => void;
}

/**
 * What every contribution shares: the logger, settings, the API key, registration points for
 * integrations, and `runLocate`, which builds the brain, the tools and the Locator lazily so that
 * activation loads none of them.
 */
export class ExtensionServices {
  readonly apiKey: ApiKeyStore;
  /** Set by extension.ts once activate() returns; reported in the log and docs. */
  activationMs = 0;
  private issueResolver: IssueResolver | undefined;
  private lmBrain: BrainProvider | undefined;

  constructor(
    readonly context: vscode.ExtensionContext,
    readonly logger: ChannelLogger,
  ) {
    this.apiKey = new ApiKeyStore(context.secrets, logger);
  }

  /** Current settings (trust-aware) for a folder. */
  settings(scope?: vscode.Uri): CodeGrepSettings {
    return readSettings(scope);
  }

  /** Registers the resolver for issue URLs and `#N`; the last registration wins. */
  registerIssueResolver(resolver: IssueResolver): vscode.Disposable {
    this.issueResolver = resolver;
    return new vscode.Disposable(() => {
      if (this.issueResolver === resolver) this.issueResolver = undefined;
    });
  }

  /** Registers the VS Code LM brain provider. */
  registerLanguageModelBrain(provider: BrainProvider): vscode.Disposable {
    this.lmBrain = provider;
    return new vscode.Disposable(() => {
      if (this.lmBrain === provider) this.lmBrain = undefined;
    });
  }

  /** The registered issue resolver, if the input is something it resolves. */
  resolverFor(input: string): IssueResolver | undefined {
    return this.issueResolver?.matches(input) ? this.issueResolver : undefined;
  }

  /** Runs the Locator over the folders; rejects with a CodeGrepError (code `cancelled` on abort). */
  async runLocate(request: LocateRequest, hooks: LocateHooks = {}): Promise<LocateResult> {
    if (!request.folders.length) throw new CodeGrepError('bad-input', 'Open a folder first: CodeGrep searches the workspace folders.');
    const signal = hooks.signal ?? new AbortController().signal;
    const settings = this.settings(request.folders[0]);
    const brain = request.brainInstance ?? (await this.createBrain(request.brain ?? settings.brain, settings, signal));
    const engine = await import('./engine.js');
    const snapshotDir = vscode.Uri.joinPath(this.context.globalStorageUri, 'listings').fsPath;
    const tools = engine.createToolRunner(request.folders.map((f) => f.fsPath), readVisibility(request.folders), snapshotDir);
    const locator = new engine.Locator(tools, explicitLimits(settings));
    // Warm start hands the embedded brain's top files to a model brain (one that speaks a protocol profile).
    const warmStart = settings.warmStart && brain.profile !== undefined ? engine.createEmbeddedBrain() : undefined;
    this.logger.info(`Locating "${clip(request.issue.title, 80)}" with ${brain.name} in ${request.folders.map((f) => f.fsPath).join(', ')}`);
    const result = await locator.locate(request.issue, brain, {
      signal,
      runId: request.runId,
      warmStart,
      onEvent: (event) => {
        const line = describeEvent(event);
        if (line) this.logger.debug(line);
        hooks.onEvent?.(event);
      },
    });
    this.logger.info(resultLogLine(result));
    return result;
  }

  /** Builds the brain a choice stands for; `auto` = endpoint if configured, else the LM provider if it agrees, else embedded. */
  async createBrain(choice: BrainChoice, settings: CodeGrepSettings, signal: AbortSignal): Promise<Brain> {
    const lmAvailable = choice === 'auto' && !settings.endpoint && this.lmBrain ? await this.lmBrain.availableForAuto() : false;
    const kind = chooseBrainKind(choice, settings, lmAvailable);
    const engine = await import('./engine.js');
    switch (kind) {
      case 'embedded':
        return engine.createEmbeddedBrain();
      case 'openai':
        return engine.createOpenAIBrain(settings, await this.apiKey.get(), this.logger);
      case 'vscode-lm':
        if (!this.lmBrain) {
          throw new CodeGrepError('no-model', 'The VS Code language model brain is not available in this window. Use the embedded brain, or choose another.', 'choose-brain');
        }
        return this.lmBrain.create(settings, signal);
    }
  }
}

/** "Found 2 files in 1.4 s (3 turns, 12 calls): a.py:10-40, b.py; low confidence (0.31)": what the log keeps of each run. */
export function resultLogLine(result: LocateResult): string {
  const { usage } = result;
  const files = result.candidates.map(formatLocation);
  const rejected = result.rejected.length ? `; ${plural(result.rejected.length, 'cited path')} rejected` : '';
  const confidence = result.confidence ? `; ${confidenceLabel(result.confidence)}` : '';
  return `Found ${plural(files.length, 'file')} in ${(usage.ms / 1000).toFixed(1)} s (${plural(usage.turns, 'turn')}, ${plural(usage.toolCalls, 'call')})${files.length ? `: ${files.join(', ')}` : ''}${rejected}${confidence}.`;
}

/** The argument of `codegrep.sendToChat` (implemented by the hand-off integration). */
export interface SendToChatArgs {
  issue: Issue;
  /** The selected candidates, best first. */
  candidates: Candidate[];
  /** File URIs of those candidates, in the same order. */
  files: vscode.Uri[];
  /** How sure the brain was of the answer these files come from; a low one adds a note for the agent. */
  confidence?: AnswerConfidence;
}

/** The argument of `codegrep.showResults`: a finished result to show in the panel (e.g. from chat). */
export interface ShowResultsArgs {
  result: LocateResult;
  folders?: vscode.Uri[];
}

/** The argument of `codegrep.locate` when another feature starts a run (right-click, URI handler). */
export interface LocateCommandArgs {
  /** Issue text, a GitHub issue URL or `#N`, or a ready Issue; asked for when missing. */
  issue?: string | Issue;
  /** Folders to search; asked for (multi-root) when missing. */
  folders?: vscode.Uri[];
  brain?: BrainChoice;
}
