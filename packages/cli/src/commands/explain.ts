import { convert, explain } from '@redouble/dialects/core';
import { parseCommandArgs, stringOption } from '../args.js';
import { formatDiagnostic, toJsonText } from '../format.js';
import { HELP } from '../help.js';
import { readInput } from '../input.js';
import { EXIT_INPUT, EXIT_OK, type Io } from '../io.js';
import { openRegistry, pickDialect } from '../registry.js';

const OUTCOME_WORDS: Record<string, string> = {
  kept: 'kept',
  renamed: 're-spelled',
  described: 'in description',
  lost: 'LOST',
};

/** `dialects explain --dialect NAME [FILE|-]`: the fate of every rule, by JSON pointer. */
export async function explainCommand(argv: string[], io: Io): Promise<number> {
  const args = parseCommandArgs(argv, { dialect: { type: 'string' }, json: { type: 'boolean' } }, 1);
  if (args.help) {
    io.stdout.write(HELP.explain!);
    return EXIT_OK;
  }
  const dialect = pickDialect(await openRegistry(args.dialectsDirs), stringOption(args, 'dialect'));
  // As convert and lint: no FILE reads piped stdin, and a terminal is refused rather than waited on.
  const input = await readInput(args.positionals[0], io);
  for (const w of input.warnings) io.stderr.write(formatDiagnostic(input.label, w));

  // explain reads the same three shapes as convert, so its paths already point into the file.
  const rows = explain(input.value, dialect);
  if (args.values.json === true) {
    io.stdout.write(toJsonText(rows));
  } else {
    const width = Math.min(60, Math.max(4, ...rows.map((r) => r.path.length)));
    let text = `${input.label} in ${dialect.id}\n`;
    for (const r of rows) {
      text += `${(r.path || '/').padEnd(width)}  ${r.keyword.padEnd(20)}  ${(OUTCOME_WORDS[r.outcome] ?? r.outcome).padEnd(14)}  ${r.detail}\n`;
    }
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
    text += `${rows.length} rules: ${[...counts].map(([k, n]) => `${n} ${OUTCOME_WORDS[k] ?? k}`).join(', ') || 'none'}\n`;
    io.stdout.write(text);
  }
  const result = convert(input.value, dialect);
  for (const d of result.diagnostics) io.stderr.write(formatDiagnostic(input.label, d));
  return result.ok ? EXIT_OK : EXIT_INPUT;
}
