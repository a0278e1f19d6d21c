/**
 * Whether a schema applies itself again to the very value it judges: through `$ref` and allOf
 * branches, each of which applies to the same value, a path from `from` back to `start`. A
 * validator then recurses without end on every value (Ajv runs out of stack), so the schema
 * describes nothing: lint and convert refuse it as a cycle with no way out. (A chain of bare
 * references is the simplest such path.) Bounded: past `limit` schemas, no.
 */
export function appliesItself(start: object, from: unknown, resolve: (ref: string, holder: Record<string, unknown>) => unknown, limit = 10_000): boolean {
  // Asked at every reference the walk meets: a target with neither (nearly all) answers at once.
  if (from === null || typeof from !== 'object' || (typeof (from as Record<string, unknown>).$ref !== 'string' && !Array.isArray((from as Record<string, unknown>).allOf))) return from === start;
  const stack: unknown[] = [from];
  const seen = new Set<unknown>();
  while (stack.length > 0 && seen.size < limit) {
    const n = stack.pop();
    if (n === start) return true;
    if (n === null || typeof n !== 'object' || Array.isArray(n) || seen.has(n)) continue;
    seen.add(n);
    const o = n as Record<string, unknown>;
    if (typeof o.$ref === 'string') {
      const t = resolve(o.$ref, o);
      if (t !== undefined) stack.push(t);
    }
    if (Array.isArray(o.allOf)) for (const b of o.allOf) stack.push(b);
  }
  return false;
}
