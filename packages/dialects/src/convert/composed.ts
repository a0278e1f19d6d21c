/**
 * Objects composed of parts: a `$ref` beside keywords of its own, or `allOf` members. What closes
 * such an object is `unevaluatedProperties: false` on the composing node: `additionalProperties:
 * false` on a part sees only that part's properties, so it refuses what the other parts declare.
 * The walk writes a composed object out as one node (ref-siblings.ts, walk-merge.ts); where a
 * dialect closes it, the narrowing is reported where the author composed it, and the advice names
 * the closure that keeps the composition (walk-objects.ts).
 */
import { isPlainObject, own } from './data.js';
import { ANNOTATION_KEYWORDS, eachSubschema, SILENT_KEYWORDS } from './keywords.js';
import { refIndex } from './walk-refs.js';
import type { WalkState } from './walk-state.js';

/** A reference written out with its siblings merged in: the merged node -> the pointer of the node that holds the reference. */
export function recordMergeSite(s: WalkState, merged: unknown, site: string): void {
  if (isPlainObject(merged)) (s.mergeSites ??= new WeakMap()).set(merged, site);
}

/** Where the author composed this node (a reference merged with its siblings), if the walk merged it. */
export function mergeSite(s: WalkState, node: object | undefined): string | undefined {
  return node === undefined ? undefined : s.mergeSites?.get(node);
}

/** Whether the canonical node composes its object from parts: allOf members, or a reference beside rules of its own. */
export function composesParts(node: Record<string, unknown>): boolean {
  if (Array.isArray(own(node, 'allOf'))) return true;
  return typeof own(node, '$ref') === 'string' && hasRules(node, '$ref');
}

/**
 * Whether a definition is a part of some composed object in this schema: referenced beside other
 * rules, or from an allOf member. Advising `additionalProperties: false` on it would make every
 * such composition refuse the other parts' properties. The schema is scanned once, at the first ask.
 */
export function composedElsewhere(s: WalkState, node: unknown): boolean {
  // A part is reached through a reference, which builds the schema's reference index first: a
  // schema whose walk resolved none (most) has no part to look for, and no scan is paid.
  if (s.refs === undefined) return false;
  s.composedParts ??= scanParts(s);
  return s.composedParts.has(node);
}

function hasRules(node: Record<string, unknown>, besides: string): boolean {
  for (const k in node) if (k !== besides && !ANNOTATION_KEYWORDS.has(k) && !SILENT_KEYWORDS.has(k)) return true;
  return false;
}

function scanParts(s: WalkState): Set<unknown> {
  const parts = new Set<unknown>();
  const seen = new Set<unknown>();
  const target = (holder: Record<string, unknown>): void => {
    const ref = own(holder, '$ref');
    if (typeof ref !== 'string') return;
    const r = refIndex(s).resolve(ref, holder);
    if (r.kind === 'local') parts.add(r.target.node);
  };
  const stack: unknown[] = [s.root];
  const push = (child: unknown): void => {
    stack.push(child);
  };
  // Bounded like the walk's own output: a scan never outgrows what the walk could write.
  while (stack.length > 0 && seen.size < s.limits.maxNodes) {
    const n = stack.pop();
    if (!isPlainObject(n) || seen.has(n)) continue;
    seen.add(n);
    if (hasRules(n, '$ref')) target(n);
    const allOf = own(n, 'allOf');
    if (Array.isArray(allOf)) for (const m of allOf) if (isPlainObject(m)) target(m);
    eachSubschema(n, push);
  }
  return parts;
}
