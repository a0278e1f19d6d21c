/**
 * The size and depth guard of the linter: a schema past either bound is not analysed at all, so
 * hostile input costs one bounded scan, never the meta-schema check, the reference walk or the
 * example validators (a 50 MB schema took 27 s and 2 GB; a 100 000-deep one, 5 s).
 * The bounds are convert's: 100 000 JSON values (objects, arrays and scalars) and 256 levels.
 */
import { join } from '../json-pointer.js';

export const LINT_MAX_NODES = 100_000;
export const LINT_MAX_DEPTH = 256;

/**
 * The judge's bound: most JSON values in one schema it compiles. Ajv compiles a validator in one
 * synchronous step on the server's event loop, about 50 µs per value here (10 000 integer
 * properties: 1.5 s), so past this every other request waits; the largest of the 881 corpus tools
 * has 634. A server refuses such a tool at registration (lint's json-schema.tool-schema.judge-size).
 */
export const JUDGE_MAX_VALUES = 10_000;

export interface SizeProblem {
  path: string;
  message: string;
}

/** Iterative (no recursion on hostile depth); counts children before pushing them, so a huge array costs nothing. */
/** What a bound stops, for its message: the linter's check by default; the judge's compilation. */
export interface BoundWords {
  /** "it was not checked" */
  outcome: string;
  /** "the linter's" */
  owner: string;
}

const LINT_WORDS: BoundWords = { outcome: 'it was not checked', owner: "the linter's" };
export const JUDGE_WORDS: BoundWords = {
  outcome: 'the judge does not compile it, since compiling blocks the server for about 50 µs per value and every other request would wait',
  owner: "the judge's",
};

export function checkSize(value: unknown, path: string, maxNodes = LINT_MAX_NODES, maxDepth = LINT_MAX_DEPTH, words: BoundWords = LINT_WORDS): SizeProblem | undefined {
  // A pointer is written only for the value a bound stops at: each item knows its parent and key,
  // where writing one string per value was most of the scan's cost (three scans per tool schema).
  type Visit = { value: unknown; depth: number; parent: Visit | undefined; key: string | number };
  type Item = Visit | { leave: object };
  const pointer = (item: Visit): string => {
    const keys: (string | number)[] = [];
    for (let at: Visit | undefined = item; at?.parent !== undefined; at = at.parent) keys.push(at.key);
    let out = path;
    for (let i = keys.length - 1; i >= 0; i--) out = join(out, keys[i]!);
    return out;
  };
  const stack: Item[] = [{ value, depth: 1, parent: undefined, key: '' }];
  // A JavaScript object handed in may contain itself: that is said as such, not as "too deep".
  const ancestors = new Set<object>();
  let nodes = 1;
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('leave' in item) {
      ancestors.delete(item.leave);
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (ancestors.has(item.value)) return { path: pointer(item), message: 'The schema is not JSON data: this object contains itself.' };
    if (item.depth > maxDepth) {
      return { path: pointer(item), message: `The schema nests deeper than ${maxDepth} levels here; ${words.outcome} (${words.owner} depth bound).` };
    }
    const record = item.value as Record<string, unknown>;
    const keys = Array.isArray(record) ? null : Object.keys(record);
    const count = keys ? keys.length : (record as unknown as unknown[]).length;
    nodes += count;
    if (nodes > maxNodes) {
      return { path, message: `The schema has more than ${maxNodes} JSON values; ${words.outcome} (${words.owner} size bound).` };
    }
    ancestors.add(record);
    stack.push({ leave: record });
    for (let i = count - 1; i >= 0; i--) {
      const key = keys ? keys[i]! : i;
      const child = record[key as string];
      // A scalar holds nothing to count or bound: not pushed (most values are scalars).
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: item.depth + 1, parent: item, key });
    }
  }
  return undefined;
}
