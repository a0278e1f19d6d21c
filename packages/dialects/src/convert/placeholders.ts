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

export function fill(text: string, vars: (name: string) => unknown): string {
  if (!text.includes('{')) return text;
  return text.replace(PLACEHOLDER, (m, name: string, _form: string | undefined, singular: string | undefined, plural: string | undefined) => {
    const v = vars(name);
    return v === undefined ? m : renderPlaceholder(v, singular, plural);
  });
}
