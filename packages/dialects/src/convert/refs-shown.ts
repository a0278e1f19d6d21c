/**
 * A dropped keyword's subschema as a sentence shows it: each local `$ref` in it replaced by what
 * it points to. The sentence then says what the canonical schema says without naming a definition
 * that the output may not have (a dialect that leaves out unreferenced definitions) or has only in
 * its own, changed spelling. Used by the walk (walk-describe.ts) and by the sentence checker, which
 * writes the sentence again from the canonical schema (check/canonical-view.ts), so both show the same.
 */
import { hasOwn, isPlainObject, put, type JsonObject } from './data.js';
import { KEYWORD_KIND, Kind } from './keywords.js';
import type { RefIndex, RefTarget } from './refs.js';

/** Schema nodes one shown value may hold; past it, references are left as written. */
const MAX_SHOWN = 500;

/**
 * The value of `keyword` with its local references shown, or the value itself when it has none.
 * `index` is asked for only when there is a reference to show; `reached` hears of each target shown. A reference on a cycle, or past the size bound, or that
 * leaves the schema, stays as it is.
 */
export function showRefs(keyword: string, value: unknown, index: () => RefIndex, reached?: (target: RefTarget) => void): unknown {
  const kind = KEYWORD_KIND.get(keyword);
  if (kind === undefined || value === null || typeof value !== 'object' || !holdsRef(kind, value, 0)) return value;
  const budget = { left: MAX_SHOWN };
  return inKind(kind, value, { index: index(), reached, budget, path: [] });
}

interface Showing {
  readonly index: RefIndex;
  readonly reached: ((target: RefTarget) => void) | undefined;
  readonly budget: { left: number };
  /** The targets shown around this point: a reference back to one of them is a cycle. */
  readonly path: unknown[];
}

function inKind(kind: Kind, value: unknown, sh: Showing): unknown {
  if (kind === Kind.Sub) return shown(value, sh);
  if (kind === Kind.Arr) return Array.isArray(value) ? value.map((v) => shown(v, sh)) : value;
  if (kind === Kind.Map && isPlainObject(value)) {
    const out: JsonObject = {};
    for (const k in value) put(out, k, shown(value[k], sh));
    return out;
  }
  return value;
}

function shown(node: unknown, sh: Showing): unknown {
  if (!isPlainObject(node) || sh.budget.left-- <= 0) return node;
  const out: JsonObject = {};
  let target: RefTarget | undefined;
  for (const k in node) {
    const v = node[k];
    if (k === '$ref' && typeof v === 'string') {
      const r = sh.index.resolve(v, node);
      if (r.kind === 'local' && !sh.path.includes(r.target.node)) {
        target = r.target;
        continue;
      }
    }
    const kind = KEYWORD_KIND.get(k);
    put(out, k, kind === undefined ? v : inKind(kind, v, sh));
  }
  if (target === undefined) return out;
  sh.reached?.(target);
  sh.path.push(target.node);
  const inner = shown(target.node, sh);
  sh.path.pop();
  // Beside other keywords a reference applies as one more allOf branch (2020-12).
  if (Object.keys(out).length === 0) return inner;
  const branches = Array.isArray(out.allOf) ? [...out.allOf, inner] : [inner];
  put(out, 'allOf', branches);
  return out;
}

/** Whether a local-looking reference stands anywhere in the schema positions of `value` (bounded). */
function holdsRef(kind: Kind, value: unknown, depth: number): boolean {
  if (depth > 64) return false;
  const nodes: unknown[] = kind === Kind.Sub ? [value] : kind === Kind.Arr && Array.isArray(value) ? value : kind === Kind.Map && isPlainObject(value) ? Object.values(value) : [];
  for (const n of nodes) {
    if (!isPlainObject(n)) continue;
    if (hasOwn(n, '$ref') && typeof n.$ref === 'string') return true;
    for (const k in n) {
      const inner = KEYWORD_KIND.get(k);
      if (inner !== undefined && holdsRef(inner, n[k], depth + 1)) return true;
    }
  }
  return false;
}
