import { format } from 'node:util';
import type * as vscode from 'vscode';
import type { Logger } from '../../common/logger';
import { redactText } from '../../common/redact';

/**
 * The extension's Logger: writes to the "CodeGrep" LogOutputChannel (whose level the user sets
 * with "Developer: Set Log Level") and redacts every known secret and credential shape first.
 */
export class ChannelLogger implements Logger {
  private secrets: string[] = [];

  constructor(readonly channel: vscode.LogOutputChannel) {}

  /** Adds a value that must never reach the log (the API key once it is read). */
  addSecret(secret: string | undefined): void {
    if (secret && !this.secrets.includes(secret)) this.secrets.push(secret);
  }

  trace(message: string, ...args: unknown[]): void {
    this.channel.trace(this.clean(message, args));
  }

  debug(message: string, ...args: unknown[]): void {
    this.channel.debug(this.clean(message, args));
  }

  info(message: string, ...args: unknown[]): void {
    this.channel.info(this.clean(message, args));
  }

  warn(message: string, ...args: unknown[]): void {
    this.channel.warn(this.clean(message, args));
  }

  error(message: string | Error, ...args: unknown[]): void {
    const text = message instanceof Error ? (message.stack ?? message.message) : message;
    this.channel.error(this.clean(text, args));
  }

  /** Formats arguments ourselves so that redaction sees the final text. */
  private clean(message: string, args: unknown[]): string {
    const text = args.length ? format(message, ...args.map((a) => (a instanceof Error ? a.message : a))) : message;
    return redactText(text, this.secrets);
  }
}
