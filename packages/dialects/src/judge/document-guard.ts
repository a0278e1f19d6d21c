/**
 * Whether a schema can lead the judge deeper into a document, or into more work per value, than
 * the schema's own size allows; only then must each document be walked by the depth/size guard
 * (scan.ts) before Ajv sees it.
 *
 * Without recursion, Ajv's compiled code follows a document only as deep as the schema is nested,
 * and does work linear in the values it visits; values under an open subschema (`{}`,
 * `additionalProperties: true`) are never visited at all. The decoding plan has the schema's shape
 * too. So a guard walk over every document protects something only when:
 * - the schema recurses (a `$ref` cycle, `$dynamicRef`, `$recursiveRef`): validation and decoding
 *   follow the document to any depth;
 * - it uses `uniqueItems`: Ajv compares items pairwise with a recursive deep equality, so time grows
 *   with the square of the items and stack with their depth.
 * Everywhere else the judge validates directly, and a value it reports is shortened with a bounded
 * writer (rule-words.ts), so a deep or cyclic value never overflows the stack there either.
 */
import type { ResourceIndex } from '../resource-index.js';

export function documentGuardNeeded(index: ResourceIndex): boolean {
  const refs: { pointer: string; target: string }[] = [];
  for (const loc of index.locations()) {
    const s = loc.schema;
    if (typeof s !== 'object') continue;
    if (s['uniqueItems'] === true || s['$dynamicRef'] !== undefined || s['$recursiveRef'] !== undefined) return true;
    if (typeof s['$ref'] === 'string') {
      const target = index.resolve(s['$ref'], loc);
      if (target) refs.push({ pointer: loc.pointer, target: target.pointer });
    }
  }
  return refs.length > 0 && hasRefCycle(refs);
}

/**
 * A cycle among refs: entering a ref's target leads (through the refs inside that target's
 * subtree) back to a target being entered. Refs are sorted by pointer, so the refs inside a
 * subtree are one contiguous run, found by binary search.
 */
function hasRefCycle(refs: { pointer: string; target: string }[]): boolean {
  refs.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
  const state = new Map<string, 1 | 2>(); // 1: being entered, 2: done
  const firstAtOrAfter = (p: string): number => {
    let lo = 0;
    let hi = refs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (refs[mid]!.pointer < p) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  // Iterative depth-first search: a long chain of definitions must not overflow the stack here.
  const stack: { target: string; next: number; end: string }[] = [];
  const enter = (target: string): boolean => {
    const s = state.get(target);
    if (s === 1) return true;
    if (s === 2) return false;
    state.set(target, 1);
    stack.push({ target, next: firstAtOrAfter(target), end: target });
    return false;
  };
  if (enter('')) return true;
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const ref = refs[top.next];
    const inside = ref !== undefined && (top.end === '' || ref.pointer === top.end || ref.pointer.startsWith(top.end + '/'));
    if (!inside) {
      state.set(top.target, 2);
      stack.pop();
      continue;
    }
    top.next++;
    if (enter(ref.target)) return true;
  }
  return false;
}
