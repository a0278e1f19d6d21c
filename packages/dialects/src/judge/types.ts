/** The public shapes of the judge. */
import type { Diagnostic } from '../diagnostics.js';

/** One reason a call (or a result) was not accepted. */
export interface Violation {
  /** RFC 6901 pointer into the judged document (the arguments, or the structured result). */
  path: string;
  /** The rule in plain words, e.g. "must be at most 2147483647", "must be an ISO-8601 date". */
  rule: string;
  /** The offending value as compact JSON, shortened; absent when the value is missing. */
  value?: string;
  /** The JSON Schema keyword that refused it ("maximum", "format", "required", ...), or a judge guard. */
  keyword: string;
}

export type JudgeResult =
  | { ok: true; value: unknown }
  | {
      ok: false;
      violations: Violation[];
      /** One paragraph, what an MCP server returns in a tool result with `isError: true`. */
      text: string;
      /** `caller`: the arguments are wrong. `server`: the tool's result or its own schema is wrong. */
      fault: 'caller' | 'server';
      /** The same violations in the project's one diagnostic shape (see violationsToDiagnostics). */
      diagnostics: Diagnostic[];
    };

export interface JudgeTool {
  name?: string;
  inputSchema: unknown;
  outputSchema?: unknown;
}

export interface JudgeOptions {
  /**
   * Deepest nesting of a document accepted (default 128); deeper is refused at the pointer. The
   * default limits are checked only for schemas that recurse or use `uniqueItems` (elsewhere Ajv
   * never follows a document deeper than the schema); a value set here is checked on every schema.
   */
  maxDepth?: number;
  /** Most values (objects, arrays and scalars) in one document (default 100000); checked as maxDepth is. */
  maxNodes?: number;
  /**
   * Patterns the linear-time engine cannot read (look-around, back-references) run on the native
   * engine only for strings up to this length (default 256); longer strings are refused.
   */
  nativePatternMaxLength?: number;
  /** MCP arguments are an object; false judges any JSON document (default true). */
  requireObjectArguments?: boolean;
  /** The draft of a schema that declares no `$schema` (default '2020-12', as MCP says). */
  defaultDraft?: '2020-12' | 'draft-07';
}

export interface CheckArgumentsOptions {
  /** The caller's dialect sends null for each optional property it leaves out. */
  decodeNulls: boolean;
}

export interface Judge {
  readonly name: string | undefined;
  checkArguments(args: unknown, options: CheckArgumentsOptions): JudgeResult;
  checkResult(structuredContent: unknown): JudgeResult;
  /**
   * Compiles now what would otherwise compile on the first call; returns problems with the tool's
   * own schemas (paths into the tool: /inputSchema/..., /outputSchema/...), empty when all is well.
   */
  warm(): Diagnostic[];
}
