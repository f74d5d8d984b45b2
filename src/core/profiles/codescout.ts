import type { ToolResult } from '../../common/tools';
import { parseAnswerText } from '../answer';
import type { CitedFile } from '../brain';
import { promptIssueText } from '../prompt';
import { isRecord } from '../toolSchemas';
import { CS_FINISH, CS_SYSTEM_PROMPT, CS_TERMINAL, CS_USER_TEMPLATE } from './codescoutTools';
import { hintText } from './hint';
import type { MappedCall, ProfileContext, ProtocolProfile } from './types';

/** Said on the answer turn: CodeScout's own loop just stops at its turn limit, so this is ours. */
const CS_FINAL_NOTE = 'You have used all your turns. Call the `localization_finish` tool now, alone, with the locations you found.';

/** OpenHands CodeScout (1.7B/4B/14B): one `terminal` tool run by our read-only interpreter, `localization_finish` answers. */
export const CODESCOUT_PROFILE: ProtocolProfile = {
  name: 'codescout',
  description: 'OpenHands CodeScout (1.7B/4B/14B): its own prompt, a read-only terminal (rg, grep, find, sed -n…) and localization_finish, 4 turns of 5 calls.',
  // "You have up to 4 turns to explore and return your answer"; "NEVER exceed 5 parallel tool calls per turn".
  budget: { maxTurns: 3, maxCalls: 5 },
  paths: 'relative',
  needsWorkspace: true,
  // code_search_generator.py: temperature 0.6 at eval; run_async_training_14B.sh: max_generate_length 8192; thinking off.
  sampling: { temperature: 0.6, maxTokens: 8192, thinkingKwarg: 'enable_thinking', thinkingDefault: false },
  tools: [CS_TERMINAL, CS_FINISH],
  answerTurnTools: [CS_FINISH],
  answerTool: 'localization_finish',
  systemPrompt: (_ctx, toolsBlock) => (toolsBlock ? `${CS_SYSTEM_PROMPT}\n\n${toolsBlock}` : CS_SYSTEM_PROMPT),
  firstMessage(issue, ctx, hint) {
    // A function replacement: `$&` or `$'` in the issue's text is the reporter's, not a replacement pattern.
    const text = CS_USER_TEMPLATE.replace(/\{\{ working_dir \}\}/g, () => ctx.root).replace('{{ instance.problem_statement }}', () => promptIssueText(issue));
    return `${text}${hintText(hint, (p) => p)}`;
  },
  turnNote: () => undefined,
  finalNote: () => CS_FINAL_NOTE,
  answerReminder: () => CS_FINAL_NOTE,
  mapCall(id, name, args, ctx, place): MappedCall {
    if (name === 'terminal') return mapTerminal(id, args, ctx);
    if (name === 'localization_finish') {
      // "must be called exactly once, alone": with other calls beside it, the searches run and it waits.
      if (place.siblings > 0 && !place.final) {
        return { kind: 'refused', text: 'localization_finish must be called alone, after your searches: the other calls of this turn ran; call localization_finish again by itself.' };
      }
      return finishLocations(args);
    }
    return { kind: 'refused', text: `Tool '${name}' not found. Available tools: terminal, localization_finish.` };
  },
  parseAnswerText,
  formatError: (text) => text.replace(/^error:\s*/, 'Error: '),
};

function mapTerminal(id: string, args: Record<string, unknown>, ctx: ProfileContext): MappedCall {
  if (args.is_input === true || args.is_input === 'true') {
    return { kind: 'refused', text: terminalText('No command is running, so there is nothing to send input to.', 1, ctx) };
  }
  const command = typeof args.command === 'string' ? args.command : '';
  if (command.trim() === '') {
    const what = args.reset === true ? 'The terminal was reset.' : 'No command is running, so there is no more output to show.';
    return { kind: 'refused', text: terminalText(what, 0, ctx) };
  }
  return {
    kind: 'run',
    call: { id, name: 'terminal', args: { command } },
    format: (result: ToolResult) => terminalText(result.text, result.exitCode ?? (result.error ? 2 : 0), ctx),
  };
}

/** What the OpenHands terminal observation looks like (TerminalObservation.to_llm_content). */
function terminalText(output: string, exitCode: number, ctx: ProfileContext): string {
  return `${output}\n[Current working directory: ${ctx.root}]\n[Command finished with exit code ${exitCode}]`;
}

/** `localization_finish` locations as cited files; class/function become line ranges in the Locator. */
function finishLocations(args: Record<string, unknown>): MappedCall {
  let list: unknown = args.locations;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      // reported below
    }
  }
  if (!Array.isArray(list)) return { kind: 'refused', text: 'Error: localization_finish needs {"locations": [{"file": "path/relative/to/repo.py", "class_name": "...", "function_name": "..."}]}.' };
  const files: CitedFile[] = [];
  for (const item of list) {
    const entry = typeof item === 'string' ? { file: item } : isRecord(item) ? item : undefined;
    const file = typeof entry?.file === 'string' ? entry.file.trim().replace(/^\.\//, '') : '';
    if (!entry || !file) continue;
    const className = nameOf(entry.class_name ?? entry.class);
    const functionName = nameOf(entry.function_name ?? entry.function);
    const cited: CitedFile = { path: file, reason: reasonOf(className, functionName) };
    if (className || functionName) cited.entity = { ...(className ? { className } : {}), ...(functionName ? { functionName } : {}) };
    files.push(cited);
  }
  return { kind: 'answer', files };
}

function nameOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' && value.trim().toLowerCase() !== 'none' ? value.trim() : undefined;
}

function reasonOf(className: string | undefined, functionName: string | undefined): string {
  if (className && functionName) return `${className}.${functionName}`;
  if (className) return `class ${className}`;
  if (functionName) return `function ${functionName}`;
  return 'file-level change';
}
