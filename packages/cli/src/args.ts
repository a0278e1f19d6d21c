import { parseArgs } from 'node:util';
import { usageError } from './errors.js';

type OptionSpec = { type: 'string' | 'boolean'; multiple?: boolean; short?: string };

/** Options every command accepts. */
const GLOBAL_OPTIONS = {
  'dialects-dir': { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Record<string, OptionSpec>;

export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
  dialectsDirs: string[];
  help: boolean;
}

/**
 * Strict parsing: an unknown option, a missing value or a single-valued option given twice is a
 * usage error (exit 2), never ignored, since a typo such as `--dialet` would otherwise silently
 * convert into the default dialect, and a second `--dialect` silently into the other one.
 */
export function parseCommandArgs(argv: string[], options: Record<string, OptionSpec>, maxPositionals: number): ParsedArgs {
  const spec: Record<string, OptionSpec> = { ...GLOBAL_OPTIONS, ...options };
  const parsed = parseStrict(argv, spec);
  const repeated = repeatedOption(singleValued(parsed.tokens, spec));
  if (repeated !== undefined) throw usageError(repeated);
  if (parsed.positionals.length > maxPositionals) {
    throw usageError(`unexpected argument '${parsed.positionals[maxPositionals]}'`);
  }
  const dirs = parsed.values['dialects-dir'];
  return {
    values: parsed.values as ParsedArgs['values'],
    positionals: parsed.positionals,
    dialectsDirs: Array.isArray(dirs) ? dirs.map(String) : [],
    help: parsed.values.help === true,
  };
}

function parseStrict(argv: string[], spec: Record<string, OptionSpec>) {
  try {
    return parseArgs({ args: argv, options: spec, allowPositionals: true, strict: true, tokens: true });
  } catch (e) {
    throw usageError(parseFault(e));
  }
}

/**
 * node:util's parse errors in the CLI's own words (the ones lint's reader writes too): Node's
 * texts name its own syntax ('--dialect <value>', "place it at the end after '--'") and change
 * between Node versions. The option is read from Node's message; a fault not known here keeps it.
 */
export function parseFault(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const code = (e as { code?: unknown } | null)?.code;
  const option = /'(-[^' ,]+)/.exec(message)?.[1];
  if (option === undefined) return message;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${option}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    // '-h, --help' names the short spelling first; the long one is the option's name.
    const long = /'(?:-\w, )?(--[^' ]+)/.exec(message)?.[1] ?? option;
    if (/does not take an argument/.test(message)) return `${long} takes no value`;
    if (/ambiguous/.test(message)) return `${long} needs a value (one that starts with a dash is given as ${long}=VALUE)`;
    return `${long} needs a value`;
  }
  return message;
}

/** Each option given on the command line that takes one value (not a flag, not a repeatable one), in order. */
function singleValued(tokens: ReturnType<typeof parseStrict>['tokens'], spec: Record<string, OptionSpec>): { name: string; value: string }[] {
  return tokens.flatMap((t) => {
    if (t.kind !== 'option') return [];
    const option = spec[t.name];
    return option?.type === 'string' && option.multiple !== true ? [{ name: t.name, value: t.value ?? '' }] : [];
  });
}

/**
 * The message for the first single-valued option in `given` (command-line order) that appears a
 * second time, or undefined. Taking the last value would run on one the user may not have meant,
 * and which one was meant is not ours to guess. Flags (`--json`) are not given values, so are not listed.
 */
export function repeatedOption(given: readonly { name: string; value: string }[]): string | undefined {
  const first = new Map<string, string>();
  for (const { name, value } of given) {
    const earlier = first.get(name);
    if (earlier !== undefined) return `--${name} is given twice ('${earlier}', then '${value}'); give it once`;
    first.set(name, value);
  }
  return undefined;
}

/**
 * Finds the command name: the first word that is neither a global option nor its value, so
 * `dialects --dialects-dir ./mine list` and `dialects list --dialects-dir ./mine` both work.
 */
export function splitCommand(argv: string[]): { name: string | undefined; rest: string[] } {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--dialects-dir') {
      i++;
      continue;
    }
    if (a.startsWith('-') && a !== '-') continue;
    return { name: a, rest: [...argv.slice(0, i), ...argv.slice(i + 1)] };
  }
  return { name: undefined, rest: argv };
}

export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
}
