import { convert } from '@redouble/dialects/core';
import { parseCommandArgs, stringOption } from '../args.js';
import { formatDiagnostic, toJsonText } from '../format.js';
import { HELP } from '../help.js';
import { readInput } from '../input.js';
import { EXIT_INPUT, EXIT_OK, type Io } from '../io.js';
import { openRegistry, pickDialect } from '../registry.js';

/** `dialects convert --dialect NAME [FILE|-]`: JSON to stdout, diagnostics to stderr. */
export async function convertCommand(argv: string[], io: Io): Promise<number> {
  const args = parseCommandArgs(argv, { dialect: { type: 'string' } }, 1);
  if (args.help) {
    io.stdout.write(HELP.convert!);
    return EXIT_OK;
  }
  // The dialect is checked before stdin is read, so a typo fails fast instead of waiting on input.
  const dialect = pickDialect(await openRegistry(args.dialectsDirs), stringOption(args, 'dialect'));
  const input = await readInput(args.positionals[0], io);
  for (const w of input.warnings) io.stderr.write(formatDiagnostic(input.label, w));
  const result = convert(input.value, dialect);
  if (result.output !== undefined) io.stdout.write(toJsonText(result.output));
  for (const d of result.diagnostics) io.stderr.write(formatDiagnostic(input.label, d));
  return result.ok && result.output !== undefined ? EXIT_OK : EXIT_INPUT;
}
