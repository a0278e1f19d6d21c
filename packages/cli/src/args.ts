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
 * Strict parsing: an unknown option or a missing value is a usage error (exit 2), never ignored,
 * since a typo such as `--dialet` would otherwise silently convert into the default dialect.
 */
export function parseCommandArgs(argv: string[], options: Record<string, OptionSpec>, maxPositionals: number): ParsedArgs {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, options: { ...GLOBAL_OPTIONS, ...options }, allowPositionals: true, strict: true });
  } catch (e) {
    throw usageError(e instanceof Error ? e.message.replace(/\s*To specify a positional argument.*$/s, '') : String(e));
  }
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
