/**
 * Reads a description back into the claims a dialect's sentences make, with the dialect's own
 * note and event templates: "Accepted range: 1 to 5." is the note `[minimum, maximum]` with
 * minimum "1" and maximum "5". Words no template matches (the author's) are skipped.
 */
import type { Plan } from '../convert/plan.js';
import { PLACEHOLDER, renderValue } from '../convert/placeholders.js';

export interface Claim {
  sentence: string;
  /** The event a sentence stands for (any-value, cycle, false-property, ...), or undefined for a keyword note. */
  event: string | undefined;
  keywords: readonly string[];
  /** Placeholder and `when` values as the sentence renders them. */
  values: Record<string, string>;
  /** Values parsed back to JSON where the rendering allows (enum lists, const). */
  raw: Record<string, unknown[] | unknown>;
  when: ReadonlyMap<string, string> | undefined;
  /** The note's `words` text, when the sentence is in words: the checker renders it again from the schema. */
  words: string | undefined;
  /** Keywords the note says hold one value (its `equal`). */
  equal?: readonly string[];
  /** Other templates that read the same sentence, if any. */
  alternatives?: Claim[];
}

interface Template {
  re: RegExp;
  names: string[];
  event: string | undefined;
  keywords: readonly string[];
  when: ReadonlyMap<string, string> | undefined;
  words: string | undefined;
  /** Keywords that hold one value, shown by one placeholder ("Exactly {minItems|item|items}."). */
  equal: readonly string[] | undefined;
  literal: number;
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(text: string, event: string | undefined, keywords: readonly string[], when: ReadonlyMap<string, string> | undefined, words?: string, equal?: readonly string[]): Template {
  const names: string[] = [];
  let source = '';
  let last = 0;
  let literal = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    const lit = text.slice(last, m.index);
    source += escapeRe(lit);
    literal += lit.length;
    names.push(m[2] === undefined ? (m[1] as string) : `${m[1] as string}:${m[2]}`);
    // A value never runs on into the next sentence (". " and a capital or a parenthesis).
    const value = '((?:(?!\\. [A-Z(]).)+?)';
    source += m[3] === undefined ? value : `${value} (?:${escapeRe(m[3])}|${escapeRe(m[4] as string)})`;
    last = (m.index as number) + m[0].length;
  }
  const tail = text.slice(last);
  source += escapeRe(tail);
  literal += tail.length;
  // A sentence ends where the next one starts (a space) or with the description.
  return { re: new RegExp(`${source}(?=\\s|$)`, 'y'), names, event, keywords, when, words, equal, literal };
}

export type SentenceReader = readonly Template[];

export function sentenceReader(plan: Plan): SentenceReader {
  const templates: Template[] = [];
  for (const n of plan.notes) {
    const when = n.when ? new Map(n.when.map(([k, v]) => [k, renderValue(JSON.parse(v))] as const)) : undefined;
    templates.push(compile(n.text, undefined, n.keywords, when, undefined, n.equal));
    if (n.words !== undefined && plan.vocabulary !== undefined) templates.push(compile(n.words, undefined, n.keywords, when, n.words, n.equal));
  }
  for (const [event, text] of plan.events) templates.push(compile(text, event, [], undefined));
  // The most specific wording first: "Must be at least {minimum}." before "Must be {const}.".
  return templates.sort((a, b) => b.literal - a.literal);
}

function parseBack(keyword: string, rendered: string): unknown[] | unknown {
  if (keyword === 'enum') {
    try {
      return JSON.parse(`[${rendered}]`) as unknown[];
    } catch {
      return undefined;
    }
  }
  try {
    return JSON.parse(rendered) as unknown;
  } catch {
    return rendered;
  }
}

/** Stands for the space after a "." inside JSON written in a description (same length, so places hold). */
const MASK = '\u0001';

/**
 * The text with each ". " inside a JSON object or array written in it masked: a sentence that
 * shows a subschema as JSON ("Must not match {"description":"Not x. Really"}.") would otherwise
 * be cut where its JSON holds a sentence end. Unchanged when there is nothing to mask.
 */
function maskJson(text: string): string {
  if (!text.includes('. ') || text.includes(MASK)) return text;
  let out = text;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '{' && c !== '[') continue;
    const end = jsonEnd(text, i);
    if (end < 0) continue;
    const span = text.slice(i, end);
    if (!span.includes('. ')) continue;
    try {
      JSON.parse(span);
    } catch {
      continue;
    }
    out = out.slice(0, i) + span.replace(/\. /g, `.${MASK}`) + out.slice(end);
    i = end - 1;
  }
  return out;
}

/** The index after the bracket that closes the one at `start` (strings read as JSON strings), or -1. */
function jsonEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

const unmask = (s: string): string => (s.includes(MASK) ? s.replaceAll(MASK, ' ') : s);

export function readSentences(reader: SentenceReader, original: string): Claim[] {
  const text = maskJson(original);
  if (text !== original) return readSentencesIn(reader, text).map(unmaskClaim);
  return readSentencesIn(reader, text);
}

/** A claim read from masked text, as the description says it. */
function unmaskClaim(c: Claim): Claim {
  const values: Record<string, string> = {};
  const raw: Record<string, unknown> = {};
  for (const k of Object.keys(c.values)) values[k] = unmask(c.values[k] as string);
  for (const k of Object.keys(c.raw)) raw[k] = typeof c.values[k] === 'string' && (c.values[k] as string).includes(MASK) ? parseBack(k, values[k] as string) : c.raw[k];
  const out: Claim = { ...c, sentence: unmask(c.sentence), values, raw };
  if (c.alternatives) out.alternatives = c.alternatives.map(unmaskClaim);
  return out;
}

function readSentencesIn(reader: SentenceReader, text: string): Claim[] {
  const claims: Claim[] = [];
  let p = 0;
  while (p < text.length) {
    while (p < text.length && /\s/.test(text[p] as string)) p++;
    if (p >= text.length) break;
    let first: Claim | undefined;
    for (const t of reader) {
      const claim = readAt(t, text, p);
      if (!claim || (first && claim.sentence !== first.sentence)) continue;
      // Two templates with the same words around their values ("Items by position: {prefixItems}."
      // and its words form) both read the sentence: each reading is kept, the checker takes either.
      if (first) (first.alternatives ??= []).push(claim);
      else first = claim;
    }
    if (first) {
      claims.push(first);
      p += first.sentence.length;
    } else {
      // Not a dialect sentence: skip one word.
      while (p < text.length && !/\s/.test(text[p] as string)) p++;
    }
  }
  return claims;
}

function readAt(t: Template, text: string, p: number): Claim | undefined {
  t.re.lastIndex = p;
  const m = t.re.exec(text);
  if (!m) return undefined;
  const values: Record<string, string> = {};
  const raw: Record<string, unknown> = {};
  if (t.words === undefined) {
    t.names.forEach((name, i) => {
      values[name] = m[i + 1] as string;
      raw[name] = parseBack(name, m[i + 1] as string);
    });
    if (t.when) for (const [k, v] of t.when) values[k] = v;
    // "Exactly 2 items." says minItems and maxItems are both 2: each is checked, not only the one shown.
    const shown = t.equal?.find((k) => values[k] !== undefined);
    if (shown !== undefined) {
      for (const k of t.equal as readonly string[]) {
        values[k] ??= values[shown] as string;
        raw[k] ??= raw[shown];
      }
    }
  }
  const claim: Claim = { sentence: m[0], event: t.event, keywords: t.keywords, values, raw, when: t.when, words: t.words };
  if (t.equal !== undefined) claim.equal = t.equal;
  return claim;
}
