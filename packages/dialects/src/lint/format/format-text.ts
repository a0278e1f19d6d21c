/** The text report for people: grouped by tool, each line with its severity and rule id. */
import type { Severity } from '../../diagnostics.js';
import type { LintResult } from '../types.js';
import { groupByTool } from './group-by-tool.js';
import type { Locate } from './source-location.js';

export interface TextFormatOptions {
  /** The linted input, to name the tools; without it everything is one group. */
  input?: unknown;
  /** ANSI colour; the CLI turns it on only for a terminal. */
  color?: boolean;
  /** Name of the file, shown with line and column when `locate` finds the pointer. */
  file?: string;
  locate?: Locate;
}

const COLOURS: Record<Severity | 'dim' | 'bold', string> = {
  error: '\u001b[31m',
  warning: '\u001b[33m',
  info: '\u001b[36m',
  dim: '\u001b[2m',
  bold: '\u001b[1m',
};
const RESET = '\u001b[0m';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function formatLintText(result: LintResult, options: TextFormatOptions = {}): string {
  const paint = (style: keyof typeof COLOURS, text: string) => (options.color ? `${COLOURS[style]}${text}${RESET}` : text);
  const lines: string[] = [];
  const groups = groupByTool(result.diagnostics, options.input);
  for (const group of groups) {
    lines.push(paint('bold', group.title));
    for (const d of group.diagnostics) {
      const position = options.locate?.(d.path);
      const where = position ? `  ${options.file ?? '<input>'}:${position.line}:${position.column}` : '';
      lines.push(`  ${paint(d.severity, d.severity.padEnd(7))} ${d.code}  ${paint('dim', d.path === '' ? '(root)' : d.path)}${paint('dim', where)}`);
      lines.push(`          ${d.message}`);
    }
    lines.push('');
  }
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = result.diagnostics.filter((d) => d.severity === 'warning').length;
  const tools = groups.filter((g) => g.isTool).length;
  lines.push(
    result.diagnostics.length === 0
      ? 'No problems found.'
      : `${plural(errors, 'error')}, ${plural(warnings, 'warning')}${tools > 0 ? ` in ${plural(tools, 'tool')}` : ''}.`,
  );
  // Pointed at what says why: the diagnostics above, where there are any.
  if (!result.complete) lines.push(`The check is incomplete: some parts could not be checked${result.diagnostics.length > 0 ? ` (see the ${warnings > 0 ? 'warnings' : 'errors'} above)` : ''}.`);
  return `${lines.join('\n')}\n`;
}
