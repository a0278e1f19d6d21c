/**
 * The placeholders of a sentence and how a value renders in one: `{name}`, `{name|singular|plural}`
 * and, in a `words` text, `{name:form}` (words.ts). Shared by the notes, the words and the checker.
 */
import { safeStringify } from './data.js';

/** `{keyword}` rendering: numbers and strings as they are, arrays as a comma list, objects as JSON. */
export function renderValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  if (Array.isArray(v)) return v.map((x) => safeStringify(x) ?? '').join(', ');
  return safeStringify(v) ?? '';
}

// `{name}`, or `{name|singular|plural}`: a count followed by the noun that agrees with it
// ("1 character", "2 characters"), so a sentence reads right for every value. A `words` text
// also has `{name:form}` (words.ts). Groups: name, form, singular, plural.
export const PLACEHOLDER = /\{([A-Za-z$][\w$-]*)(?::([a-z-]+))?(?:\|([^|{}]*)\|([^|{}]*))?\}/g;

export function renderPlaceholder(v: unknown, singular: string | undefined, plural: string | undefined): string {
  return singular === undefined ? renderValue(v) : `${renderValue(v)} ${v === 1 ? singular : plural}`;
}

/** A sentence cut at its placeholders: literal text, or a placeholder with the groups fill needs. */
type Part = string | { readonly match: string; readonly name: string; readonly singular: string | undefined; readonly plural: string | undefined };

/**
 * Each rule-file sentence cut once: the same few texts are filled at thousands of nodes, and a
 * regex replace with a callback per fill was a visible share of the walk. Bounded, since a caller
 * may fill any text.
 */
const TEMPLATES = new Map<string, readonly Part[]>();
const MAX_TEMPLATES = 512;

function partsOf(text: string): readonly Part[] {
  let parts = TEMPLATES.get(text);
  if (parts !== undefined) return parts;
  const list: Part[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    const at = m.index as number;
    if (at > last) list.push(text.slice(last, at));
    list.push({ match: m[0], name: m[1] as string, singular: m[3], plural: m[4] });
    last = at + m[0].length;
  }
  if (last < text.length) list.push(text.slice(last));
  parts = list;
  if (TEMPLATES.size < MAX_TEMPLATES) TEMPLATES.set(text, parts);
  return parts;
}

export function fill(text: string, vars: (name: string) => unknown): string {
  if (!text.includes('{')) return text;
  let out = '';
  for (const p of partsOf(text)) {
    if (typeof p === 'string') {
      out += p;
      continue;
    }
    const v = vars(p.name);
    out += v === undefined ? p.match : renderPlaceholder(v, p.singular, p.plural);
  }
  return out;
}
