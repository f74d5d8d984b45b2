import { CodeGrepError, toErrorInfo } from '../common/errors';
import { redactText } from '../common/redact';
import { terminalSafe } from '../common/terminalText';
import { EXIT, lazyCommand, type Command } from './command';
import { envCommand } from './envServe';
import { evalCommand } from './eval';
import { trainCommand } from './train';
import { locateCommand } from './locate';
import { MCP_SUMMARY, MCP_USAGE } from './mcpUsage';
import { mineCommand } from './mine';
import { VERSION } from './version';

/** Subcommands by name; adding one is one line here. */
const COMMANDS: Record<string, Command> = {
  locate: locateCommand,
  eval: evalCommand,
  train: trainCommand,
  // The MCP server's module (the SDK and zod) is loaded only for `codegrep mcp`.
  mcp: lazyCommand(MCP_SUMMARY, MCP_USAGE, async () => (await import('./mcp.js')).mcpCommand),
  env: envCommand,
  mine: mineCommand,
};

function mainUsage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const list = Object.entries(COMMANDS).map(([name, cmd]) => `  ${name.padEnd(width)}  ${cmd.summary}`);
  return [
    'Usage: codegrep <command> [options]',
    '',
    'Finds the files a coding issue is about.',
    '',
    'Commands:',
    ...list,
    '',
    'Run `codegrep <command> --help` for its options. `codegrep --version` prints the version.',
  ].join('\n');
}

/** Runs the CLI and returns the exit code (0 ok, 1 run failure, 2 bad input, 3 some eval rows failed). */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    process.stderr.write(`${mainUsage()}\n`);
    return EXIT.badInput;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' && rest[0] ? COMMANDS[rest[0]] : undefined;
    process.stdout.write(`${topic ? topic.usage : mainUsage()}\n`);
    return EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`codegrep: unknown command "${terminalSafe(name)}".\n\n${mainUsage()}\n`);
    return EXIT.badInput;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${command.usage}\n`);
    return EXIT.ok;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    if (isParseArgsError(error) || (error instanceof CodeGrepError && error.code === 'bad-input')) {
      process.stderr.write(`codegrep ${name}: ${printable((error as Error).message)}\nRun \`codegrep ${name} --help\` for usage.\n`);
      return EXIT.badInput;
    }
    const info = toErrorInfo(error);
    if (info.code === 'cancelled') {
      process.stderr.write(`codegrep ${name}: cancelled.\n`);
      return EXIT.interrupted;
    }
    process.stderr.write(`codegrep ${name}: ${printable(info.message)}\n`);
    return EXIT.failure;
  }
}

/** An error message (which may quote a server, a model, an issue or a file name) as it may reach the terminal. */
function printable(message: string): string {
  return terminalSafe(redactText(message), true);
}

/** Errors `util.parseArgs` throws for unknown or malformed options. */
function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

// A reader that stops early (`codegrep locate --json … | head -1`) closes the pipe: stop quietly, as shell tools do,
// rather than die of an unhandled 'error' event with a stack trace. Any other write error is reported in one line.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') process.stderr.write(`codegrep: cannot write the output: ${printable(error.message)}\n`);
  process.exit(error.code === 'EPIPE' ? (process.exitCode ?? EXIT.ok) : EXIT.failure);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`codegrep: ${printable(toErrorInfo(error).message)}\n`);
    process.exitCode = EXIT.failure;
  },
);
