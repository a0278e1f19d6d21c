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
  type Item = { value: unknown; path: string; depth: number } | { leave: object };
  const stack: Item[] = [{ value, path, depth: 1 }];
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
    if (ancestors.has(item.value)) return { path: item.path, message: 'The schema is not JSON data: this object contains itself.' };
    if (item.depth > maxDepth) {
      return { path: item.path, message: `The schema nests deeper than ${maxDepth} levels here; ${words.outcome} (${words.owner} depth bound).` };
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
      stack.push({ value: record[key as string], path: join(item.path, key), depth: item.depth + 1 });
    }
  }
  return undefined;
}
