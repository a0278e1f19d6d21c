/**
 * What changes between two dialect versions over a set of tools: how many tools' spellings change,
 * which keywords and sentences appear or vanish, which diagnostics change, and the first examples
 * with JSON pointers. The report is plain data, printed as text or JSON by `dialects diff`.
 */
import { convert, escapeToken, type Dialect } from '@redouble/dialects/core';
import { definitionsKeyword } from '../conformance/invariants.js';
import { eachSchemaNode, schemasIn } from '../conformance/output-walk.js';
import { pinnedText } from '../conformance/pin.js';
import type { NamedInput } from './read-tools.js';

export interface CountChange {
  /** The keyword, the sentence (numbers shown as N) or the diagnostic code. */
  item: string;
  a: number;
  b: number;
}

export interface Change {
  pointer: string;
  /** undefined when absent on that side. */
  a?: unknown;
  b?: unknown;
}

/**
 * A tool one dialect could not convert: no output, or an input that is not a valid schema (its
 * output is the input echoed, with `invalid-schema` errors). Either way the two spellings say nothing
 * about the dialects, so such a tool is listed, with the first error that says why.
 */
export interface Unconverted {
  tool: string;
  /** Which of the two: A and B may be one dialect compared with itself. */
  side: 'a' | 'b';
  dialect: string;
  code: string;
  path: string;
  message: string;
}

export interface DiffReport {
  a: string;
  b: string;
  tools: number;
  changed: number;
  /** Tools A or B could not convert (see Unconverted): compared by their diagnostics only, and listed here. */
  unconverted: Unconverted[];
  keywords: CountChange[];
  sentences: CountChange[];
  diagnostics: CountChange[];
  examples: { tool: string; changes: Change[] }[];
}

const EXAMPLES = 5;
const CHANGES_PER_EXAMPLE = 6;

type Counts = Map<string, number>;
const bump = (m: Counts, k: string, n = 1): void => {
  m.set(k, (m.get(k) ?? 0) + n);
};

/** Where one sentence ends and the next begins, as sentencesOf splits them. */
const SENTENCE_END = /[.!?]\s+(?=[A-Z"'`(])/g;

/** Sentences of a description; numbers become N, so "at most 4 items" and "at most 9 items" count together. */
function sentencesOf(text: string): string[] {
  // A piece with no letter or digit is the stop a dialect puts after an author's unfinished
  // sentence ("image URLs" + ". Examples: ..."), not a sentence of its own.
  return text.split(/(?<=[.!?])\s+(?=[A-Z"'`(])/).map((s) => s.trim().replace(/(?<![\w-])-?\d+(\.\d+)?(?!\w)/g, 'N')).filter((s) => /[\p{L}\p{N}]/u.test(s));
}

function tallyKeywords(output: unknown, d: Dialect, keywords: Counts): void {
  if (output === undefined) return;
  const defs = definitionsKeyword(d);
  for (const { schema } of schemasIn(output)) eachSchemaNode(schema, (node) => Object.keys(node).forEach((k) => bump(keywords, k)), defs);
}

/**
 * The sentences of the two spellings' descriptions, paired by pointer: the text both begin with
 * (the author's description, and any sentence both wrote first) is left out, so an author's
 * sentence never reads as written or lost, and only what a dialect wrote is counted.
 */
function tallySentences(a: unknown, b: unknown, counts: { a: Counts; b: Counts }): void {
  const da = describedAt(a);
  const db = describedAt(b);
  for (const pointer of new Set([...da.keys(), ...db.keys()])) {
    const x = da.get(pointer) ?? '';
    const y = db.get(pointer) ?? '';
    if (x === y) continue;
    let common = 0;
    while (common < x.length && common < y.length && x[common] === y[common]) common++;
    // Where one is the other's start, what follows on the other side is sentences of its own (a
    // stop after an author's unfinished sentence among them). Otherwise back off to the start of
    // the sentence the two part in, so each side's is counted whole ("Repeats the structure of
    // tree, ...", not "tree, ...").
    let start = common;
    if (common < x.length && common < y.length) {
      start = 0;
      for (const m of x.slice(0, common).matchAll(SENTENCE_END)) start = m.index + m[0].length;
    }
    for (const s of sentencesOf(x.slice(start))) bump(counts.a, s);
    for (const s of sentencesOf(y.slice(start))) bump(counts.b, s);
  }
}

/** Every string under a `description` key, by the pointer of the object that holds it. */
function describedAt(value: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const stack: { v: unknown; at: string }[] = [{ v: value, at: '' }];
  while (stack.length > 0) {
    const { v, at } = stack.pop()!;
    if (Array.isArray(v)) v.forEach((x, i) => stack.push({ v: x, at: `${at}/${i}` }));
    else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'description' && typeof x === 'string') out.set(at, x);
        else stack.push({ v: x, at: `${at}/${escapeToken(k)}` });
      }
    }
  }
  return out;
}

/** Where two JSON values differ, as pointers (first `limit` found, depth first in key order). */
export function jsonChanges(a: unknown, b: unknown, limit: number, pointer = '', out: Change[] = []): Change[] {
  if (out.length >= limit) return out;
  const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isObj(a) && isObj(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const at = `${pointer}/${escapeToken(k)}`;
      if (!Object.hasOwn(b, k)) out.push({ pointer: at, a: a[k] });
      else if (!Object.hasOwn(a, k)) out.push({ pointer: at, b: b[k] });
      else jsonChanges(a[k], b[k], limit, at, out);
      if (out.length >= limit) break;
    }
  } else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length && out.length < limit; i++) jsonChanges(a[i], b[i], limit, `${pointer}/${i}`, out);
  } else if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ pointer, a, b });
  return out;
}

function changes(a: Counts, b: Counts): CountChange[] {
  const out: CountChange[] = [];
  for (const item of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(item) ?? 0;
    const y = b.get(item) ?? 0;
    if (x !== y) out.push({ item, a: x, b: y });
  }
  // Biggest change first; ties by name, so the report is deterministic.
  return out.sort((p, q) => Math.abs(q.b - q.a) - Math.abs(p.b - p.a) || (p.item < q.item ? -1 : p.item > q.item ? 1 : 0));
}

export function compareDialects(tools: readonly NamedInput[], a: Dialect, b: Dialect): DiffReport {
  const kw = { a: new Map() as Counts, b: new Map() as Counts };
  const sn = { a: new Map() as Counts, b: new Map() as Counts };
  const dg = { a: new Map() as Counts, b: new Map() as Counts };
  const examples: DiffReport['examples'] = [];
  const unconverted: Unconverted[] = [];
  let changed = 0;
  for (const tool of tools) {
    const ra = convert(tool.value, a);
    const rb = convert(tool.value, b);
    for (const [r, d, side] of [[ra, a, 'a'], [rb, b, 'b']] as const) {
      const invalid = r.diagnostics.find((x) => x.code === 'invalid-schema');
      if (r.output !== undefined && invalid === undefined) continue;
      const error = invalid ?? r.diagnostics.find((x) => x.severity === 'error');
      unconverted.push({ tool: tool.label, side, dialect: d.id, code: error?.code ?? 'no-output', path: error?.path ?? '', message: error?.message ?? 'no output' });
    }
    tallyKeywords(ra.output, a, kw.a);
    tallyKeywords(rb.output, b, kw.b);
    tallySentences(ra.output, rb.output, sn);
    for (const d of ra.diagnostics) bump(dg.a, `${d.severity} ${d.code}`);
    for (const d of rb.diagnostics) bump(dg.b, `${d.severity} ${d.code}`);
    if (pinnedText(ra.output, ra.diagnostics) === pinnedText(rb.output, rb.diagnostics)) continue;
    changed++;
    if (examples.length < EXAMPLES) {
      const list = jsonChanges(ra.output, rb.output, CHANGES_PER_EXAMPLE);
      if (list.length < CHANGES_PER_EXAMPLE) jsonChanges(ra.diagnostics, rb.diagnostics, CHANGES_PER_EXAMPLE - list.length, '#diagnostics', list);
      examples.push({ tool: tool.label, changes: list });
    }
  }
  return { a: a.id, b: b.id, tools: tools.length, changed, unconverted, keywords: changes(kw.a, kw.b), sentences: changes(sn.a, sn.b), diagnostics: changes(dg.a, dg.b), examples };
}
