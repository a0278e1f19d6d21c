/**
 * A rule's `given`: a JSONPath (jsonpath-plus syntax, scripts run by its safe evaluator, never
 * `eval`) over the canonical schema. Selection is by node identity, so a rule applies to every
 * inlined copy of a node it selected.
 */
import { JSONPath } from 'jsonpath-plus';

/** A small schema with every kind of node, to try an expression on when the rule file loads. */
const SAMPLE = {
  type: 'object',
  title: 'T',
  properties: { a: { type: 'integer', minimum: 0 }, b: { type: 'array', items: { type: 'string', enum: ['x'] } }, c: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/D' }] } },
  required: ['a'],
  $defs: { D: { type: 'object', additionalProperties: false } },
};

/** Returns undefined when the expression is usable, else what is wrong. */
export function checkJsonPath(expr: string): string | undefined {
  if (!expr.startsWith('$')) return 'a JSONPath starts with $';
  try {
    JSONPath({ path: expr, json: SAMPLE, resultType: 'value', wrap: true, eval: 'safe' });
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

/**
 * The objects and arrays the expression selects in `document`. A document the walk will refuse
 * (a cycle, nesting past every guard) selects nothing here: the walk reports it.
 */
export function selectNodes(document: unknown, expr: string): Set<object> {
  const out = new Set<object>();
  if (document === null || typeof document !== 'object') return out;
  let found: unknown;
  try {
    found = JSONPath({ path: expr, json: document, resultType: 'value', wrap: true, eval: 'safe' });
  } catch {
    return out;
  }
  if (Array.isArray(found)) for (const n of found) if (n !== null && typeof n === 'object') out.add(n);
  return out;
}
