import * as vscode from 'vscode';
import type { ChannelLogger } from '../logs/logger';

const SECRET_KEY = 'codegrep.apiKey';

/** The API key for the OpenAI-compatible endpoint, kept only in VS Code SecretStorage. */
export class ApiKeyStore {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly logger: ChannelLogger,
  ) {}

  /** The stored key, or undefined; the value is registered with the logger for redaction. */
  async get(): Promise<string | undefined> {
    const key = await this.secrets.get(SECRET_KEY);
    this.logger.addSecret(key);
    return key || undefined;
  }

  /** Stores a key (an empty string deletes it). */
  async set(value: string): Promise<void> {
    if (!value) {
      await this.secrets.delete(SECRET_KEY);
      this.logger.info('API key removed from secret storage.');
      return;
    }
    this.logger.addSecret(value);
    await this.secrets.store(SECRET_KEY, value);
    this.logger.info('API key saved to secret storage.');
  }

  /** Fires when the key changes (including from another window). */
  onDidChange(listener: () => void): vscode.Disposable {
    return this.secrets.onDidChange((e) => {
      if (e.key === SECRET_KEY) listener();
    });
  }

  /** The "CodeGrep: Set API Key" command: a password box; empty input removes the key. */
  async promptAndStore(): Promise<boolean> {
    const hasKey = !!(await this.get());
    const value = await vscode.window.showInputBox({
      title: 'CodeGrep: Set API Key',
      prompt: hasKey
        ? 'Enter a new API key for codegrep.endpoint, or leave empty to remove the stored key.'
        : 'Enter the API key for codegrep.endpoint. It is kept in VS Code secret storage, never in settings.',
      password: true,
      ignoreFocusOut: true,
      placeHolder: 'sk-...',
    });
    if (value === undefined) return false;
    if (!value && !hasKey) return false;
    await this.set(value.trim());
    void vscode.window.showInformationMessage(value ? 'CodeGrep: API key saved.' : 'CodeGrep: API key removed.');
    return true;
  }
}
