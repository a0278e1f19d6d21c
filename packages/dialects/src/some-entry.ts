/**
 * Whether any object in a JSON value holds an entry that passes `test`: a cheap, bounded search
 * for a keyword before the work that needs it (a `$dynamicRef` to rewrite, a nested `$id`). Depth
 * counts from the value (0), objects and arrays alike; past `maxDepth` nothing is looked at.
 */
export function someEntry(value: unknown, test: (key: string, value: unknown, depth: number) => boolean, maxDepth = 256): boolean {
  return visit(value, test, maxDepth, 0);
}

function visit(value: unknown, test: (key: string, value: unknown, depth: number) => boolean, maxDepth: number, depth: number): boolean {
  if (value === null || typeof value !== 'object' || depth > maxDepth) return false;
  if (Array.isArray(value)) return value.some((v) => visit(v, test, maxDepth, depth + 1));
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (test(key, v, depth) || visit(v, test, maxDepth, depth + 1)) return true;
  }
  return false;
}
