import { readFileSync } from 'node:fs';
import { DialectError } from '@redouble/dialects/core';
import { splitCommand } from './args.js';
import { exitCodeFor, systemErrorMessage } from './errors.js';
import { formatDiagnostic } from './format.js';
import { HELP } from './help.js';
import { EXIT_INPUT, EXIT_OK, EXIT_USAGE, type Command, type Io } from './io.js';

/** A command whose module (and what it imports: the judge, lint, Ajv, YAML) loads only when it runs. */
const lazy = (load: () => Promise<Command>): Command => async (argv, io) => (await load())(argv, io);

export const COMMANDS: Readonly<Record<string, Command>> = {
  list: lazy(async () => (await import('./commands/list.js')).listCommand),
  convert: lazy(async () => (await import('./commands/convert.js')).convertCommand),
  explain: lazy(async () => (await import('./commands/explain.js')).explainCommand),
  lint: lazy(async () => (await import('./commands/lint.js')).lintCommand),
  docs: lazy(async () => (await import('./commands/docs.js')).docsCommand),
  new: lazy(async () => (await import('./commands/new.js')).newCommand),
  test: lazy(async () => (await import('./commands/test.js')).testCommand),
  diff: lazy(async () => (await import('./commands/diff.js')).diffCommand),
};

/** This package's version, read only when asked (a command never pays for it). */
function cliVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return String(manifest.version);
}

/**
 * Runs one command line and returns its exit code. Nothing here throws: a DialectError becomes
 * its message (and its diagnostics, each with file and place) on stderr.
 */
export async function run(argv: string[], io: Io): Promise<number> {
  const { name, rest } = splitCommand(argv);
  // -v too, the spelling many tools use; only before a command, where it cannot be read as anything else.
  if (name === undefined && (rest.includes('--version') || rest.includes('-V') || rest.includes('-v'))) {
    io.stdout.write(`dialects ${cliVersion()}\n`);
    return EXIT_OK;
  }
  if (name === undefined) {
    const wantsHelp = rest.includes('--help') || rest.includes('-h');
    // No command, but an option: say which one was not understood before the usage.
    const odd = wantsHelp ? undefined : rest.find((a) => a.startsWith('-'));
    if (odd !== undefined) io.stderr.write(`dialects: unknown option '${odd}' before any command; options go after the command (dialects convert --dialect NAME FILE).\n`);
    (wantsHelp ? io.stdout : io.stderr).write(HELP['']!);
    return wantsHelp ? EXIT_OK : EXIT_USAGE;
  }
  if (name === 'help') {
    const topic = rest[0] ?? '';
    if (topic !== '' && Object.hasOwn(COMMANDS, topic)) return COMMANDS[topic]!(['--help'], io);
    io.stdout.write(HELP['']!);
    return EXIT_OK;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (command === undefined) {
    io.stderr.write(`dialects: unknown command '${name}'; commands: ${Object.keys(COMMANDS).join(', ')}\nRun dialects --help.\n`);
    return EXIT_USAGE;
  }
  try {
    return await command(rest, io);
  } catch (e) {
    if (e instanceof DialectError) {
      const code = exitCodeFor(e);
      io.stderr.write(`dialects ${name}: ${e.message}\n`);
      // The message may already say where; the diagnostics say it for every problem found.
      for (const d of e.diagnostics) if (!e.message.includes(`${d.path}: ${d.message}`)) io.stderr.write(formatDiagnostic('', d));
      if (code === EXIT_USAGE && e.code === 'usage') io.stderr.write(`Run dialects ${name} --help.\n`);
      return code;
    }
    const system = systemErrorMessage(e);
    if (system !== undefined) {
      io.stderr.write(`dialects ${name}: ${system}\n`);
      return EXIT_USAGE;
    }
    io.stderr.write(`dialects ${name}: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return EXIT_INPUT;
  }
}

export { EXIT_OK, EXIT_INPUT, EXIT_USAGE };
