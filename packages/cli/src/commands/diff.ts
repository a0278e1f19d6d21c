/**
 * `dialects diff A B [--tools DIR|FILE] [--format text|json]`: what changes between two dialects,
 * or two versions of one, over a set of tools (default: the repository's corpus, else the bundled
 * examples). How a maintainer reviews a vendor update before freezing it.
 */
import { parseCommandArgs, stringOption } from '../args.js';
import { defaultDiffTools } from '../bundled.js';
import { compareDialects, type CountChange, type DiffReport } from '../diff/compare.js';
import { readTools } from '../diff/read-tools.js';
import { usageError } from '../errors.js';
import { toJsonText } from '../format.js';
import { HELP } from '../help.js';
import { EXIT_INPUT, EXIT_OK, type Io } from '../io.js';
import { openRegistry, pickDialect } from '../registry.js';

const SHOWN = 12;

export async function diffCommand(argv: string[], io: Io): Promise<number> {
  const args = parseCommandArgs(argv, { tools: { type: 'string' }, format: { type: 'string' } }, 2);
  if (args.help) {
    io.stdout.write(HELP.diff!);
    return EXIT_OK;
  }
  const format = stringOption(args, 'format') ?? 'text';
  if (format !== 'text' && format !== 'json') throw usageError(`--format must be text or json, not '${format}'`);
  const [nameA, nameB] = args.positionals;
  if (nameA === undefined || nameB === undefined) throw usageError('two dialects are required: dialects diff A B');
  const registry = await openRegistry(args.dialectsDirs);
  const a = pickDialect(registry, nameA);
  const b = pickDialect(registry, nameB);
  const toolsPath = stringOption(args, 'tools') ?? defaultDiffTools();
  if (toolsPath === undefined) throw usageError('no tools to compare over: give --tools DIR|FILE');
  const report = compareDialects(await readTools(toolsPath), a, b);
  io.stdout.write(format === 'json' ? toJsonText({ ...report, over: toolsPath }) : renderText(report, toolsPath));
  // A tool that could not be converted was compared by its errors alone: the report is partial.
  return report.unconverted.length > 0 ? EXIT_INPUT : EXIT_OK;
}

function countLines(title: string, list: readonly CountChange[], quote: boolean): string {
  if (list.length === 0) return `${title}: none\n`;
  let text = `${title} (${list.length}; ${list.length > SHOWN ? `first ${SHOWN}, ` : ''}count in A -> count in B):\n`;
  for (const c of list.slice(0, SHOWN)) {
    const what = c.a === 0 ? 'appears' : c.b === 0 ? 'vanishes' : c.b > c.a ? 'more' : 'fewer';
    text += `  ${what.padEnd(8)} ${String(c.a).padStart(5)} -> ${String(c.b).padEnd(5)} ${quote ? JSON.stringify(c.item) : c.item}\n`;
  }
  return text;
}

function renderText(r: DiffReport, over: string): string {
  let text = `${r.a} -> ${r.b} over ${r.tools} tool${r.tools === 1 ? '' : 's'} (${over})\n`;
  text += `${r.changed} tool${r.changed === 1 ? '' : 's'} spelled differently, ${r.tools - r.changed} the same\n`;
  if (r.unconverted.length > 0) {
    const inA = r.unconverted.filter((u) => u.side === 'a').length;
    const inB = r.unconverted.length - inA;
    text += `could not be converted (no output, or not a valid schema; compared by their errors only): ${inA} in ${r.a}, ${inB} in ${r.b}\n`;
    for (const u of r.unconverted.slice(0, SHOWN)) text += `  ${u.tool} in ${u.dialect}: ${u.code} at ${u.path || '/'}: ${u.message}\n`;
    if (r.unconverted.length > SHOWN) text += `  and ${r.unconverted.length - SHOWN} more\n`;
  }
  text += '\n';
  text += countLines('keywords', r.keywords, false);
  text += countLines('sentences', r.sentences, true);
  text += countLines('diagnostics', r.diagnostics, false);
  if (r.examples.length > 0) text += `\nfirst ${r.examples.length} changed:\n`;
  for (const e of r.examples) {
    text += `  ${e.tool}\n`;
    for (const c of e.changes) text += `    ${c.pointer || '/'}: ${show(c.a)} -> ${show(c.b)}\n`;
  }
  return text;
}

function show(v: unknown): string {
  if (v === undefined) return '(absent)';
  const s = JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}
