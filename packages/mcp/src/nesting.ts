import { escapeToken } from '@redouble/dialects';
import { Scan, scanValue } from './scan-value.js';

/**
 * How deep a message may nest. JSON.parse reads any depth, but JSON.stringify runs out of stack
 * between 2,000 and 5,000 levels (less when called deep in a call chain), so a message nested
 * deeper than it can be re-sent is refused where it enters, with its place, instead of failing
 * later inside a transport, where a failed send looks like a broken connection.
 */
export const MAX_NESTING = 1000;

/**
 * The JSON pointer (from `base`) of the first object or array nested deeper than `limit` levels
 * inside `value` (the value itself is level 1), or undefined. Iterative, so no depth runs it out
 * of stack, and linear in the size of the value (scan-value.ts, whose first verdict is the depth).
 * Segments past the sixth are shown as "/…": the whole pointer would be `limit` segments long.
 */
export function tooDeepAt(value: unknown, base = '', limit = MAX_NESTING): string | undefined {
  return scanValue(value, limit) === Scan.Deep ? placeOf(value, pastLevel(limit), base) : undefined;
}

/**
 * The JSON pointer (from `base`) of the first value, in document order, that `test` picks (given
 * its level, the root being 1); the same walk as the scans, keeping each node's parent and key, so
 * run only to name the place of a refusal. `descend` may keep it out of some objects. Segments
 * past the sixth are shown as "/…".
 */
export function placeOf(root: unknown, test: (value: unknown, level: number) => boolean, base = '', descend?: (value: object) => boolean): string {
  const nodes: unknown[] = [root];
  const parents: number[] = [-1];
  const keys: string[] = [''];
  const levels: number[] = [1];
  const stack: number[] = [0];
  let found = -1;
  while (stack.length > 0 && found < 0) {
    const at = stack.pop() as number;
    const v = nodes[at];
    if (test(v, levels[at] as number)) found = at;
    else if (v !== null && typeof v === 'object' && (descend === undefined || descend(v))) {
      const entries: [string, unknown][] = Array.isArray(v) ? v.map((c, i) => [String(i), c]) : Object.entries(v);
      // Pushed last to first, so the walk meets them in document order: the first place is the first written.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        nodes.push(child);
        parents.push(at);
        keys.push(key);
        levels.push((levels[at] as number) + 1);
        stack.push(nodes.length - 1);
      }
    }
  }
  const segments: string[] = [];
  for (let i = found; i > 0; i = parents[i] as number) segments.push(keys[i] as string);
  segments.reverse();
  const shown = segments.slice(0, 6).map((k) => `/${escapeToken(k)}`);
  return `${base}${shown.join('')}${segments.length > 6 ? '/…' : ''}`;
}

/** An object or array past `limit` levels. */
export const pastLevel = (limit: number) => (value: unknown, level: number): boolean => level > limit && value !== null && typeof value === 'object';
