/**
 * The offset of the first character where `text` stops being JSON, for the parse failures whose
 * message names no position (V8 says "Unexpected token '}', "...tru}..." is not valid JSON" for a
 * misspelt literal): a plain scan of the grammar, run only after JSON.parse has refused the text.
 * Iterative, so no nesting runs it out of stack. Undefined when it finds no fault (it then agrees
 * with nothing JSON.parse said, and the message is given without a place).
 */
/** A JSON number where the scan stands (sticky: read in place, however long). */
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export function jsonErrorOffset(text: string): number | undefined {
  let i = 0;
  const n = text.length;
  const ws = (): void => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  // What each open container expects next: 'v' a value (array), 'k' a key (object), ',' a comma or close.
  const stack: ('[' | '{')[] = [];
  let expect: 'value' | 'key' | 'after' = 'value';
  ws();
  if (i === n) return 0;
  for (;;) {
    ws();
    if (i >= n) return stack.length > 0 || expect === 'value' ? n : undefined;
    const c = text[i] as string;
    const top = stack[stack.length - 1];
    if (expect === 'after') {
      if (top === undefined) return i;
      if (c === ',') {
        i++;
        expect = top === '{' ? 'key' : 'value';
        continue;
      }
      if ((c === ']' && top === '[') || (c === '}' && top === '{')) {
        i++;
        stack.pop();
        expect = 'after';
        continue;
      }
      return i;
    }
    if (expect === 'key') {
      if (c !== '"') return i;
      const end = stringEnd(text, i);
      if (end < 0) return -end;
      i = end;
      ws();
      if (text[i] !== ':') return i;
      i++;
      expect = 'value';
      continue;
    }
    // A value.
    if (c === '{' || c === '[') {
      stack.push(c);
      i++;
      ws();
      const close = c === '{' ? '}' : ']';
      if (text[i] === close) {
        i++;
        stack.pop();
        expect = 'after';
      } else expect = c === '{' ? 'key' : 'value';
      continue;
    }
    if (c === '"') {
      const end = stringEnd(text, i);
      if (end < 0) return -end;
      i = end;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (!m) return i;
      i += m[0].length;
    } else {
      const word = ['true', 'false', 'null'].find((w) => text.startsWith(w, i));
      if (word === undefined) return i;
      i += word.length;
      // A literal runs into a letter ("nulls", "truex"): the fault is where the word stops.
      if (i < n && /[A-Za-z0-9_]/.test(text[i] as string)) return i;
    }
    expect = 'after';
    if (stack.length === 0) {
      ws();
      return i < n ? i : undefined;
    }
  }
}

/** The offset just past the string that opens at `start`, or minus the offset of its fault. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c === 0x5c) {
      const e = text[i + 1];
      if (e === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return -i;
        i += 5;
      } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
      else return -i;
    } else if (c < 0x20) return -i;
  }
  return -text.length;
}
