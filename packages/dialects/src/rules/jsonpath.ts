/**
 * A rule's `given`: a JSONPath (jsonpath-plus syntax) whose filter scripts run in jsonpath-plus's
 * safe evaluator (a jsep interpreter, never `eval`). Selection is by node identity, so a rule
 * applies to every inlined copy of a node it selected.
 *
 * Two things make it safe and cheap (docs/rule-format.md, "given"):
 * - a script that throws on one node (`@.type` where the value is null) is a non-match for that
 *   node, never the end of the whole query; a script that throws on every node it is tried on is
 *   counted, so the walk can report it;
 * - the common form `$..[?(F)]` (every node anywhere that F accepts) is compiled once and run for
 *   all such rules in one pass over the schema; other forms go through jsonpath-plus itself.
 */
import type { JSONPath as JSONPathFn } from 'jsonpath-plus';
import { lazyModule } from '../lazy-module.js';
import { compileFilter, FALLBACK, type Compiled } from './filter-compile.js';

interface Script {
  runInNewContext(context: Record<string, unknown>): unknown;
  /** jsep's tree of the script (set by jsonpath-plus's SafeScript). */
  readonly ast?: unknown;
  /** Closures for the tree, when it is in the compiled subset (filter-compile.ts). */
  fast?: Compiled | null;
}

// jsonpath-plus's own safe evaluator, the class its `eval: 'safe'` uses, so a filter means here
// exactly what it means to jsonpath-plus.
// Loaded on first use (lazy-module.ts): most processes evaluate no JSONPath at all.
const jsonPathLib = lazyModule<{ JSONPath: typeof JSONPathFn }>('jsonpath-plus');
const safeScript = (): new (code: string) => Script =>
  (jsonPathLib().JSONPath as unknown as { prototype: { safeVm: { Script: new (code: string) => Script } } }).prototype.safeVm.Script;

/** Script text (as jsonpath-plus rewrote it) -> the parsed script, or why it does not parse. */
const scripts = new Map<string, Script | Error>();

function scriptFor(code: string): Script {
  let s = scripts.get(code);
  if (s === undefined) {
    try {
      s = new (safeScript())(code);
      s.fast = compileFilter(s.ast) ?? null;
    } catch (err) {
      s = err instanceof Error ? err : new Error(String(err));
    }
    scripts.set(code, s);
  }
  if (s instanceof Error) throw s;
  return s;
}

/** Evaluations and throws of one expression over one schema. */
export interface GivenCount {
  tried: number;
  threw: number;
  /** The first error message, to say why. */
  error?: string;
  /** Some throw named something the evaluator does not have (`Array`, `Object`, `new`): no node can fix that. */
  unknownName?: boolean;
}

export interface CompiledGiven {
  readonly expr: string;
  /** For `$..[?(F)]`: F, rewritten by jsonpath-plus and parsed once. */
  readonly filter?: Script;
}

/** A filter run: throws count and become a non-match; a script that does not parse still throws. */
function runFilter(script: Script, context: Record<string, unknown>, count: GivenCount): boolean {
  count.tried++;
  try {
    const fast = script.fast;
    if (fast) {
      try {
        return Boolean(fast(context));
      } catch (err) {
        if (err !== FALLBACK) throw err;
      }
    }
    return Boolean(script.runInNewContext(context));
  } catch (err) {
    count.threw++;
    count.error ??= err instanceof Error ? err.message : String(err);
    if (err instanceof ReferenceError) count.unknownName = true;
    return false;
  }
}

// The `eval` callback handed to jsonpath-plus. It must be one function for the life of the process:
// jsonpath-plus caches a callback's scripts under the callback's source text, so a fresh closure
// per call would be served the first closure's cached script. What changes per call lives in
// these two variables (every call is synchronous).
let counting: GivenCount | undefined;
let lastCode: string | undefined;
// jsonpath-plus types the context as a plain object; it is the record of the filter's variables.
const EVAL = (code: string, context: object): boolean => {
  lastCode = code;
  return counting === undefined ? false : runFilter(scriptFor(code), context as Record<string, unknown>, counting);
};

/** Runs jsonpath-plus with the safe evaluator, counting into `count`. */
function query(expr: string, json: unknown, count: GivenCount | undefined): unknown {
  counting = count;
  try {
    return jsonPathLib().JSONPath({ path: expr, json: json as object, resultType: 'value', wrap: true, eval: EVAL });
  } finally {
    counting = undefined;
  }
}

export function compileGiven(expr: string): CompiledGiven {
  let parts: string[];
  try {
    parts = jsonPathLib().JSONPath.toPathArray(expr) as string[];
  } catch {
    return { expr };
  }
  const f = parts.length === 3 && parts[0] === '$' && parts[1] === '..' ? /^\?\((.*)\)$/s.exec(parts[2] as string)?.[1] : undefined;
  if (f === undefined || f.includes('?(')) return { expr };
  // Let jsonpath-plus rewrite `@`, `@property`, ... into its sandbox names, on a one-node document.
  lastCode = undefined;
  try {
    query(expr, { a: {} }, undefined);
  } catch {
    return { expr };
  }
  const code = lastCode as string | undefined;
  if (code === undefined || code.includes('_$_path')) return { expr };
  try {
    return { expr, filter: scriptFor(code) };
  } catch {
    return { expr };
  }
}

/** A small schema with every kind of node, to try an expression on when the rule file loads. */
const SAMPLE = {
  type: 'object',
  title: 'T',
  properties: { a: { type: 'integer', minimum: 0 }, b: { type: 'array', items: { type: 'string', enum: ['x'] } }, c: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/D' }] } },
  required: ['a'],
  $defs: { D: { type: 'object', additionalProperties: false } },
};

/**
 * Returns undefined when the expression is usable, else what is wrong: it does not parse, or it
 * names what the evaluator does not have (`Array.isArray(@)`) and so throws on every node of a
 * sample schema. An expression that throws only for want of a keyword (`@.items.type`) is
 * accepted: on a schema where it throws on every node, the walk reports it.
 */
export function checkJsonPath(expr: string): string | undefined {
  if (!expr.startsWith('$')) return 'a JSONPath starts with $';
  const count: GivenCount = { tried: 0, threw: 0 };
  try {
    query(expr, SAMPLE, count);
  } catch (err) {
    return (err as Error).message;
  }
  if (count.tried > 0 && count.threw === count.tried && count.unknownName) return `it throws on every node of a sample schema: ${count.error ?? 'no message'} (the safe evaluator's subset: docs/rule-format.md)`;
  return undefined;
}

/** For `given` on the spelled node: is the expression of the form `$..[?(F)]`? */
export function isNodeFilter(expr: string): boolean {
  return compileGiven(expr).filter !== undefined;
}

/**
 * The nodes each expression selects in `document`, with how often its script threw. All filter
 * forms share one pass over the document; the others each run through jsonpath-plus. A document
 * the walk will refuse (a cycle, nesting past every guard) selects nothing: the walk reports it.
 * An undefined entry selects nothing.
 */
export function selectAll(document: unknown, givens: readonly (CompiledGiven | undefined)[], maxDepth: number): { sets: Set<object>[]; counts: GivenCount[] } {
  const sets = givens.map(() => new Set<object>());
  const counts: GivenCount[] = givens.map(() => ({ tried: 0, threw: 0 }));
  if (document === null || typeof document !== 'object') return { sets, counts };
  const filters: number[] = [];
  givens.forEach((g, i) => {
    if (g === undefined) return;
    if (g.filter) filters.push(i);
    else selectWithJsonPath(document, g.expr, sets[i] as Set<object>, counts[i] as GivenCount);
  });
  if (filters.length > 0) filterPass(document, givens, filters, sets, counts, maxDepth);
  return { sets, counts };
}

function selectWithJsonPath(document: object, expr: string, into: Set<object>, count: GivenCount): void {
  let found: unknown;
  try {
    found = query(expr, document, count);
  } catch {
    return;
  }
  if (Array.isArray(found)) for (const n of found) if (n !== null && typeof n === 'object') into.add(n);
}

/**
 * `$..[?(F)]` tries F on every child of every object and array below the root (the root itself is
 * nobody's child). Only objects and arrays can be selected, so only they are tried. Iterative; an
 * object met twice (a JavaScript object cycle) is entered once, and nothing past the depth guard is
 * entered (the walk reports both).
 */
function filterPass(root: object, givens: readonly (CompiledGiven | undefined)[], filters: readonly number[], sets: Set<object>[], counts: GivenCount[], maxDepth: number): void {
  const context: Record<string, unknown> = { _$_root: root };
  // [node whose children are tried, its key, the object holding it, depth]. jsonpath-plus gives a
  // `$..` filter `@parent` = the object holding @'s container and `@parentProperty` = the
  // container's key in it (null at the root's children); the same here.
  const stack: [object, string | number | null, unknown, number][] = [[root, null, null, 0]];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [parent, parentProperty, holder, depth] = stack.pop() as [object, string | number | null, unknown, number];
    if (depth > maxDepth || seen.has(parent)) continue;
    seen.add(parent);
    const visit = (key: string | number, v: unknown): void => {
      if (v === null || typeof v !== 'object') return;
      context._$_v = v;
      context._$_property = key;
      context._$_parent = holder;
      context._$_parentProperty = parentProperty;
      for (const i of filters) {
        if (runFilter((givens[i] as CompiledGiven).filter as Script, context, counts[i] as GivenCount)) (sets[i] as Set<object>).add(v);
      }
      stack.push([v, key, parent, depth + 1]);
    };
    if (Array.isArray(parent)) for (let i = 0; i < parent.length; i++) visit(i, parent[i]);
    else for (const k of Object.keys(parent)) visit(k, (parent as Record<string, unknown>)[k]);
  }
}

/** `$..[?(F)]` tried on one node as the walk spells it: `@` is the node, `@property` its key. */
export function matchesSpelled(given: CompiledGiven, node: object, property: string | undefined, root: unknown, count: GivenCount): boolean {
  return runFilter(given.filter as Script, { _$_v: node, _$_property: property, _$_parent: undefined, _$_parentProperty: undefined, _$_root: root }, count);
}
