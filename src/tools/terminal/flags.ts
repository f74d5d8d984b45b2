import type { Word } from './commandLine';

/** Which options a command takes: flags alone, and options with a value (`-C 3`, `-C3`, `--glob=x`). */
export interface FlagSpec {
  /** Short letters or long names (without dashes) that stand alone. */
  booleans: readonly string[];
  /** Short letters or long names that take a value. */
  values: readonly string[];
  /** Long name → the short letter or canonical name it means. */
  aliases?: Readonly<Record<string, string>>;
}

/** Options and positional words of one command. */
export interface ParsedFlags {
  /** Each option in order with its value (`true` for flags). */
  options: [name: string, value: string | true][];
  positionals: Word[];
}

/** Parses GNU-style options; an option the spec does not know is an error the model can read. */
export function parseFlags(command: string, words: readonly Word[], spec: FlagSpec): ParsedFlags | { error: string } {
  const options: ParsedFlags['options'] = [];
  const positionals: Word[] = [];
  const canonical = (name: string) => spec.aliases?.[name] ?? name;
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    const text = word.text;
    if (text === '--') {
      positionals.push(...words.slice(i + 1));
      break;
    }
    if (text.startsWith('--') && text.length > 2) {
      const eq = text.indexOf('=');
      const name = canonical(eq < 0 ? text.slice(2) : text.slice(2, eq));
      if (spec.values.includes(name)) {
        const value = eq >= 0 ? text.slice(eq + 1) : words[++i]?.text;
        if (value === undefined) return { error: `${command}: option --${name} needs a value` };
        options.push([name, value]);
      } else if (spec.booleans.includes(name) && eq < 0) {
        options.push([name, true]);
      } else {
        return { error: `${command}: unsupported option ${eq < 0 ? text : text.slice(0, eq)}` };
      }
      continue;
    }
    if (text.startsWith('-') && text.length > 1 && !/^-\d/.test(text)) {
      for (let j = 1; j < text.length; j++) {
        const letter = canonical(text[j]);
        if (spec.values.includes(letter)) {
          const rest = text.slice(j + 1);
          const value = rest !== '' ? rest : words[++i]?.text;
          if (value === undefined) return { error: `${command}: option -${text[j]} needs a value` };
          options.push([letter, value]);
          break;
        }
        if (!spec.booleans.includes(letter)) return { error: `${command}: unsupported option -${text[j]}` };
        options.push([letter, true]);
      }
      continue;
    }
    positionals.push(word);
  }
  return { options, positionals };
}

/** True when any of `names` was given. */
export function has(flags: ParsedFlags, ...names: string[]): boolean {
  return flags.options.some(([name]) => names.includes(name));
}

/** The last value given for any of `names`. */
export function valueOf(flags: ParsedFlags, ...names: string[]): string | undefined {
  const found = flags.options.filter(([name, value]) => names.includes(name) && value !== true);
  const last = found[found.length - 1];
  return last ? String(last[1]) : undefined;
}

/** Every value given for any of `names`, in order. */
export function valuesOf(flags: ParsedFlags, ...names: string[]): string[] {
  return flags.options.filter(([name, value]) => names.includes(name) && value !== true).map(([, value]) => String(value));
}

/** A non-negative integer option value, or an error. */
export function countOf(command: string, value: string | undefined, fallback: number): number | { error: string } {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value.trim())) return { error: `${command}: invalid number '${value}'` };
  return Number(value.trim());
}
