/**
 * Sentences in words (issue 11, docs/rule-format.md "Sentences in words"): a note's `words` text,
 * whose `{keyword:form}` placeholders render a dropped subschema with the sentence file's
 * vocabulary ("When country is "US", zip is required."). The forms know generic JSON Schema
 * shapes only; every word comes from the vocabulary. A subschema a form has no words for gives
 * undefined, and the note's JSON `text` is written instead, so nothing is ever left unsaid.
 */
import type { Vocabulary } from '../rules/schema.js';
import { isPlainObject, put, safeStringify, type JsonObject } from './data.js';
import { PLACEHOLDER, fill, renderPlaceholder, renderValue } from './placeholders.js';
import { typeNames } from '../type-names.js';
import { constrainsOnly } from './keywords.js';
import { isNoOp } from './no-op.js';

/**
 * `depth`: how many nouns deep inside rule phrases the value stands (rulePhrases). `around`: the
 * keywords of the schema the dropped value stood in (its canonical `type`, for the typed form).
 */
type Around = (name: string) => unknown;
type Form = (value: unknown, v: Vocabulary, depth?: number, around?: Around) => string | undefined;

const only = (o: JsonObject, allowed: readonly string[]): boolean => Object.keys(o).every((k) => allowed.includes(k));
const words = (template: string | undefined, vars: Record<string, string>): string | undefined => (template === undefined ? undefined : fill(template, (n) => vars[n]));

/**
 * The subschema without the keywords that constrain nothing: `additionalProperties: true` ("an
 * object" is the whole rule) and the no-op values the notes leave out too (`minLength: 0` is no
 * "0 to 3 characters", `uniqueItems: false` no rule to word).
 */
function saysSomething(schema: JsonObject): JsonObject {
  const idle = (k: string, value: unknown): boolean => (k === 'additionalProperties' && value === true) || isNoOp(k, value);
  return Object.entries(schema).some(([k, value]) => idle(k, value)) ? Object.fromEntries(Object.entries(schema).filter(([k, value]) => !idle(k, value))) : schema;
}

/** A subschema as a noun: its type ("a string or null"), its const ("\"US\"") or its enum ("one of 1, 2"). */
function noun(schema: unknown, v: Vocabulary, depth = 0): string | undefined {
  if (!isPlainObject(schema)) return undefined;
  const s = saysSomething(schema);
  if (Object.prototype.hasOwnProperty.call(s, 'const') && only(s, ['const', 'type'])) return safeStringify(s.const);
  if (Array.isArray(s.enum) && s.enum.length > 0 && only(s, ['enum', 'type'])) return s.enum.length === 1 ? safeStringify(s.enum[0]) : words(v.enum, { values: renderValue(s.enum) });
  const types = typeNames(s.type) ?? [];
  if (types.length === 0 || (types.length > 1 && v.or === undefined)) return undefined;
  const nouns = types.map((t) => v.types?.[t as keyof NonNullable<Vocabulary['types']>]);
  if (!nouns.every((n) => n !== undefined)) return undefined;
  const typeNoun = nouns.join(v.or ?? '');
  if (only(s, ['type'])) return typeNoun;
  // Rules beside the type ("a string (at most 3 characters)"), where the vocabulary words each one.
  const phrases = rulePhrases(s, v, depth);
  const list = phrases === undefined ? undefined : nameList(phrases, v);
  return list === undefined ? undefined : words(v.ruled, { value: typeNoun, rules: list });
}

/**
 * The phrases of the rules beside a subschema's type, each keyword taken by the first of the
 * vocabulary's `rules` that has it (and whose `when` matches); undefined when a keyword is left
 * that no phrase takes, so nothing the subschema says is left out of its noun.
 */
function rulePhrases(s: JsonObject, v: Vocabulary, depth: number): string[] | undefined {
  // A phrase may hold a subschema as a noun ("each item {items:value}"); past a few levels a
  // sentence is no longer short, and a dropped subschema nested without end must not run the stack out.
  if (v.ruled === undefined || v.rules === undefined || depth >= MAX_RULED_DEPTH) return undefined;
  const left = new Set(Object.keys(s).filter((k) => k !== 'type'));
  const out: string[] = [];
  for (const rule of v.rules) {
    if (!rule.keywords.every((k) => left.has(k))) continue;
    if (rule.when !== undefined && !Object.entries(rule.when).every(([k, want]) => safeStringify(s[k]) === safeStringify(want))) continue;
    const said = fillWords(rule.text, (name) => s[name], v, undefined, depth + 1);
    if (said === undefined) return undefined;
    out.push(said);
    for (const k of rule.keywords) left.delete(k);
  }
  return left.size === 0 && out.length > 0 ? out : undefined;
}

const MAX_RULED_DEPTH = 3;

/** "a", "a and b", "a, b and c". */
function nameList(names: readonly string[], v: Vocabulary): string | undefined {
  if (names.length === 1) return names[0];
  if (v.and === undefined || (names.length > 2 && v.list === undefined)) return undefined;
  return `${names.slice(0, -1).join(v.list ?? '')}${v.and}${names[names.length - 1] as string}`;
}

function stringList(x: unknown): string[] | undefined {
  return Array.isArray(x) && x.length > 0 && x.every((n) => typeof n === 'string') ? (x as string[]) : undefined;
}

/** The parts of an object subschema that says only which properties it has and what they are. */
function objectParts(s: unknown): { properties: [string, unknown][]; required: string[] } | undefined {
  if (!isPlainObject(s) || !only(s, ['properties', 'required'])) return undefined;
  if (s.properties !== undefined && !isPlainObject(s.properties)) return undefined;
  const required = s.required === undefined ? [] : stringList(s.required);
  if (required === undefined) return undefined;
  return { properties: Object.entries((s.properties ?? {}) as JsonObject), required };
}

/**
 * A property's subschema in a condition or clause, as a noun: as it stands, or, where it names no
 * type, of the type the schema beside declares for that property (`then: {properties: {zip:
 * {pattern}}}` beside `properties: {zip: {type: string}}` reads "zip, if sent, must be a string
 * (matching ...)"): a value the whole schema accepts has that type there anyway.
 */
function propertyNoun(name: string, sub: unknown, v: Vocabulary, around?: Around): string | undefined {
  const said = noun(sub, v);
  if (said !== undefined) return said;
  const declared = around?.('properties');
  const schema = isPlainObject(declared) && Object.prototype.hasOwnProperty.call(declared, name) ? declared[name] : undefined;
  return isPlainObject(schema) ? asType(sub, schema.type, v) : undefined;
}

/**
 * A typeless subschema as a noun of `type`, where it is one type and every keyword of the
 * subschema constrains values of that type alone; undefined elsewhere.
 */
function asType(schema: unknown, type: unknown, v: Vocabulary, depth = 0): string | undefined {
  if (!isPlainObject(schema) || Object.prototype.hasOwnProperty.call(schema, 'type') || typeof type !== 'string') return undefined;
  const s = saysSomething(schema);
  const keys = Object.keys(s);
  if (keys.length === 0 || !keys.every((k) => constrainsOnly(k, type))) return undefined;
  return noun({ ...s, type }, v, depth);
}

/**
 * An `if` subschema as a condition: "country is "US"", "mode is sent". `around` is given by the
 * condition-typed form only: the plain form (frozen sentence files) words no typeless property.
 */
function condition(s: unknown, v: Vocabulary, around?: Around): string | undefined {
  const parts = objectParts(s);
  if (!parts || v.and === undefined) return undefined;
  const out: string[] = [];
  for (const [name, sub] of parts.properties) {
    const value = propertyNoun(name, sub, v, around);
    // An `if` property not listed in `required` also matches when the property is absent.
    const said = value === undefined ? undefined : words(parts.required.includes(name) ? v.is : v.isOrAbsent, { name, value });
    if (said === undefined) return undefined;
    out.push(said);
  }
  for (const name of parts.required) {
    if (parts.properties.some(([p]) => p === name)) continue;
    const said = words(v.isSent, { name });
    if (said === undefined) return undefined;
    out.push(said);
  }
  return out.length > 0 ? out.join(v.and) : undefined;
}

function requiredClause(names: readonly string[], v: Vocabulary): string | undefined {
  const list = nameList(names, v);
  return list === undefined ? undefined : words(names.length === 1 ? v.required : v.requiredMany, { names: list });
}

/** A consequence as a clause: "zip is required", "level, if sent, must be "high"". A list of names is what it requires. */
function clause(s: unknown, v: Vocabulary, around?: Around): string | undefined {
  if (Array.isArray(s)) {
    const names = stringList(s);
    return names === undefined ? undefined : requiredClause(names, v);
  }
  const parts = objectParts(s);
  if (!parts || v.and === undefined) return undefined;
  const out: string[] = [];
  if (parts.required.length > 0) {
    const said = requiredClause(parts.required, v);
    if (said === undefined) return undefined;
    out.push(said);
  }
  for (const [name, sub] of parts.properties) {
    const value = propertyNoun(name, sub, v, around);
    // A property the clause does not require may still be left out; only its value is ruled.
    const said = value === undefined ? undefined : words(parts.required.includes(name) ? v.mustBe : v.mayBe, { name, value });
    if (said === undefined) return undefined;
    out.push(said);
  }
  return out.length > 0 ? out.join(v.and) : undefined;
}

/**
 * The branches of a union as clauses, any of which may hold: "email is required or phone and name
 * are required". Only where every branch has a clause (it says which properties it requires or
 * what they must be); the last two joined by the vocabulary's `or`, the others by its `list`.
 */
function alternatives(s: unknown, v: Vocabulary, around?: Around): string | undefined {
  if (!Array.isArray(s) || s.length < 2 || v.or === undefined || (s.length > 2 && v.list === undefined)) return undefined;
  const out: string[] = [];
  // `type: object` in a branch under an object says nothing the parent does not.
  const objectParent = around?.('type') === 'object';
  for (const branch of s) {
    const said = clause(objectParent && isPlainObject(branch) && branch.type === 'object' ? withoutKey(branch, 'type') : branch, v, around);
    if (said === undefined) return undefined;
    out.push(said);
  }
  // "a and b or c" would not say which part the "and" joins: compound alternatives get their own separator.
  const compound = v.and !== undefined && out.some((c) => c.includes(v.and as string));
  const or = compound ? (v.orClauses ?? v.or) : v.or;
  return out.length === 2 || compound ? out.join(or) : `${out.slice(0, -1).join(v.list ?? '')}${or}${out[out.length - 1] as string}`;
}

function withoutKey(o: JsonObject, key: string): JsonObject {
  const out: JsonObject = {};
  for (const k in o) if (k !== key) put(out, k, o[k]);
  return out;
}

/** Items by position: "first a string, then an integer". */
function positions(s: unknown, v: Vocabulary): string | undefined {
  if (!Array.isArray(s) || s.length === 0 || (s.length > 1 && v.list === undefined)) return undefined;
  const out: string[] = [];
  for (const [i, item] of s.entries()) {
    const value = noun(item, v);
    const said = value === undefined ? undefined : words(i === 0 ? v.first : v.next, { value });
    if (said === undefined) return undefined;
    out.push(said);
  }
  return out.join(v.list ?? '');
}

/** A subschema that is a pattern alone (`propertyNames: {pattern}`): the pattern. */
function pattern(s: unknown): string | undefined {
  if (!isPlainObject(s) || typeof s.pattern !== 'string' || !only(s, ['pattern', 'type']) || (s.type !== undefined && s.type !== 'string')) return undefined;
  return s.pattern;
}

/**
 * One JSON value as a sentence says it: a string, number, boolean or null as it is, an array or
 * object as JSON. For a keyword whose value is one value (`const`, `default`), where the plain
 * placeholder reads an array as a list of values ("Default: ." for []).
 */
function one(value: unknown): string | undefined {
  return value !== null && typeof value === 'object' ? safeStringify(value) : renderValue(value);
}

/**
 * A subschema applied to the value its schema already types (`not`, under `type: number`), as a
 * noun of that type: `{type: number, not: {minimum: 5, maximum: 10}}` is "a number (from 5 to 10)"
 * refused. Only where the schema has one type and every keyword of the subschema constrains values
 * of that type: elsewhere a typeless subschema also matches values of other types, which the noun
 * of one type would leave out. A subschema that is a noun as it stands (its own type, a const) is that noun.
 */
function typed(schema: unknown, v: Vocabulary, depth = 0, around?: Around): string | undefined {
  return noun(schema, v, depth) ?? asType(schema, around?.('type'), v, depth);
}

/**
 * A subschema applied to one item (`contains`), as a noun of the type the schema's `items` gives
 * every item where it names none: `{items: {type: number}, contains: {minimum: 10}}` reads "a
 * number (at least 10)"; a typeless `contains` beside no typed items also matches items of other
 * types, so it has no such noun.
 */
function item(schema: unknown, v: Vocabulary, depth = 0, around?: Around): string | undefined {
  const items = around?.('items');
  return noun(schema, v, depth) ?? (isPlainObject(items) ? asType(schema, items.type, v, depth) : undefined);
}

const FORMS: Readonly<Record<string, Form>> = {
  value: noun,
  typed,
  item,
  condition: (s, v) => condition(s, v),
  clause: (s, v) => clause(s, v),
  // As condition and clause, with a typeless property worded by the type the schema declares for it.
  'condition-typed': (s, v, _depth, around) => condition(s, v, around),
  'clause-typed': (s, v, _depth, around) => clause(s, v, around),
  // A union's branches as clauses, a property without a type worded by the type declared beside.
  alternatives: (s, v, _depth, around) => alternatives(s, v, around),
  positions,
  pattern,
  one,
  // One JSON value as JSON, strings quoted: "Default: \"\"." where `one` read "Default: .".
  json: (value) => safeStringify(value),
};

/** The form names a `words` text may use (`key` names the entry of a map keyword). */
export const WORD_FORMS: readonly string[] = [...Object.keys(FORMS), 'key'];

/** A `words` text cut once into literal text and placeholders (name '' for literal text). */
interface WordPart {
  readonly text: string;
  readonly name: string;
  readonly form: string | undefined;
  readonly singular: string | undefined;
  readonly plural: string | undefined;
}
interface WordTemplate {
  readonly parts: readonly WordPart[];
  /** The map keyword the text renders once per entry (`{patternProperties:key}`), if any. */
  readonly entry: string | undefined;
}

// The same few texts are filled at hundreds of nodes per pass (a dropped default at each): a
// regex replace with a callback per fill was a visible share of the walk. Bounded, as fill's are.
const WORD_TEMPLATES = new Map<string, WordTemplate>();

function wordTemplate(text: string): WordTemplate {
  let t = WORD_TEMPLATES.get(text);
  if (t !== undefined) return t;
  const parts: WordPart[] = [];
  let entry: string | undefined;
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    const at = m.index as number;
    if (at > last) parts.push({ text: text.slice(last, at), name: '', form: undefined, singular: undefined, plural: undefined });
    parts.push({ text: m[0], name: m[1] as string, form: m[2], singular: m[3], plural: m[4] });
    if (m[2] === 'key' && entry === undefined) entry = m[1];
    last = at + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), name: '', form: undefined, singular: undefined, plural: undefined });
  t = { parts, entry };
  if (WORD_TEMPLATES.size < 512) WORD_TEMPLATES.set(text, t);
  return t;
}

/** The map keyword a text renders once per entry (`{patternProperties:key}`), if any. */
export function entryKeyword(text: string): string | undefined {
  return wordTemplate(text).entry;
}

function fillWords(text: string, vars: (name: string) => unknown, v: Vocabulary, entry?: { keyword: string; key: string; value: unknown }, depth = 0, around?: Around): string | undefined {
  let out = '';
  for (const p of wordTemplate(text).parts) {
    if (p.name === '') {
      out += p.text;
      continue;
    }
    const value = entry && p.name === entry.keyword ? (p.form === 'key' ? entry.key : entry.value) : vars(p.name);
    const said = value === undefined ? undefined : p.form === undefined ? renderPlaceholder(value, p.singular, p.plural) : p.form === 'key' ? String(value) : FORMS[p.form]?.(value, v, depth, around);
    if (said === undefined) return undefined;
    out += said;
  }
  return out;
}

/**
 * The sentences of a `words` text for the dropped values (one per entry when it names a map
 * keyword's `key`), or undefined where some subschema has no wording.
 */
export function renderWords(text: string, vars: (name: string) => unknown, v: Vocabulary, around?: Around): string[] | undefined {
  const keyword = entryKeyword(text);
  if (keyword === undefined) {
    const said = fillWords(text, vars, v, undefined, 0, around);
    return said === undefined ? undefined : [said];
  }
  const map = vars(keyword);
  if (!isPlainObject(map) || Object.keys(map).length === 0) return undefined;
  const out: string[] = [];
  for (const [key, value] of Object.entries(map)) {
    const said = fillWords(text, vars, v, { keyword, key, value }, 0, around);
    if (said === undefined) return undefined;
    out.push(said);
  }
  return out;
}
