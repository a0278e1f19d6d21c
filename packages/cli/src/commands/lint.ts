/**
 * `dialects lint [FILE|-] [--format text|json|sarif] [--protocol VERSION]`: checks the schemas of
 * MCP tools. Exit 0 when no error is found, 1 when one is, 2 for a usage fault or input that cannot
 * be read.
 */
import { directoryOption } from '../directory-option.js';
import {
  DialectError,
  formatLintJson,
  formatLintSarif,
  formatLintText,
  lintTools,
  readLintSource,
  type LintResult,
} from '@redouble/dialects';
import { repeatedOption } from '../args.js';
import { formatDiagnostic } from '../format.js';
import { GLOBAL } from '../help.js';
import { openRegistry } from '../registry.js';
import { inputTextWarnings, jsonFault, readInputText } from '../input.js';

/** The streams the command uses; process streams and in-memory ones both fit. */
export interface LintIo {
  stdin: AsyncIterable<string | Uint8Array>;
  stdout: { write(chunk: string): unknown; isTTY?: boolean };
  stderr: { write(chunk: string): unknown };
  /** True when stdin is a terminal: reading it without `-` would wait for a person. */
  isTTY: boolean;
}

export const LINT_HELP = `Usage: dialects lint [FILE|-] [--format text|json|sarif] [--protocol VERSION]

Checks the schemas of MCP tools: a Tool, a list of tools, a tools/list result or an MCP Description
document, in JSON or YAML (stdin when FILE is - or absent). Rules and their ids: docs/lint-rules.md,
which ships in this package (in a project: node_modules/@redouble/dialects-cli/docs/lint-rules.md).
A bare JSON Schema is not linted: wrap it as {"name": ..., "inputSchema": <schema>}, or check it
with dialects convert, which reads a bare schema.

  --format FORMAT      text (default, grouped by tool), json, or sarif (SARIF 2.1.0)
  --protocol VERSION   protocol revision(s) to check for when the input names none, e.g. 2025-11-25
                       or 2025-06-18,2025-11-25 (default: 2025-11-25,2026-07-28)
  --color, --no-color  force colour on or off (default: on when stdout is a terminal)

Exit codes: 0 no error, 1 errors found, 2 usage fault, unreadable input, or an invalid rule file
in a --dialects-dir (lint reads no dialect, but a broken file is refused whichever command runs).

${GLOBAL}`;

type Format = 'text' | 'json' | 'sarif';

interface Args {
  file: string | undefined;
  format: Format;
  protocol: string | undefined;
  color: boolean | undefined;
  help: boolean;
  /** --dialects-dir folders: their rule files are checked (and refused when broken), as every command does. */
  dirs: string[];
}

class UsageFault extends Error {}

function parseArgs(argv: string[]): Args {
  const args: Args = { file: undefined, format: 'text', protocol: undefined, color: undefined, help: false, dirs: [] };
  const files: string[] = [];
  // Every single-valued option as given, so a second one is refused rather than silently winning.
  const given: { name: string; value: string }[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const value = (): string => {
      if (eq > 0) return arg.slice(eq + 1);
      const next = argv[++i];
      if (next === undefined) throw new UsageFault(`${name} needs a value`);
      return next;
    };
    const once = (): string => {
      const v = value();
      given.push({ name: name.slice(2), value: v });
      return v;
    };
    if (name === '-h' || name === '--help') args.help = true;
    else if (name === '--format') {
      const f = once();
      if (f !== 'text' && f !== 'json' && f !== 'sarif') throw new UsageFault(`unknown format "${f}" (text, json or sarif)`);
      args.format = f;
    } else if (name === '--protocol') args.protocol = once();
    else if (name === '--color' || name === '--no-color') args.color = colorOption(args.color, name === '--color');
    // A global option of the binary (repeatable); lint uses no dialect, but a folder that is not
    // there is a typo to report, and a broken rule file in it is refused, as every command does.
    else if (name === '--dialects-dir') {
      const dir = value();
      try {
        directoryOption('--dialects-dir', dir);
      } catch (e) {
        throw new UsageFault((e as Error).message);
      }
      args.dirs.push(dir);
    }
    else if (arg !== '-' && arg.startsWith('-')) throw new UsageFault(`unknown option ${arg}`);
    else files.push(arg);
  }
  const repeated = repeatedOption(given);
  if (repeated !== undefined) throw new UsageFault(repeated);
  if (files.length > 1) throw new UsageFault(`lint reads one input, got ${files.length}`);
  args.file = files[0];
  return args;
}

/** `--color` and `--no-color` together ask for two things; neither is guessed to be the one meant. */
function colorOption(earlier: boolean | undefined, color: boolean): boolean {
  if (earlier !== undefined && earlier !== color) throw new UsageFault('--color and --no-color are both given; give one');
  return color;
}

export async function lintCommand(argv: string[], io: LintIo): Promise<number> {
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (e) {
    // As every other command says a usage fault: the fault, then where the help is.
    io.stderr.write(`dialects lint: ${(e as Error).message}\nRun dialects lint --help.\n`);
    return 2;
  }
  if (args.help) {
    io.stdout.write(LINT_HELP);
    return 0;
  }
  // Refused with its file, line and column (main.ts says a DialectError so), before anything is read.
  if (args.dirs.length > 0) await openRegistry(args.dirs);

  let label: string;
  let text: string;
  try {
    ({ label, text } = await readInputText(args.file, io));
  } catch (e) {
    if (!(e instanceof DialectError)) throw e;
    io.stderr.write(`dialects lint: ${e.message}\n`);
    return 2;
  }
  const source = readLintSource(text);
  // A file named .json is JSON: read as YAML after JSON refused it, a typo (`tru`) became a string.
  // Parsed again only then, for JSON's own fault and its place.
  if (label.toLowerCase().endsWith('.json') && !(source.ok && source.json)) {
    try {
      JSON.parse(text);
    } catch (e) {
      const { where, message } = jsonFault(text, label, e);
      io.stderr.write(`dialects lint: ${where}: ${message}\n`);
      return 2;
    }
  }
  if (!source.ok) {
    // Where it is known, at FILE:LINE:COL, as convert and explain say it.
    const where = source.at ? `${label}:${source.at.line}:${source.at.col}` : label;
    io.stderr.write(`dialects lint: ${where}: not valid JSON or YAML: ${source.message.split('\n')[0]}\n`);
    return 2;
  }
  // As convert and explain say it: what the parsed value no longer says of the text (stderr, so the report stays as it is).
  for (const w of inputTextWarnings(text, label)) io.stderr.write(formatDiagnostic(label, w));

  let result: LintResult;
  try {
    result = lintTools(source.value, args.protocol === undefined ? {} : { protocol: args.protocol });
  } catch (e) {
    if (e instanceof DialectError) {
      io.stderr.write(`dialects lint: ${e.message}\n`);
      return 2;
    }
    throw e;
  }

  const uri = args.file === undefined || args.file === '-' ? 'stdin' : args.file;
  if (args.format === 'json') io.stdout.write(formatLintJson(result));
  else if (args.format === 'sarif') io.stdout.write(formatLintSarif(result, { uri, locate: source.locate }));
  else {
    const color = args.color ?? io.stdout.isTTY === true;
    io.stdout.write(formatLintText(result, { input: source.value, color, file: label, locate: source.locate }));
  }
  return result.diagnostics.some((d) => d.severity === 'error') ? 1 : 0;
}
