/**
 * Visits every subschema of a JSON Schema (2020-12 or draft-07 keywords), with its pointer.
 * Only schema positions are visited: values of `enum`, `const`, `default`, `examples` and unknown
 * keywords are data, and property names are names, not keywords.
 */
import { join } from '../json-pointer.js';
import { isRecord } from './is-record.js';

const SINGLE = new Set([
  'additionalProperties', 'propertyNames', 'additionalItems', 'contains', 'not', 'if', 'then', 'else',
  'unevaluatedItems', 'unevaluatedProperties', 'contentSchema',
]);
const LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const MAP = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies']);

/** Nesting beyond this is not walked: hostile input must not exhaust the stack of later passes. */
export const MAX_DEPTH = 200;

export interface WalkProblem {
  /** `too-big`: past the linter's size or depth bound (measure.ts), so not walked at all. */
  kind: 'too-deep' | 'cycle' | 'too-big';
  path: string;
  message?: string;
}

/** Every object subschema in visiting order with its pointer, and what stopped the walk, if anything. */
interface WalkedNodes {
  nodes: Record<string, unknown>[];
  paths: string[];
  problem: WalkProblem | undefined;
}

/**
 * During one lint run, the flattened walk of each schema, by schema object and pointer: the rules
 * walk the same schemas one after another (about ten walks of each tool schema), and building each
 * pointer string again was most of what a cold registration of the corpus cost. Only within a run
 * (withWalkCache), so nothing is kept alive after it.
 */
let runCache: Map<unknown, Map<string, WalkedNodes>> | undefined;

/** Runs `fn` with every walkSchema inside it sharing one flattened walk per schema and pointer. */
export function withWalkCache<T>(fn: () => T): T {
  if (runCache !== undefined) return fn();
  runCache = new Map();
  try {
    return fn();
  } finally {
    runCache = undefined;
  }
}

/**
 * Calls `visit` for every object subschema, parents before children, in key order; returns what
 * stopped the walk (a cycle, nesting past MAX_DEPTH), after visiting every node before it.
 * Visitors only read: within a lint run the walk is shared (withWalkCache).
 */
export function walkSchema(schema: unknown, path: string, visit: (node: Record<string, unknown>, path: string) => void): WalkProblem | undefined {
  let walked: WalkedNodes | undefined;
  if (runCache !== undefined) {
    let byPath = runCache.get(schema);
    if (byPath === undefined) runCache.set(schema, (byPath = new Map()));
    walked = byPath.get(path);
    if (walked === undefined) byPath.set(path, (walked = flatten(schema, path)));
  } else {
    walked = flatten(schema, path);
  }
  const { nodes, paths } = walked;
  for (let i = 0; i < nodes.length; i++) visit(nodes[i]!, paths[i]!);
  return walked.problem;
}

function flatten(schema: unknown, path: string): WalkedNodes {
  const ancestors = new Set<object>();
  const walked: WalkedNodes = { nodes: [], paths: [], problem: undefined };

  const walk = (node: unknown, at: string, depth: number): void => {
    if (walked.problem || !isRecord(node)) return;
    if (depth > MAX_DEPTH) {
      walked.problem = { kind: 'too-deep', path: at };
      return;
    }
    if (ancestors.has(node)) {
      walked.problem = { kind: 'cycle', path: at };
      return;
    }
    ancestors.add(node);
    walked.nodes.push(node);
    walked.paths.push(at);
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (key === 'items') {
        if (Array.isArray(value)) value.forEach((v, i) => walk(v, join(join(at, key), i), depth + 1));
        else walk(value, join(at, key), depth + 1);
      } else if (SINGLE.has(key)) {
        walk(value, join(at, key), depth + 1);
      } else if (LIST.has(key)) {
        if (Array.isArray(value)) value.forEach((v, i) => walk(v, join(join(at, key), i), depth + 1));
      } else if (MAP.has(key) && isRecord(value)) {
        for (const name of Object.keys(value)) walk(value[name], join(join(at, key), name), depth + 1);
      }
    }
    ancestors.delete(node);
  };

  walk(schema, path, 0);
  return walked;
}
