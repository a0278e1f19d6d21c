import { createJudge, type Dialect, type Judge, type JudgeOptions } from '@redouble/dialects';
import { CallToolResultSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { INTERNAL_ERROR, INVALID_PARAMS, VIOLATIONS_META_KEY } from './constants.js';
import { encodeNulls } from './encode-nulls.js';
import type { Logger } from './logger.js';
import type { RegisteredTool } from './register-tools.js';
import { RequestError } from './request-error.js';
import type { ToolCallContext } from './tool-definition.js';
import type { ToolListCache } from './tool-list-cache.js';
import { valueKind } from './value-kind.js';
import { wireForm } from './wire-form.js';

export interface ToolCallerOptions {
  /** Limits of each tool's judge (createJudge options). */
  judge?: JudgeOptions;
  /** Results come from an MCP server over the wire, not from a handler written here: see wireShapeProblem. */
  wireResults?: boolean;
}

/**
 * Runs tools/call: judges the arguments against the canonical inputSchema (whatever spelling the
 * caller read), hands the handler what a canonical caller would have sent, and judges the
 * handler's structuredContent against the canonical outputSchema before it leaves.
 */
export class ToolCaller {
  private readonly tools: Map<string, RegisteredTool>;
  private readonly lists: ToolListCache;
  private readonly logger: Logger;
  // Compiled on a tool's first call: compiling every schema up front would make a large server slow to start.
  private readonly judges = new Map<string, Judge>();

  private readonly judgeOptions: JudgeOptions | undefined;
  private readonly wireResults: boolean;

  constructor(tools: Map<string, RegisteredTool>, lists: ToolListCache, logger: Logger, options: ToolCallerOptions = {}) {
    this.tools = tools;
    this.lists = lists;
    this.logger = logger;
    this.judgeOptions = options.judge;
    this.wireResults = options.wireResults === true;
  }

  // Every await below is on a promise that is already settled, or on a handler's own promise:
  // a call that needs no worker and whose handler answers at once is answered in two microtasks,
  // as the bare SDK answers. Later than that, the SDK's Streamable HTTP transport sends the
  // response headers on their own, one more write and packet per call (docs/performance.md).
  async call(name: string, args: unknown, dialect: Dialect, extra: ToolCallContext['extra']): Promise<CallToolResult> {
    const entry = this.tools.get(name);
    // An unknown tool is a protocol error, not a tool result (MCP 2025-11-25, tools: error handling).
    if (!entry) throw new RequestError(INVALID_PARAMS, `Unknown tool: ${name}`, { tool: name });
    const judge = this.judgeFor(entry);

    // Async: a pattern that needs the native engine runs in a worker, never on the event loop.
    const checked = await judge.checkArgumentsAsync(args ?? {}, { decodeNulls: dialect.decodesNulls });
    if (!checked.ok) {
      // The tool's own schema could not be applied: nothing the caller can correct.
      if (checked.fault === 'server') throw this.serverFault(name, checked.text, checked.violations, true);
      // Input errors go back as a tool result so the model can read them and try again (SEP-1303);
      // the same violations as data, for a client that shows or counts them (a server fault's
      // error carries them in error.data.violations).
      return { content: [{ type: 'text', text: checked.text }], isError: true, _meta: { [VIOLATIONS_META_KEY]: checked.violations } };
    }

    let result: CallToolResult;
    try {
      const answered = entry.handler(checked.value as Record<string, unknown>, { dialect, extra });
      result = isThenable(answered) ? await answered : answered;
    } catch (error) {
      if (error instanceof RequestError || error instanceof McpError) throw error;
      // As the SDK's McpServer answers: an Error's message goes back as a tool error the model can
      // read. The server's author needs the stack, which never leaves the server; a thrown value
      // that is no Error goes out only as its kind, as it may hold anything.
      this.logger.warn(`Tool "${name}": its handler threw ${thrownForLog(error)}`);
      return { content: [{ type: 'text', text: `Tool "${name}" failed: ${thrownText(error)}` }], isError: true };
    }

    if (result === null || typeof result !== 'object') {
      throw this.serverFault(entry.name, 'its handler returned no result object.');
    }
    // A handler's result as the caller will read it, or the reason no transport could write it
    // (wire-form.ts); one from the wire was checked on arrival (forward-request.ts).
    if (!this.wireResults) {
      const form = wireForm(result);
      if (!form.ok) throw this.serverFault(entry.name, `its result ${form.reason}.`);
      result = form.value;
    }
    const misshapen = this.wireResults ? wireShapeProblem(result) : handlerShapeProblem(result);
    if (misshapen) throw this.serverFault(entry.name, `its handler result is not a CallToolResult (${misshapen}).`);
    // A reported tool error need not follow the output schema.
    if (result.isError === true || entry.tool.outputSchema === undefined) return withTextContent(result);
    if (result.structuredContent === undefined) {
      throw this.serverFault(entry.name, 'it declares an outputSchema, but its result has no structuredContent.');
    }
    const judged = await judge.checkResultAsync(result.structuredContent);
    if (!judged.ok) throw this.serverFault(entry.name, judged.text, judged.violations, true);
    if (!dialect.decodesNulls) return withTextContent(result);
    // Omissions go out in the caller's words, as they came in: see encode-nulls.ts.
    // Awaited only where the dialect's list is still to be built (in slices, never in one go).
    const listed = this.lists.tool(dialect, entry.name);
    const spelled = (listed instanceof Promise ? await listed : listed)?.outputSchema;
    const structuredContent = encodeNulls(result.structuredContent, spelled) as CallToolResult['structuredContent'];
    return withTextContent(structuredContent === result.structuredContent ? result : { ...result, structuredContent });
  }

  private judgeFor(entry: RegisteredTool): Judge {
    let judge = this.judges.get(entry.name);
    if (!judge) {
      judge = createJudge(entry.tool, this.judgeOptions);
      this.judges.set(entry.name, judge);
    }
    return judge;
  }

  /**
   * The server broke its own contract: the caller is not to blame, so say so and log it. The
   * judge's text (`judged`) names the tool and says whose fault it is already; others say what the
   * server did.
   */
  private serverFault(name: string, text: string, violations?: unknown, judged = false): RequestError {
    const message = judged ? text : `Server fault in tool "${name}": ${text}`;
    this.logger.warn(message);
    return new RequestError(INTERNAL_ERROR, message, { fault: 'server', tool: name, violations });
  }
}

/** What a handler threw, for the caller: an Error's message, else only what kind of value it was. */
function thrownText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return `its handler threw ${thrownKind(error)}, not an Error`;
}

/** What a handler threw, for the server's log: an Error's stack, else the value as JSON where it has some. */
function thrownForLog(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  if (error !== null && typeof error === 'object') {
    try {
      const json = JSON.stringify(error);
      if (json !== undefined) return `${valueKind(error)} ${clipped(json)}`;
    } catch {
      // Not JSON data either: its kind alone.
    }
  }
  return typeof error === 'string' ? `a string ${clipped(JSON.stringify(error))}` : `${thrownKind(error)} (${clipped(String(error))})`;
}

function thrownKind(error: unknown): string {
  return error === undefined ? 'undefined' : valueKind(error);
}

function clipped(text: string): string {
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function';
}

/**
 * A handler's result, checked whole by the SDK's own schema: the SDK checks this only for handlers
 * it registers itself, and tools/call is answered without one.
 */
function handlerShapeProblem(result: CallToolResult): string | undefined {
  const shape = CallToolResultSchema.safeParse(result);
  if (shape.success) return undefined;
  const first = shape.error.issues[0];
  return `at /${first?.path.join('/') ?? ''}: ${first?.message ?? 'invalid'}`;
}

/**
 * A result that came over the wire from an MCP server (a front's upstream): only what this side
 * reads is checked. The rest goes back as the upstream sent it, as every other answer a front
 * passes through, and the caller's own SDK reads it as it would unproxied; parsing it whole with the
 * SDK's schema on every call cost more than the judge.
 */
function wireShapeProblem(result: CallToolResult): string | undefined {
  if (Array.isArray(result)) return 'at /: an array';
  if (result.content !== undefined && !Array.isArray(result.content)) return 'at /content: not an array';
  if (result.isError !== undefined && typeof result.isError !== 'boolean') return 'at /isError: not a boolean';
  const structured: unknown = result.structuredContent;
  if (structured !== undefined && (structured === null || typeof structured !== 'object' || Array.isArray(structured))) return 'at /structuredContent: not an object';
  return undefined;
}

/** Structured results should also be readable as text (MCP tools: structured content). */
function withTextContent(result: CallToolResult): CallToolResult {
  if (result.structuredContent === undefined || (Array.isArray(result.content) && result.content.length > 0)) return result;
  return { ...result, content: [{ type: 'text', text: JSON.stringify(result.structuredContent) }] };
}
