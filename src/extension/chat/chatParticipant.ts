import * as vscode from 'vscode';
import { toErrorInfo, type ErrorInfo } from '../../common/errors';
import { chatFailureMarkdown } from '../../common/markdownText';
import { editorMessage } from '../../common/wording';
import type { LocateEvent } from '../../common/events';
import { issueFromText, type Issue } from '../../common/issue';
import type { Candidate, LocateResult, TrajectoryTurn } from '../../common/result';
import { describeCall, renderCandidates, renderExplanation, type PlacedCandidate } from './chatRender';
import type { Contribution } from '../platform/contributions';
import { candidateUri } from '../panel/fileOpener';
import { LanguageModelBrain } from '../languageModel/lmBrain';
import type { ExtensionServices, SendToChatArgs, ShowResultsArgs } from '../platform/services';

/** The participant id declared in package.json (`@codegrep`). */
export const PARTICIPANT_ID = 'codegrep.locator';

/** What a response remembers for `/explain` and followups (ChatResult.metadata). */
export interface LocateChatMetadata {
  command: 'locate' | 'explain';
  issueTitle: string;
  candidates: Candidate[];
  trajectory: TrajectoryTurn[];
  brain: string;
}

/** Registers `@codegrep` with `/locate` (default) and `/explain`, where the host has chat. */
export const chatParticipantContribution: Contribution = {
  id: 'chatParticipant',
  create: (services) => {
    if (typeof vscode.chat?.createChatParticipant !== 'function') {
      services.logger.info('This host has no chat API; @codegrep is off.');
      return;
    }
    const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, createChatHandler(services));
    participant.iconPath = new vscode.ThemeIcon('search');
    participant.followupProvider = { provideFollowups: followups };
    return participant;
  },
};

/**
 * The request handler (exported so in-host tests can call it with a recording stream, since
 * code-server has no chat UI). The cancellation token aborts the run.
 */
export function createChatHandler(services: ExtensionServices): vscode.ChatRequestHandler {
  return async (request, context, stream, token) => {
    const controller = new AbortController();
    const cancel = token.onCancellationRequested(() => controller.abort());
    try {
      const command = request.command === 'explain' ? 'explain' : 'locate';
      const previous = command === 'explain' && !request.prompt.trim() ? lastLocate(context) : undefined;
      if (previous) {
        renderExplanation(stream, previous.candidates, previous.trajectory, previous.issueTitle);
        return { metadata: { ...previous, command } satisfies LocateChatMetadata };
      }
      const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri);
      if (!folders.length) return fail(stream, { code: 'bad-input', message: 'Open a folder first: CodeGrep searches the workspace.' });
      const input = request.prompt.trim();
      if (!input) {
        stream.markdown('Give me an issue: paste its text, a GitHub issue URL, `OWNER/REPO#123` or `#123`. For example: `@codegrep https://github.com/owner/repo/issues/42`.');
        return {};
      }
      const issue = await readIssue(services, input, folders[0], stream, controller.signal);
      const brainInstance = chatModelBrain(services, request, folders[0]);
      const result = await services.runLocate({ issue, folders, brainInstance }, { signal: controller.signal, onEvent: progressReporter(stream) });
      const placed = await placeCandidates(folders, result.candidates);
      if (command === 'explain') renderExplanation(stream, result.candidates, result.trajectory, issue.title);
      else renderCandidates(stream, result, placed);
      addButtons(stream, result, folders, placed);
      const metadata: LocateChatMetadata = { command, issueTitle: issue.title, candidates: result.candidates, trajectory: result.trajectory, brain: result.brain };
      return { metadata };
    } catch (error) {
      const info = toErrorInfo(error);
      if (info.code === 'cancelled' || token.isCancellationRequested) {
        stream.markdown('Cancelled.');
        return {};
      }
      services.logger.warn(`@codegrep failed: ${info.message}`);
      return fail(stream, info);
    } finally {
      cancel.dispose();
    }
  };
}

/**
 * With `codegrep.brain: vscode-lm` and no `codegrep.model`, @codegrep searches with the model picked
 * in the chat view (participants may use it without a separate consent). Otherwise the setting decides.
 */
function chatModelBrain(services: ExtensionServices, request: vscode.ChatRequest, folder: vscode.Uri): LanguageModelBrain | undefined {
  const settings = services.settings(folder);
  if (settings.brain !== 'vscode-lm' || settings.model || !request.model) return undefined;
  return new LanguageModelBrain(request.model, { requestTimeoutMs: settings.requestTimeoutSeconds * 1000 });
}

async function readIssue(services: ExtensionServices, input: string, folder: vscode.Uri, stream: vscode.ChatResponseStream, signal: AbortSignal): Promise<Issue> {
  const resolver = services.resolverFor(input);
  if (!resolver) return issueFromText(input);
  stream.progress(`Fetching ${input}…`);
  return resolver.resolve(input, folder, signal);
}

/** One progress line per turn, summarising the calls the previous turn made. */
function progressReporter(stream: vscode.ChatResponseStream): (event: LocateEvent) => void {
  let calls: string[] = [];
  return (event) => {
    if (event.type === 'tool-call') calls.push(describeCall(event.call));
    if (event.type !== 'turn-started') return;
    const done = calls.length ? ` (last turn: ${calls.slice(0, 4).join(', ')}${calls.length > 4 ? `, +${calls.length - 4} more` : ''})` : '';
    calls = [];
    stream.progress(event.final ? `Choosing the files${done}…` : `Searching, turn ${event.turn} of ${event.totalTurns - 1}${done}…`);
  };
}

async function placeCandidates(folders: readonly vscode.Uri[], candidates: readonly Candidate[]): Promise<PlacedCandidate[]> {
  return Promise.all(candidates.map(async (candidate) => ({ candidate, uri: await candidateUri(folders, candidate.path).catch(() => undefined) })));
}

function addButtons(stream: vscode.ChatResponseStream, result: LocateResult, folders: vscode.Uri[], placed: readonly PlacedCandidate[]): void {
  const show: ShowResultsArgs = { result, folders };
  stream.button({ command: 'codegrep.showResults', title: 'Open results panel', arguments: [show] });
  const mapped = placed.filter((p): p is Required<PlacedCandidate> => p.uri !== undefined);
  if (!mapped.length) return;
  const handoff: SendToChatArgs = { issue: result.issue, candidates: mapped.map((p) => p.candidate), files: mapped.map((p) => p.uri), ...(result.confidence ? { confidence: result.confidence } : {}) };
  stream.button({ command: 'codegrep.sendToChat', title: 'Attach to Copilot Chat', arguments: [handoff] });
  stream.button({ command: 'codegrep.copyForAgent', title: 'Copy as context', arguments: [handoff] });
}

function fail(stream: vscode.ChatResponseStream, error: ErrorInfo): vscode.ChatResult {
  stream.markdown(chatFailureMarkdown(editorMessage(error.message)));
  if (error.action === 'open-logs') stream.button({ command: 'codegrep.showLogs', title: 'Show logs' });
  if (error.action === 'set-api-key') stream.button({ command: 'codegrep.setApiKey', title: 'Set API key' });
  if (error.action === 'choose-brain') stream.button({ command: 'codegrep.chooseBrain', title: 'Choose brain…' });
  return { errorDetails: { message: error.message }, metadata: { error: error.code } };
}

/** The newest `@codegrep` answer in this conversation that located files. */
function lastLocate(context: vscode.ChatContext): LocateChatMetadata | undefined {
  for (let i = context.history.length - 1; i >= 0; i--) {
    const turn = context.history[i];
    if (!(turn instanceof vscode.ChatResponseTurn) || turn.participant !== PARTICIPANT_ID) continue;
    const metadata: unknown = turn.result.metadata;
    if (isLocateMetadata(metadata)) return metadata;
  }
  return undefined;
}

function isLocateMetadata(value: unknown): value is LocateChatMetadata {
  return typeof value === 'object' && value !== null && Array.isArray((value as LocateChatMetadata).candidates) && Array.isArray((value as LocateChatMetadata).trajectory);
}

/** After a located answer: explain it; after an explanation: nothing more to suggest. */
export function followups(result: vscode.ChatResult): vscode.ChatFollowup[] {
  const metadata: unknown = result.metadata;
  if (!isLocateMetadata(metadata) || metadata.command !== 'locate' || !metadata.candidates.length) return [];
  return [{ prompt: '', command: 'explain', label: 'Why these files?' }];
}
