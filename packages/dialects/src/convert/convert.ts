/**
 * `convert(input, dialect)`: a bare schema, an MCP Tool (inputSchema and outputSchema rewritten, the
 * rest copied) or a tools/list result. Diagnostics point into that input. A fatal condition (not
 * JSON data, a cyclic object, the depth guard, the size cap) returns no output at all.
 */
import { diagnostic, DialectError, hasErrors, sortDiagnosticsInPlace, type Diagnostic } from '../diagnostics.js';
import type { Dialect } from '../rules/registry.js';
import { Fatal, hasOwn, isPlainObject, put, type JsonObject } from './data.js';
import { copyJsonData, NotJson } from './json-copy.js';
import { checkInputSchema, checkInputSchemas, checkToolEntries, checkToolInputRoots } from './check-input.js';
import { addTotals, checkLimits, checkRequestTotals, exceedsLimit, requestTotals, type RequestTotals } from './limits.js';
import { hasUndefinedMember, withoutUndefinedMembers } from '../undefined-members.js';
import { namesSchemaKeyword } from './keywords.js';
import { identityCopy, refsResolveCleanly } from './identity.js';
import { planFor, type Plan } from './plan.js';
import { SchemaWalker, type Explanation, type WalkLimits } from './walk.js';

export interface ConvertOptions {
  /** Deepest nesting walked before the conversion is refused (default 256). */
  maxDepth?: number;
  /** Most schema nodes one output schema may hold, counted as it is written (default 100,000). */
  maxNodes?: number;
}

/** A JSON Schema object as a dialect spells it: keywords whose values are whatever JSON they hold. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a schema's keyword values are any JSON, read as the caller knows them.
export type SchemaObject = { [keyword: string]: any };

/** An MCP Tool as a dialect spells it: its inputSchema an object (convert reports an error otherwise). */
export interface ConvertedTool {
  name: string;
  inputSchema: SchemaObject;
  /** Any root from protocol revision 2026-07-28 on. */
  outputSchema?: SchemaObject | boolean;
  [field: string]: unknown;
}

/**
 * What convert gives: without an error (`ok`), the output as its input's shape says (a schema, a
 * Tool, a tools/list result); with one, whatever could be written (undefined where a fatal error
 * stopped the conversion), to be read only with its diagnostics. Narrow on `ok`.
 */
export type ConvertResult<T = unknown> =
  | { ok: true; output: T; diagnostics: Diagnostic[] }
  | { ok: false; output: unknown; diagnostics: Diagnostic[] };

export const DEFAULT_MAX_DEPTH = 256;
export const DEFAULT_MAX_NODES = 100_000;

export type InputShape = 'schema' | 'tool' | 'tools-list';

/** Which of the three accepted shapes an input is (a Tool first: one may carry a field named tools). */
export function inputShape(input: unknown): InputShape {
  if (isPlainObject(input)) {
    if (hasOwn(input, 'inputSchema') && typeof input.name === 'string') return 'tool';
    if (Array.isArray(input.tools) && !hasOwn(input, 'type') && !hasOwn(input, 'properties')) return 'tools-list';
  }
  return 'schema';
}

/** Fields that name what an input is when it is no schema, and what it then looks like. */
const NOT_A_SCHEMA: readonly (readonly [string, string])[] = [
  ['jsonrpc', 'a JSON-RPC message: give its result (a tools/list result) or one Tool'],
  ['inputSchema', 'an MCP Tool without a string name: a Tool needs one'],
  ['input_schema', 'a tool as another API defines it (input_schema): give its schema, or an MCP Tool with inputSchema'],
  ['parameters', 'a function definition (parameters): give its schema, or an MCP Tool with inputSchema'],
];

/**
 * An input read as a schema that holds no JSON Schema keyword but a field that says it is
 * something else: it would be spelled as a schema that accepts any value, which is exit 0 and
 * the wrong answer. Reported at the root, so the caller hears it was not read as meant.
 */
function notASchema(input: unknown, diags: Diagnostic[]): void {
  if (!isPlainObject(input)) return;
  if (namesSchemaKeyword(input)) return;
  const found = NOT_A_SCHEMA.find(([k]) => hasOwn(input, k));
  if (found === undefined) return;
  diags.push(diagnostic('input-shape', 'error', `read as a JSON Schema, but it has "${found[0]}" and no schema keyword: it looks like ${found[1]}`, `/${found[0]}`));
}

const DEFAULT_LIMITS: WalkLimits = Object.freeze({ maxDepth: DEFAULT_MAX_DEPTH, maxNodes: DEFAULT_MAX_NODES });

function limitsFrom(options: ConvertOptions | undefined): WalkLimits {
  if (options === undefined) return DEFAULT_LIMITS;
  if (options === null || typeof options !== 'object') throw new DialectError('invalid-option', 'convert options must be an object');
  // A misspelt option would otherwise leave its default in force with no word said.
  for (const k in options) if (k !== 'maxDepth' && k !== 'maxNodes') throw new DialectError('invalid-option', `unknown convert option ${JSON.stringify(k)} (maxDepth, maxNodes)`);
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const maxNodes = options.maxNodes ?? DEFAULT_MAX_NODES;
  if (!Number.isInteger(maxDepth) || maxDepth < 1) throw new DialectError('invalid-option', 'maxDepth must be a positive integer');
  if (!Number.isInteger(maxNodes) || maxNodes < 1) throw new DialectError('invalid-option', 'maxNodes must be a positive integer');
  return { maxDepth, maxNodes };
}

/** A Dialect, not a name or anything else: refused with one error class, never a TypeError. */
export function checkDialect(dialect: Dialect, caller = 'convert'): void {
  if (dialect === null || typeof dialect !== 'object' || dialect.resolved === undefined) {
    throw new DialectError('invalid-option', `${caller} needs a Dialect from loadDialects().get(name)${typeof dialect === 'string' ? `, not the name ${JSON.stringify(dialect)}` : ''}`);
  }
}

/**
 * One kept walker per plan for conversions with the default limits: building a walk state (maps,
 * sets, counters) for every call is a real share of converting a small schema. It is taken while
 * in use (so a nested or concurrent call builds its own) and given back only after a normal
 * return; any throw discards it.
 */
const keptWalkers = new WeakMap<Plan, SchemaWalker>();

/** Converts an MCP Tool, a tools/list result or a bare JSON Schema into a dialect's spelling. */
export function convert(input: { name: string; inputSchema: unknown }, dialect: Dialect, options?: ConvertOptions): ConvertResult<ConvertedTool>;
export function convert(input: { tools: readonly unknown[] }, dialect: Dialect, options?: ConvertOptions): ConvertResult<{ tools: ConvertedTool[]; [field: string]: unknown }>;
export function convert(input: unknown, dialect: Dialect, options?: ConvertOptions): ConvertResult<SchemaObject | boolean>;
export function convert(input: unknown, dialect: Dialect, options?: ConvertOptions): ConvertResult {
  const result = convertInput(input, dialect, options);
  // A member set to undefined is absent (undefined-members.ts): asked only where the conversion failed.
  if (result.ok || !hasUndefinedMember(input)) return result;
  return convertInput(withoutUndefinedMembers(input), dialect, options);
}

function convertInput(input: unknown, dialect: Dialect, options?: ConvertOptions): ConvertResult {
  checkDialect(dialect);
  const plan = planFor(dialect);
  const diags: Diagnostic[] = [];
  const limits = limitsFrom(options);
  const kept = options === undefined ? keptWalkers.get(plan) : undefined;
  let walker: SchemaWalker;
  if (kept !== undefined && kept.take(diags)) walker = kept;
  else {
    walker = new SchemaWalker(plan, limits, diags);
    if (options === undefined && kept === undefined) {
      // The first default conversion of a plan keeps its walker: taken now, given back below.
      walker.take(diags);
      keptWalkers.set(plan, walker);
    }
  }
  try {
    const shape = inputShape(input);
    const output = plan.identity ? identity(input, shape, plan, walker, diags, limits) : convertShape(input, shape, plan, walker, diags);
    if (shape === 'schema') {
      notASchema(input, diags);
      checkInputSchema(input, '', diags);
    }
    else {
      checkInputSchemas(schemasOf(input, shape), diags);
      checkToolInputRoots(shape === 'tool' ? [[input, '']] : ((input as JsonObject).tools as unknown[]).map((t, i) => [t, `/tools/${i}`] as const), diags);
    }
    if (shape === 'tools-list') checkToolEntries((input as JsonObject).tools as unknown[], diags);
    walker.release();
    const diagnostics = finish(diags);
    return hasErrors(diagnostics) ? { output, diagnostics, ok: false } : { output, diagnostics, ok: true };
  } catch (err) {
    // A walker stopped mid-walk holds that walk's state: the next conversion makes a new one.
    if (keptWalkers.get(plan) === walker) keptWalkers.delete(plan);
    if (!(err instanceof Fatal)) throw err;
    const diagnostics = finish([...diags, err.diagnostic]);
    return { output: undefined, diagnostics, ok: false };
  }
}

/** For each keyword of the canonical schema: kept, renamed, carried in a description, or lost. */
export function explain(schema: unknown, dialect: Dialect): Explanation[] {
  checkDialect(dialect, 'explain');
  const plan = planFor(dialect);
  const diags: Diagnostic[] = [];
  const explanations: Explanation[] = [];
  const walker = new SchemaWalker(plan, limitsFrom(undefined), diags, explanations);
  try {
    convertShape(schema, inputShape(schema), plan, walker, diags);
  } catch (err) {
    if (!(err instanceof Fatal)) throw err;
    diags.push(err.diagnostic);
  }
  for (const d of diags) {
    if (d.code === 'rule-lost' || d.code === 'note-lost' || d.severity === 'error') {
      explanations.push({ path: d.path, keyword: d.path.split('/').pop() ?? '', outcome: 'lost', detail: `${d.code}: ${d.message}` });
    }
  }
  // A `$ref` walked more than once (inside a definition used in several places, or unrolled) has
  // one fate to tell: where any visit cut or dropped it, that; written out elsewhere is the lesser news.
  const refWords = new Set<string>();
  for (const e of explanations) if (e.keyword === '$ref' && (e.outcome === 'described' || e.outcome === 'lost')) refWords.add(e.path);
  const seen = new Set<string>();
  return explanations
    .filter((e) => {
      if (e.keyword === '$ref' && e.outcome === 'renamed' && refWords.has(e.path)) return false;
      const key = `${e.path}\u0000${e.keyword}\u0000${e.outcome}\u0000${e.detail}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The identity copies in one pass; the full walk runs only to report a fault or a doubtful reference. */
function identity(input: unknown, shape: InputShape, plan: Plan, walker: SchemaWalker, diags: Diagnostic[], limits: WalkLimits): unknown {
  const copied = identityCopy(input, limits.maxDepth, limits.maxNodes);
  if (!copied || copied.oddSchema) return convertShape(input, shape, plan, walker, diags);
  if (copied.sawRef) {
    for (const [schema, prefix] of schemasOf(input, shape)) {
      if (!refsResolveCleanly(schema)) walker.convertSchema(schema, prefix);
    }
  }
  return copied.output;
}

/** The schemas of an input with their pointers: itself, a Tool's two, or every tool's. */
function schemasOf(input: unknown, shape: InputShape): [unknown, string][] {
  if (shape === 'schema') return [[input, '']];
  const tools: [JsonObject, string][] = shape === 'tool' ? [[input as JsonObject, '']] : [];
  if (shape === 'tools-list') {
    ((input as JsonObject).tools as unknown[]).forEach((t, i) => {
      if (isPlainObject(t)) tools.push([t, `/tools/${i}`]);
    });
  }
  const out: [unknown, string][] = [];
  for (const [tool, prefix] of tools) {
    for (const k of ['inputSchema', 'outputSchema']) if (hasOwn(tool, k)) out.push([tool[k], `${prefix}/${k}`]);
  }
  return out;
}

function convertShape(input: unknown, shape: InputShape, plan: Plan, walker: SchemaWalker, diags: Diagnostic[]): unknown {
  if (shape === 'schema') return convertOne(input, '', plan, walker, diags);
  if (shape === 'tool') return convertTool(input as JsonObject, '', plan, walker, diags);
  const list = input as JsonObject;
  const out: JsonObject = {};
  for (const k in list) {
    if (k !== 'tools') {
      put(out, k, copyJson(list[k], `/${k}`));
      continue;
    }
    const tools = list.tools as unknown[];
    // Grown by push, so it has the shape a parsed array has (see copyJsonData in json-copy.ts).
    const converted: unknown[] = [];
    const totals = requestTotals(plan);
    for (let i = 0; i < tools.length; i++) {
      const t = tools[i];
      converted.push(isPlainObject(t) ? convertTool(t, `/tools/${i}`, plan, walker, diags, totals) : copyJson(t, `/tools/${i}`));
    }
    put(out, 'tools', converted);
    if (totals !== undefined) checkRequestTotals(plan, totals, diags);
  }
  return out;
}

function convertTool(tool: JsonObject, prefix: string, plan: Plan, walker: SchemaWalker, diags: Diagnostic[], totals?: RequestTotals): JsonObject {
  if (totals !== undefined) totals.tools++;
  const out: JsonObject = {};
  // The vendor refuses a request that carries such a tool; renaming it would change what callers
  // call, so it is reported, as a property name is.
  if (plan.toolNames !== undefined && typeof tool.name === 'string' && !plan.toolNames.test(tool.name)) {
    diags.push(diagnostic('tool-name-rejected', 'error', `the tool name ${JSON.stringify(tool.name)} does not match ${plan.toolNamesSource}; this dialect's vendor refuses it, and renaming it would change what callers call, so it is reported`, `${prefix}/name`));
  }
  for (const k in tool) {
    if (k === 'outputSchema' && plan.outputSchema === 'as-authored') put(out, k, walker.copyAsAuthored(tool[k], `${prefix}/${k}`));
    else if (k === 'inputSchema' || k === 'outputSchema') put(out, k, convertOne(tool[k], `${prefix}/${k}`, plan, walker, diags, k === 'outputSchema', k === 'inputSchema' ? totals : undefined));
    else put(out, k, copyJson(tool[k], `${prefix}/${k}`));
  }
  return out;
}

function convertOne(schema: unknown, prefix: string, plan: Plan, walker: SchemaWalker, diags: Diagnostic[], output = false, totals?: RequestTotals): unknown {
  const mark = diags.length;
  const out = walker.convertSchema(schema, prefix, output);
  // Only the limits the walk counts are checked here (largeEnum is checked where the enum stands).
  if (plan.counting) checkLimits(walker.counts, plan, prefix, diags);
  const unroll = plan.references?.unroll ?? 0;
  if (unroll === 0 || !exceedsLimit(diags, mark)) {
    addTotals(totals, walker.counts);
    return out;
  }
  // A cycle is unrolled within the dialect's limits (issue 11 part 5): where the unrolled copies
  // pass a limit the spelling would keep at fewer levels (round 26: a definition of 9 optional
  // properties unrolled to 27, past 24), it is spelled at the most levels that fit, down to none.
  for (let levels = unroll - 1; levels >= 0; levels--) {
    const lower: Plan = { ...plan, references: { ...plan.references!, unroll: levels } };
    const tried: Diagnostic[] = [];
    const w = new SchemaWalker(lower, walker.limits, tried);
    const again = w.convertSchema(schema, prefix, output);
    if (lower.counting) checkLimits(w.counts, lower, prefix, tried);
    if (levels === 0 || !exceedsLimit(tried, 0)) {
      diags.length = mark;
      for (const d of tried) diags.push(d);
      addTotals(totals, w.counts);
      return again;
    }
  }
  return out;
}

/** Tool fields other than the schemas: plain JSON copies, guarded like the schemas. */
function copyJson(value: unknown, path: string): unknown {
  try {
    return copyJsonData(value, 1, DEFAULT_MAX_DEPTH, []);
  } catch (err) {
    if (err instanceof NotJson) throw new Fatal({ code: err.code, severity: 'error', message: err.message, path });
    throw err;
  }
}

/**
 * Same fact reported once (an inlined definition is walked once per use), in a stable order.
 * Sorted first, so a repeat (same path, code and message) sits right after the one it repeats:
 * the stable sort keeps the first one reported first, as a set of seen keys would, without
 * building a key string for each of the (often a thousand) diagnostics of a strict dialect.
 */
function finish(diags: Diagnostic[]): Diagnostic[] {
  if (diags.length < 2) return diags;
  const sorted = sortDiagnosticsInPlace(diags);
  let n = 1;
  for (let i = 1; i < sorted.length; i++) {
    const d = sorted[i] as Diagnostic;
    const last = sorted[n - 1] as Diagnostic;
    if (d.path === last.path && d.code === last.code && d.message === last.message) continue;
    sorted[n++] = d;
  }
  sorted.length = n;
  return sorted;
}
