import { DialectError, type Diagnostic } from '@redouble/dialects/core';

/**
 * The CLI uses the project's one error class, and every command the same exit codes:
 * 0 done; 1 done, and the result has error diagnostics; 2 the command could not run on what it was
 * given. A thrown DialectError is always the last kind: a usage mistake, an unknown dialect, an input
 * that cannot be read or parsed, a broken rule file, a missing bundled folder.
 */

export function usageError(message: string): DialectError {
  return new DialectError('usage', message);
}

/** An unreadable input file; `where` is `file`, or `file:line:column` when the parser knows it. */
export function inputError(where: string, message: string): DialectError {
  const d: Diagnostic = { code: 'input-invalid', severity: 'error', message, path: where };
  return new DialectError('input-invalid', `${where}: ${message}`, [d]);
}

/**
 * The message of an operating-system error (a folder that cannot be made, a file that cannot be
 * written: ENOENT, EACCES, ENOTDIR, ENOSPC...), which names the call and the path already; undefined
 * for any other error. Such an error is the place the command was pointed at, not a fault of the CLI.
 */
export function systemErrorMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const e = error as NodeJS.ErrnoException;
  return typeof e.code === 'string' && typeof e.syscall === 'string' ? e.message : undefined;
}

export function exitCodeFor(_error: DialectError): 2 {
  return 2;
}
