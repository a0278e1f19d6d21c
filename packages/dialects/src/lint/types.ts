import type { Diagnostic, Severity } from '../diagnostics.js';

export interface LintOptions {
  /** The protocol revision (or comma-separated revisions) to check against when the input names none. */
  protocol?: string;
  /**
   * Which rules run: `all` (default); `errors`, the rules that can report an error (the warnings
   * they also find included), what decides whether a tool may be served; `warnings`, the rules that
   * only ever warn. `errors` and `warnings` together are `all`. Or a list of rule ids (LINT_RULES).
   */
  rules?: 'all' | 'errors' | 'warnings' | readonly string[];
}

export interface LintResult {
  diagnostics: Diagnostic[];
  /** False whenever some check could not be carried out in full (an external `$ref`, say). */
  complete: boolean;
}

/** A value found in the input, with the JSON pointer where it sits. */
export interface Located {
  value: unknown;
  path: string;
}

/** One tool of the input, with its effective protocol scope. */
export interface ToolEntry {
  /** Pointer of the tool object ("" for a lone tool, "/tools/3", "/3"). */
  path: string;
  name: string | undefined;
  tool: Record<string, unknown>;
  /** True inside an MCP Description document, whose tools may carry `examples` and `$componentRef`s. */
  inDescription: boolean;
  /** Revisions this tool is checked for, sorted; empty when every revision named was unknown. */
  scope: string[];
  /** Fields that may be `$componentRef`s in an MCP Description, already followed. */
  inputSchema: Located | undefined;
  outputSchema: Located | undefined;
}

export interface Reporter {
  report(code: string, severity: Severity, message: string, path: string): void;
  /** Records that a check was not carried out in full. */
  incomplete(): void;
}
