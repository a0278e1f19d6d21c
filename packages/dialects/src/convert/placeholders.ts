/**
 * The placeholders of a sentence and how a value renders in one: `{name}`, `{name|singular|plural}`
 * and, in a `words` text, `{name:form}` (words.ts). Shared by the notes, the words and the checker.
 */
import { safeStringify } from './data.js';

/** `{keyword}` rendering: numbers and strings as they are, arrays as a comma list, objects as JSON. */
export function renderValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  if (Array.isArray(v)) {
    // A loop, not map(): map() inlined into the sentence code checks the array's element kind
    // (small integers, doubles, other values, with or without holes), and each kind met after
    // that code was optimized threw it away; the whole of notesFor was compiled three times.
    let out = '';
    for (let i = 0; i < v.length; i++) out += (i === 0 ? '' : ', ') + (safeStringify(v[i]) ?? '');
    return out;
  }
  return safeStringify(v) ?? '';
}

// `{name}`, or `{name|singular|plural}`: a count followed by the noun that agrees with it
// ("1 character", "2 characters"), so a sentence reads right for every value. A `words` text
// also has `{name:form}` (words.ts). Groups: name, form, singular, plural.
export const PLACEHOLDER = /\{([A-Za-z$][\w$-]*)(?::([a-z-]+))?(?:\|([^|{}]*)\|([^|{}]*))?\}/g;

export function renderPlaceholder(v: unknown, singular: string | undefined, plural: string | undefined): string {
  return singular === undefined ? renderValue(v) : `${renderValue(v)} ${v === 1 ? singular : plural}`;
}

/**
 * A piece of a sentence: literal text (name ''), or a placeholder with what fill needs. One shape
 * with string fields throughout: pieces of several shapes, or fields that are sometimes undefined,
 * changed the maps an optimized fill had seen, and it was thrown away and compiled again.
 */
interface Part {
  /** The literal text, or the placeholder as written (kept when its variable has no value). */
  readonly text: string;
  readonly name: string;
  readonly counted: boolean;
  readonly singular: string;
  readonly plural: string;
}

/**
 * Each rule-file sentence cut once: the same few texts are filled at thousands of nodes, and a
 * regex replace with a callback per fill was a visible share of the walk. Bounded, since a caller
 * may fill any text.
 */
const TEMPLATES = new Map<string, readonly Part[]>();
const MAX_TEMPLATES = 512;

function partsOf(text: string): readonly Part[] {
  return TEMPLATES.get(text) ?? cut(text);
}

// Apart from partsOf, which is hot and so inlined wherever fill is: this runs once per text, and
// its regex iteration inlined there made each optimized compile of the sentence code far dearer.
function cut(text: string): readonly Part[] {
  const list: Part[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    const at = m.index as number;
    if (at > last) list.push({ text: text.slice(last, at), name: '', counted: false, singular: '', plural: '' });
    list.push({ text: m[0], name: m[1] as string, counted: m[3] !== undefined, singular: m[3] ?? '', plural: m[4] ?? '' });
    last = at + m[0].length;
  }
  if (last < text.length) list.push({ text: text.slice(last), name: '', counted: false, singular: '', plural: '' });
  if (TEMPLATES.size < MAX_TEMPLATES) TEMPLATES.set(text, list);
  return list;
}

export function fill(text: string, vars: (name: string) => unknown): string {
  if (!text.includes('{')) return text;
  let out = '';
  const parts = partsOf(text);
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as Part;
    if (p.name === '') {
      out += p.text;
      continue;
    }
    const v = vars(p.name);
    out += v === undefined ? p.text : p.counted ? renderPlaceholder(v, p.singular, p.plural) : renderPlaceholder(v, undefined, undefined);
  }
  return out;
}
