/** The machine report: the LintResult itself, with counts, as stable pretty JSON. */
import type { LintResult } from '../types.js';

export function formatLintJson(result: LintResult): string {
  const count = (severity: string) => result.diagnostics.filter((d) => d.severity === severity).length;
  return `${JSON.stringify(
    {
      complete: result.complete,
      errors: count('error'),
      warnings: count('warning'),
      diagnostics: result.diagnostics.map(({ code, severity, message, path }) => ({ code, severity, message, path })),
    },
    null,
    2,
  )}\n`;
}
