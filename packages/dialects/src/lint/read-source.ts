/**
 * Reads lint input from text, JSON or YAML, and keeps a map from JSON pointers back to lines and
 * columns, so reports can point into the file people edit.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { parsePointer } from '../json-pointer.js';
import type { Locate } from './format/source-location.js';

export type SourceReading = { ok: true; value: unknown; locate: Locate } | { ok: false; message: string };

const keyOf = (key: unknown): unknown => (isScalar(key) ? key.value : key);

export function readLintSource(text: string): SourceReading {
  const lineCounter = new LineCounter();
  // uniqueKeys off: JSON allows a repeated key (the last wins) and the value comes from JSON.parse.
  const doc = parseDocument(text, { lineCounter, uniqueKeys: false });
  let value: unknown;
  let fromJson = false;
  try {
    value = JSON.parse(text);
    fromJson = true;
  } catch {
    // Not JSON: YAML decides.
  }
  if (!fromJson) {
    if (doc.errors.length > 0) return { ok: false, message: doc.errors[0]!.message };
    try {
      value = doc.toJS({ maxAliasCount: 100 });
    } catch (e) {
      return { ok: false, message: (e as Error).message };
    }
    if (value === undefined || value === null) return { ok: false, message: 'The input is empty.' };
  }
  const located = doc.errors.length === 0;
  const locate: Locate = (pointer) => {
    if (!located) return undefined;
    const tokens = parsePointer(pointer);
    if (!tokens) return undefined;
    let node = doc.contents as Node | null;
    let best = node;
    for (const token of tokens) {
      let next: unknown;
      if (isMap(node)) next = node.items.find((pair) => String(keyOf(pair.key)) === token)?.value;
      else if (isSeq(node)) next = /^(0|[1-9]\d*)$/.test(token) ? node.items[Number(token)] : undefined;
      if (!next || typeof next !== 'object') break;
      node = next as Node;
      best = node;
    }
    const offset = best?.range?.[0];
    if (offset === undefined) return undefined;
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  return { ok: true, value, locate };
}
