import { escapeToken } from '@redouble/dialects';

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
 * of stack, and linear in the size of the value. Segments past the sixth are shown as "/…": the
 * whole pointer would be `limit` segments long.
 */
export function tooDeepAt(value: unknown, base = '', limit = MAX_NESTING): string | undefined {
  return exceeds(value, limit) ? pointerTo(value as object, limit, base) : undefined;
}

/** Whether an object or array stands deeper than `limit` levels: values and their levels side by side, no object per node. */
function exceeds(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  const values: object[] = [value];
  const levels: number[] = [1];
  while (values.length > 0) {
    const v = values.pop() as object;
    const level = levels.pop() as number;
    if (level > limit) return true;
    const children = Array.isArray(v) ? v : Object.values(v);
    for (let i = 0; i < children.length; i++) {
      const child: unknown = children[i];
      if (child !== null && typeof child === 'object') {
        values.push(child);
        levels.push(level + 1);
      }
    }
  }
  return false;
}

/** The path to the first node past `limit`: the same walk again, keeping each node's parent and key (only for a refused message). */
function pointerTo(root: object, limit: number, base: string): string {
  const nodes: object[] = [root];
  const parents: number[] = [-1];
  const keys: string[] = [''];
  const levels: number[] = [1];
  const stack: number[] = [0];
  let found = -1;
  while (stack.length > 0 && found < 0) {
    const at = stack.pop() as number;
    if ((levels[at] as number) > limit) found = at;
    else {
      const v = nodes[at] as object;
      const entries: [string, unknown][] = Array.isArray(v) ? v.map((c, i) => [String(i), c]) : Object.entries(v);
      // Pushed last to first, so the walk meets them in document order: the first place is the first written.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        if (child === null || typeof child !== 'object') continue;
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
