/**
 * What the first bytes of a JSON-RPC line say about it, read without parsing the rest: the
 * top-level keys seen and the top-level `id` (a string or an integer), if it is among them. Used
 * for a line too long to read (stdio-lines.ts), so that its sender can still be answered. A key
 * or value cut off by the end of the head is not read; nested objects (params) are skipped, so an
 * `id` inside them is never taken for the message's.
 */
export interface LineHead {
  keys: Set<string>;
  id: string | number | undefined;
}

export function readLineHead(head: string): LineHead {
  const keys = new Set<string>();
  let id: string | number | undefined;
  let depth = 0;
  let i = 0;
  let expectKey = false;
  let key: string | undefined;
  while (i < head.length) {
    const c = head[i]!;
    if (c === '"') {
      const end = stringEnd(head, i);
      if (end < 0) break;
      const text = head.slice(i, end + 1);
      if (depth === 1 && expectKey) {
        key = JSON.parse(text) as string;
        keys.add(key);
        expectKey = false;
      } else if (depth === 1 && key === 'id') {
        id = JSON.parse(text) as string;
      }
      i = end + 1;
      continue;
    }
    if (c === '{' || c === '[') {
      depth++;
      if (depth === 1) expectKey = true;
    } else if (c === '}' || c === ']') depth--;
    else if (c === ',' && depth === 1) {
      expectKey = true;
      key = undefined;
    } else if (depth === 1 && key === 'id' && (c === '-' || (c >= '0' && c <= '9'))) {
      const m = /^-?\d+(?=[\s,}])/.exec(head.slice(i));
      if (m) id = Number(m[0]);
      i += m ? m[0].length : 1;
      continue;
    }
    i++;
  }
  return { keys, id: typeof id === 'number' && !Number.isSafeInteger(id) ? undefined : id };
}

/** The index of the quote that closes the string opening at `start`, or -1 when the head ends first. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}
