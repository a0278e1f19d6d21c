/**
 * Reads lint input from text, JSON or YAML, and keeps a map from JSON pointers back to lines and
 * columns, so reports can point into the file people edit.
 */
import type { Document, Node } from 'yaml';
import { yamlLib } from '../lazy-module.js';
import { nameYamlKeys } from '../yaml-keys.js';
import { yamlValue } from '../yaml-values.js';
import { parsePointer } from '../json-pointer.js';
import type { Locate } from './format/source-location.js';
import { LINT_MAX_DEPTH } from './measure.js';

/** A reading that failed says why, and where when it can (1-based line and column). */
/** `json`: the text was JSON (else YAML read it). */
export type SourceReading = { ok: true; value: unknown; locate: Locate; json: boolean } | { ok: false; message: string; at?: { line: number; col: number } };

const keyOf = (key: unknown): unknown => (yamlLib().isScalar(key) ? (key as { value: unknown }).value : key);

/**
 * Above this size, JSON input gets no line numbers: the YAML document that maps pointers to lines
 * costs some 50 times the text in memory and time. YAML input above it is not read at all.
 */
export const LOCATED_SOURCE_MAX_BYTES = 4 * 1024 * 1024;

function tooDeep(at: { line: number; col: number } | undefined): string {
  return `Nesting too deep to read (the YAML parser ran out of stack${at ? ` near line ${at.line}, column ${at.col}` : ''}); flatten the input.`;
}

export function readLintSource(text: string): SourceReading {
  let value: unknown;
  let fromJson = false;
  try {
    value = JSON.parse(text);
    fromJson = true;
  } catch {
    // Not JSON: YAML decides.
  }
  if (!fromJson && text.length > LOCATED_SOURCE_MAX_BYTES) {
    return { ok: false, message: `YAML input is read up to ${LOCATED_SOURCE_MAX_BYTES} characters, and this is ${text.length}; give it as JSON.` };
  }
  if (fromJson && text.length > LOCATED_SOURCE_MAX_BYTES) return { ok: true, value, locate: () => undefined, json: true };
  const yaml = yamlLib();
  const lineCounter = new yaml.LineCounter();
  // uniqueKeys off: JSON allows a repeated key (the last wins) and the value comes from JSON.parse.
  const parse = () => yaml.parseDocument(text, { lineCounter, uniqueKeys: false, merge: true });
  // For JSON the document only serves line numbers: built on the first lookup, and never for text
  // nested past the linter's depth bound (the YAML parser takes seconds on 100 000 levels).
  let doc: Document | null | undefined;
  if (!fromJson) {
    doc = parse();
    const first = doc.errors[0];
    if (first !== undefined) {
      // The parser catches a stack overflow while it builds a collection and reports it under this
      // code; deep nesting is no syntax error, so the message says what stopped the reading.
      if (first.code === 'RESOURCE_EXHAUSTION') return { ok: false, message: tooDeep(first.linePos?.[0]) };
      const at = first.linePos?.[0];
      // The place goes in front, as FILE:LINE:COL; the parser's own "at line L, column C:" would say it twice.
      const message = (first.message.split('\n')[0] ?? first.message).replace(/ at line \d+, column \d+:?$/, '');
      return { ok: false, message, ...(at ? { at: { line: at.line, col: at.col } } : {}) };
    }
    // Keys as JSON names, as the CLI's other commands read them (yaml-keys.ts).
    const place = (offset: number) => {
      const p = lineCounter.linePos(offset);
      return { line: p.line, column: p.col };
    };
    const odd = nameYamlKeys(yaml, doc, place);
    if (odd) return { ok: false, message: odd.message, at: { line: odd.line, col: odd.column } };
    try {
      const read = yamlValue(yaml, doc, place);
      if ('problem' in read) return { ok: false, message: read.problem.message, at: { line: read.problem.line, col: read.problem.column } };
      value = read.value;
    } catch (e) {
      // An overflow outside that guard (turning the document into values) arrives as it is.
      if (e instanceof RangeError && e.message.includes('call stack')) return { ok: false, message: tooDeep(undefined) };
      return { ok: false, message: (e as Error).message };
    }
    if (value === undefined || value === null) return { ok: false, message: 'The input is empty.' };
  }
  const located = (): Document | null => {
    if (doc === undefined) {
      const parsed = jsonNesting(text) > LINT_MAX_DEPTH ? null : parse();
      doc = parsed && parsed.errors.length === 0 ? parsed : null;
    }
    return doc;
  };
  const locate: Locate = (pointer) => {
    const document = located();
    if (!document) return undefined;
    const tokens = parsePointer(pointer);
    if (!tokens) return undefined;
    let node = document.contents as Node | null;
    let best = node;
    for (const token of tokens) {
      let next: unknown;
      if (yamlLib().isMap(node)) next = node.items.find((pair) => String(keyOf(pair.key)) === token)?.value;
      else if (yamlLib().isSeq(node)) next = /^(0|[1-9]\d*)$/.test(token) ? node.items[Number(token)] : undefined;
      if (!next || typeof next !== 'object') break;
      node = next as Node;
      best = node;
    }
    const offset = best?.range?.[0];
    if (offset === undefined) return undefined;
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  return { ok: true, value, locate, json: fromJson };
}

/** The deepest bracket nesting of JSON text, strings skipped: one linear scan. */
function jsonNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) deepest = Math.max(deepest, ++depth);
    else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}
