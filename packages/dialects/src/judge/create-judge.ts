/**
 * createJudge: the judge of one tool, built when the tool is registered. Every call is judged
 * against the canonical schema, whichever dialect the caller read; a caller whose dialect sends
 * null for omitted optional properties has those nulls read as omissions first (decode-plan.ts).
 */
import { DialectError, type Diagnostic } from '../diagnostics.js';
import { renderText, violationsToDiagnostics } from './render.js';
import { SchemaJudge, type Limits, type Verdict } from './schema-judge.js';
import type { CheckArgumentsOptions, Judge, JudgeOptions, JudgeResult, JudgeTool, Violation } from './types.js';
import { shorten } from './rule-words.js';
import { DEFAULT_PATTERN_TIME_LIMIT_MS } from './patterns/bounded-run.js';

function positiveInteger(options: JudgeOptions, key: 'maxDepth' | 'maxNodes' | 'patternTimeLimitMs', fallback: number): number {
  const v = options[key];
  if (v === undefined) return fallback;
  if (!Number.isInteger(v) || v < 1) throw new DialectError('invalid-option', `createJudge: option ${key} must be a positive integer, got ${String(v)}.`);
  return v;
}

function readOptions(options: JudgeOptions | undefined): { limits: Limits; requireObject: boolean } {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new DialectError('invalid-option', 'createJudge: options must be an object.');
  }
  const o = options ?? {};
  const defaultDraft = o.defaultDraft ?? '2020-12';
  if (defaultDraft !== '2020-12' && defaultDraft !== 'draft-07') {
    throw new DialectError('invalid-option', `createJudge: option defaultDraft must be "2020-12" or "draft-07", got ${String(defaultDraft)}.`);
  }
  return {
    limits: {
      maxDepth: positiveInteger(o, 'maxDepth', 128),
      maxNodes: positiveInteger(o, 'maxNodes', 100_000),
      patternTimeLimitMs: positiveInteger(o, 'patternTimeLimitMs', DEFAULT_PATTERN_TIME_LIMIT_MS),
      defaultDraft,
      // Limits the caller set are enforced on every document; the defaults guard only where they
      // protect the judge (document-guard.ts).
      alwaysGuard: o.maxDepth !== undefined || o.maxNodes !== undefined,
    },
    requireObject: o.requireObjectArguments ?? true,
  };
}

// A refusal is one plain object with its paragraph and Diagnostics written at once: an object
// literal with lazy getters was tried and made refusals 3-5x slower (V8 builds such literals
// through the runtime, and every refusal allocated four closures).
function failure(violations: Violation[], fault: 'caller' | 'server', name: string | undefined, subject: 'arguments' | 'result'): JudgeResult {
  return { ok: false, violations, text: renderText(violations, fault, name, subject), fault, diagnostics: violationsToDiagnostics(violations, subject) };
}

function fromVerdict(verdict: Verdict, subject: 'arguments' | 'result', name: string | undefined): JudgeResult {
  if (verdict.ok) return verdict;
  // Arguments are the caller's fault, unless the tool's own schema could not be read.
  const fault = subject === 'arguments' && !verdict.schemaFault ? 'caller' : 'server';
  return failure(verdict.violations, fault, name, subject);
}

const isNamed = (document: unknown): boolean => document !== null && typeof document === 'object' && !Array.isArray(document);

function notNamed(document: unknown, name: string | undefined): JudgeResult {
  return failure([{ path: '', rule: 'must be an object (the arguments of a tool call are named)', value: shorten(document), keyword: 'type' }], 'caller', name, 'arguments');
}

function missingResult(name: string | undefined): JudgeResult {
  return failure([{ path: '', rule: 'is missing: the tool declares an output schema, so its result must carry structuredContent', keyword: 'required' }], 'server', name, 'result');
}

/**
 * The verdict of `check` as a judge result in a promise, settled already when the verdict is ready
 * now. Never throws: a fault, as in an async function, becomes the rejection.
 */
function settled(check: () => Verdict | Promise<Verdict>, of: 'arguments' | 'result', name: string | undefined): Promise<JudgeResult> {
  try {
    const verdict = check();
    if (verdict instanceof Promise) return verdict.then((v) => fromVerdict(v, of, name));
    return Promise.resolve(fromVerdict(verdict, of, name));
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * One class for every tool, not a closure per tool: every call then goes to the same function,
 * which V8 can inline at a host's call site (closures per tool made that call site megamorphic,
 * about 5% of a valid call).
 */
class ToolJudge implements Judge {
  constructor(
    readonly name: string | undefined,
    private readonly input: SchemaJudge,
    private readonly output: SchemaJudge | undefined,
    private readonly requireObject: boolean,
  ) {}

  checkArguments(args: unknown, callOptions: CheckArgumentsOptions): JudgeResult {
    const decodeNulls = decodeNullsOf(callOptions);
    // MCP lets a call without arguments stand for an empty object.
    const document = args === undefined ? {} : args;
    if (this.requireObject && !isNamed(document)) return notNamed(document, this.name);
    const verdict = this.input.check(document, decodeNulls);
    return verdict.ok ? verdict : fromVerdict(verdict, 'arguments', this.name);
  }

  // Not `async`: when no pattern needs the worker the verdict is ready now, and the promise handed
  // back is already settled, so a host's `await` costs it one microtask, not three. An MCP server
  // over Streamable HTTP sends its headers apart from the answer when the answer is a few
  // microtasks late (one more write and packet per call; see docs/performance.md).
  checkArgumentsAsync(args: unknown, callOptions: CheckArgumentsOptions): Promise<JudgeResult> {
    const document = args === undefined ? {} : args;
    if (this.requireObject && !isNamed(document)) return Promise.resolve(notNamed(document, this.name));
    let decodeNulls: boolean;
    try {
      decodeNulls = decodeNullsOf(callOptions);
    } catch (e) {
      return Promise.reject(e);
    }
    return settled(() => this.input.checkAsync(document, decodeNulls), 'arguments', this.name);
  }

  checkResult(structuredContent: unknown): JudgeResult {
    const output = this.output;
    if (!output) return { ok: true, value: structuredContent };
    if (structuredContent === undefined) return missingResult(this.name);
    return fromVerdict(output.check(structuredContent, false), 'result', this.name);
  }

  checkResultAsync(structuredContent: unknown): Promise<JudgeResult> {
    const output = this.output;
    if (!output) return Promise.resolve({ ok: true, value: structuredContent });
    if (structuredContent === undefined) return Promise.resolve(missingResult(this.name));
    return settled(() => output.checkAsync(structuredContent, false), 'result', this.name);
  }

  warm(): Diagnostic[] {
    return [...this.input.warm(), ...(this.output?.warm() ?? [])];
  }
}

/**
 * The call's `decodeNulls`, which it must give: a dialect's reading of null (law 3) is no default
 * to fall back on silently, and a value such as "yes" is a caller's mistake, not false.
 */
function decodeNullsOf(callOptions: CheckArgumentsOptions): boolean {
  const value = (callOptions as { decodeNulls?: unknown } | undefined)?.decodeNulls;
  if (typeof value !== 'boolean') throw new DialectError('invalid-option', `checkArguments needs {decodeNulls: true | false} (the dialect's decodesNulls); got ${callOptions === undefined ? 'no options' : `decodeNulls ${JSON.stringify(value) ?? String(value)}`}.`);
  return value;
}

export function createJudge(tool: JudgeTool, options?: JudgeOptions): Judge {
  if (tool === null || typeof tool !== 'object' || !('inputSchema' in tool)) throw new DialectError('invalid-option', 'createJudge: tool must be an object with an inputSchema.');
  const { limits, requireObject } = readOptions(options);
  const name = typeof tool.name === 'string' ? tool.name : undefined;
  const input = new SchemaJudge(tool.inputSchema, '/inputSchema', limits);
  const output = tool.outputSchema === undefined ? undefined : new SchemaJudge(tool.outputSchema, '/outputSchema', limits);
  const judge = new ToolJudge(name, input, output, requireObject);
  // Hosts may pass the methods around on their own (e.g. \`const { checkArguments } = judge\`).
  judge.checkArguments = judge.checkArguments.bind(judge);
  return judge;
}
