import { DialectError, type Diagnostic } from '@redouble/dialects/core';

/**
 * The CLI uses the project's one error class. Codes that mean "the command was called wrongly"
 * exit 2; every other DialectError is a fault in an input (a data file, a rule file) and exits 1.
 */
const USAGE_CODES = new Set(['usage', 'unknown-dialect', 'invalid-option']);

export function usageError(message: string): DialectError {
  return new DialectError('usage', message);
}

/** An unreadable input file; `where` is `file`, or `file:line:column` when the parser knows it. */
export function inputError(where: string, message: string): DialectError {
  const d: Diagnostic = { code: 'input-invalid', severity: 'error', message, path: where };
  return new DialectError('input-invalid', `${where}: ${message}`, [d]);
}

export function exitCodeFor(error: DialectError): 1 | 2 {
  return USAGE_CODES.has(error.code) ? 2 : 1;
}
