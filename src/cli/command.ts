import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { CodeGrepError } from '../common/errors';
import { excludeGlobError, type ExcludeRule } from '../tools/excludes';

/** One `codegrep <name>` subcommand; main.ts dispatches through a table of these. */
export interface Command {
  /** One line for `codegrep --help`. */
  summary: string;
  /** Full usage text for `codegrep <name> --help`. */
  usage: string;
  /** Runs with the arguments after the command name; resolves to the exit code. */
  run(argv: string[]): Promise<number>;
}

/** A command whose module is loaded only when it runs; its summary and usage are known without it. */
export function lazyCommand(summary: string, usage: string, load: () => Promise<Command>): Command {
  return { summary, usage, run: async (argv) => (await load()).run(argv) };
}

/** Exit codes of the CLI contract. */
export const EXIT = { ok: 0, failure: 1, badInput: 2, rowsFailed: 3, interrupted: 130 } as const;

/** A bad-input error for a flag or argument; main.ts prints it with a usage hint and exits 2. */
export function badInput(message: string): CodeGrepError {
  return new CodeGrepError('bad-input', message);
}

/** The folder the user ran the command from: npm sets INIT_CWD because `npm run` changes into the package folder. */
export function userCwd(): string {
  return process.env.INIT_CWD || process.cwd();
}

/** A flag's regular expression, or undefined when the flag is absent; a bad one is the user's error, said as such. */
export function regexFlag(name: string, value: string | undefined): RegExp | undefined {
  if (value === undefined) return undefined;
  try {
    return new RegExp(value);
  } catch (error) {
    throw badInput(`--${name} is not a valid regular expression: ${(error as Error).message}`);
  }
}

/** Parses a whole-number flag within bounds, or throws a bad-input error naming the flag. */
export function intFlag(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw badInput(`--${name} must be a whole number from ${min} to ${max}, got "${value}".`);
  return n;
}

/**
 * `--exclude` globs as exclude rules, each checked first: a glob that cannot be matched (braces expanding past the
 * limit) would hide nothing, and an exclude is often a privacy choice, so it is refused (exit 2).
 */
export function excludeFlags(globs: readonly string[]): ExcludeRule[] {
  return globs.map((glob) => {
    const error = excludeGlobError(glob);
    if (error) throw badInput(`--exclude ${glob}: ${error}, so it would hide nothing.`);
    return { glob };
  });
}

/**
 * Refuses a folder the tools could not search: ripgrep would fail to start in it with a bare EACCES ("could not start
 * ripgrep"), as if the tool were broken.
 */
export async function checkReadableFolder(folder: string, what: string): Promise<void> {
  const problem = await access(folder, constants.R_OK | constants.X_OK).then(() => undefined, (error: NodeJS.ErrnoException) => error.code ?? error.message);
  if (problem) throw badInput(`${what} ${folder} cannot be read (${problem === 'EACCES' ? 'permission denied' : problem}).`);
}
