/**
 * The one diagnostic shape and the one error class of the project.
 *
 * Policy (docs/error-handling.md): configuration and programming faults throw a DialectError
 * (an invalid rule file, an unknown dialect name, an option of the wrong type). Everything that is
 * a fact about the data being processed (a schema, a tool, call arguments) is reported as a
 * Diagnostic and never thrown.
 */
export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  /** Stable kebab-case code, or for lint findings the rule id (e.g. `json-schema.tool-schema.valid`). */
  code: string;
  severity: Severity;
  /** One plain sentence (or two) a person can act on. */
  message: string;
  /**
   * Where: an RFC 6901 JSON pointer into the input ("" is the root), or for rule files
   * `file:line:column`.
   */
  path: string;
}

export class DialectError extends Error {
  override readonly name = 'DialectError';
  readonly code: string;
  readonly diagnostics: readonly Diagnostic[];

  constructor(code: string, message: string, diagnostics: readonly Diagnostic[] = []) {
    super(message);
    this.code = code;
    this.diagnostics = diagnostics;
  }
}

export function diagnostic(code: string, severity: Severity, message: string, path: string): Diagnostic {
  return { code, severity, message, path };
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Stable order for output: by path, then code, then message. A sorted copy: the list given is left as it was. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return sortDiagnosticsInPlace([...diagnostics]);
}

/** The same order, sorting the engine's own list where it stands (convert's, often a thousand entries). */
export function sortDiagnosticsInPlace(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : a.code < b.code ? -1 : a.code > b.code ? 1 : a.message < b.message ? -1 : a.message > b.message ? 1 : 0,
  );
}
