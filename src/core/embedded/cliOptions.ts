import { escapeRegex } from './definitions';

/**
 * Command-line options: `pytest --collect-only`, `sphinx-build --keep-going`, `eslint --fix-type`. A reporter writes
 * the option the program takes, and the project writes it once where the option is declared
 * (`group.addoption("--collect-only", …)`, `.option('-f, --fix-type <type>')`), beside its tests and its docs,
 * which say nothing about where the option is handled.
 */

/** `--` and a lower-case name of 3 or more characters, kebab-case allowed; not inside a path, URL or word. */
const OPTION_IN_TEXT = /(?<![\w\-/.=$@:])--[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?![\w-])/g;
const WHOLE_OPTION = /^--[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const MIN_NAME = 3;

/**
 * Options every program has, which reporters write when they say what they ran (`python --version`,
 * `pip install --upgrade`) rather than what goes wrong.
 */
const GENERIC = new Set(['help', 'version', 'verbose', 'quiet', 'debug', 'upgrade', 'user', 'force', 'yes', 'save', 'save-dev', 'global', 'no-cache-dir', 'pre']);

/** The distinct options of `text`, in order. */
export function cliOptions(text: string): string[] {
  const found = [...text.matchAll(OPTION_IN_TEXT)].map((m) => m[0]);
  return [...new Set(found)].filter((option) => option.length - 2 >= MIN_NAME && !GENERIC.has(option.slice(2)));
}

/** True for a clue text that is an option, searched literally and with its case. */
export function isCliOption(text: string): boolean {
  return WHOLE_OPTION.test(text);
}

/**
 * A line that declares an option: the option's string alone on its line, as in a call split over lines
 * (`        "--collect-only",`), or an argument of a call that makes options (`parser.add_argument("--x")`,
 * `@click.option("--x")`, `.option('-x, --x-y <v>')`, `@Option(names = "--x")`). A call that passes it
 * (`inline_run("--collect-only", *args)`) is a use.
 */
export function declaresOption(line: string): boolean {
  return /^\s*["'`][^"'`]*["'`]\s*[,)\]}]?\s*$/.test(line) || /\b(?:add_?(?:option|argument)|option|flag|argument)s?\s*\(|@Option\b/i.test(line);
}

/**
 * An option as the string that declares it: alone in quotes (`"--collect-only",`), after its short form
 * (`'-c, --collect-only'`) or before its value (`'--fix-type <type>'`). A help text that mentions it
 * (`"use pytest --fixtures for help"`) is not its declaration.
 */
export function optionPattern(option: string): string {
  return `["'\`](?:-[A-Za-z], ?)?${escapeRegex(option)}(?:[ =][^"'\`]*)?["'\`]`;
}
