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

/**
 * Why a file (or stdin, `what` = 'input') could not be read, in words rather than an errno code:
 * every command that reads what the user named says it this way. A code not worded here keeps the
 * system's own sentence, without the path it repeats (the caller names the file already).
 */
export function unreadableReason(error: unknown, what: 'file' | 'input' = 'file'): string {
  const words = WORDED.get((error as NodeJS.ErrnoException | null)?.code ?? '');
  if (words !== undefined) return what === 'file' ? words : `cannot read the input: ${words}`;
  const system = error instanceof Error ? error.message.replace(/, \w+ '.*'$/s, '') : String(error);
  return `cannot read the ${what} (${system})`;
}

const WORDED: ReadonlyMap<string, string> = new Map([
  ['ENOENT', 'no such file'],
  // A path through a file (`tools.json/x`) names nothing, as a missing one does.
  ['ENOTDIR', 'no such file'],
  ['EISDIR', 'is a directory, not a file'],
  ['EACCES', 'permission denied'],
  ['EPERM', 'permission denied'],
]);

export function exitCodeFor(_error: DialectError): 2 {
  return 2;
}
