import * as vscode from 'vscode';

/** What a scripted reply streams. */
export type Part = vscode.LanguageModelTextPart | vscode.LanguageModelToolCallPart;
/** One scripted reply: parts, or a function of the request's cancellation token. */
export type Reply = Part[] | ((token: vscode.CancellationToken) => Promise<Part[]>);

/** A scripted vscode.lm chat model (code-server has no model provider): one reply per request, requests recorded. */
export class ScriptedModel implements vscode.LanguageModelChat {
  readonly name = 'Scripted';
  readonly id = 'scripted-1';
  readonly vendor = 'test';
  readonly family = 'scripted';
  readonly version = '1';
  readonly maxInputTokens = 100_000;
  readonly requests: { messages: vscode.LanguageModelChatMessage[]; options?: vscode.LanguageModelChatRequestOptions; token?: vscode.CancellationToken }[] = [];

  constructor(private readonly replies: Reply[]) {}

  async sendRequest(messages: vscode.LanguageModelChatMessage[], options?: vscode.LanguageModelChatRequestOptions, token?: vscode.CancellationToken): Promise<vscode.LanguageModelChatResponse> {
    this.requests.push({ messages: [...messages], options, token });
    const reply = this.replies[this.requests.length - 1] ?? [new vscode.LanguageModelTextPart('')];
    const parts = typeof reply === 'function' ? await reply(token ?? new vscode.CancellationTokenSource().token) : reply;
    return {
      stream: (async function* () {
        yield* parts;
      })(),
      text: (async function* () {
        for (const p of parts) if (p instanceof vscode.LanguageModelTextPart) yield p.value;
      })(),
    };
  }

  async countTokens(): Promise<number> {
    return 0;
  }
}

