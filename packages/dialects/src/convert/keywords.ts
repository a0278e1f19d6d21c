/** What each JSON Schema keyword holds, so the walk knows where subschemas are (2020-12 and draft-07). */
import { admittedTypes } from '../type-names.js';
import { isPlainObject } from './data.js';

/** One subschema, an array of subschemas, an object whose values are subschemas. */
export const Kind = { Sub: 1, Arr: 2, Map: 3 } as const;
export type Kind = 1 | 2 | 3;

export const KEYWORD_KIND: ReadonlyMap<string, Kind> = new Map<string, Kind>([
  ['not', Kind.Sub],
  ['if', Kind.Sub],
  ['then', Kind.Sub],
  ['else', Kind.Sub],
  ['items', Kind.Sub],
  ['additionalItems', Kind.Sub],
  ['contains', Kind.Sub],
  ['additionalProperties', Kind.Sub],
  ['propertyNames', Kind.Sub],
  ['unevaluatedItems', Kind.Sub],
  ['unevaluatedProperties', Kind.Sub],
  ['contentSchema', Kind.Sub],
  ['allOf', Kind.Arr],
  ['anyOf', Kind.Arr],
  ['oneOf', Kind.Arr],
  ['prefixItems', Kind.Arr],
  ['properties', Kind.Map],
  ['patternProperties', Kind.Map],
  ['$defs', Kind.Map],
  ['definitions', Kind.Map],
  ['dependentSchemas', Kind.Map],
]);

/**
 * Each subschema held by the keywords of one schema object: `visit(child, keyword, key)`, where
 * `key` is the index in an array keyword, the name in a map keyword, and undefined for a keyword
 * that holds one subschema. Values that are no object or array (booleans, strings) hold no
 * subschema object and are passed over before any keyword is looked up: most values are such.
 */
export function eachSubschema(node: Record<string, unknown>, visit: (child: unknown, keyword: string, key: string | number | undefined) => void): void {
  for (const k in node) {
    const v = node[k];
    if (v === null || typeof v !== 'object') continue;
    const kind = KEYWORD_KIND.get(k);
    if (kind === Kind.Sub) visit(v, k, undefined);
    else if (kind === Kind.Arr && Array.isArray(v)) for (let i = 0; i < v.length; i++) visit(v[i], k, i);
    else if (kind === Kind.Map && isPlainObject(v)) for (const name in v) visit(v[name], k, name);
  }
}

/** Where `false` is an object's closure: it stays `false` (the objects rules spell closure). */
export const BOOLEAN_CLOSURE_KEYWORDS: ReadonlySet<string> = new Set(['additionalProperties', 'unevaluatedProperties']);

/** Meta keywords and annotations: dropping them is never the loss of a rule. */
export const SILENT_KEYWORDS: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$comment',
  '$vocabulary',
  'title',
  'description',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$defs',
  'definitions',
]);

/** Keywords that only annotate; a `$ref` sibling of this kind never conflicts with the target. */
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set(['title', 'description', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment', 'default']);

/** Path tokens that are schema structure, not names, when a definition name is derived from a pointer. */
export const STRUCTURE_TOKENS: ReadonlySet<string> = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/**
 * Keywords that constrain what is accepted (plus `default` and `format`, which callers act on).
 * Dropping one of these without a sentence is a lost rule; any other keyword (an annotation, an
 * extension such as `x-...`, a keyword unknown to 2020-12) constrains nothing and goes silently.
 */
export const RULE_KEYWORDS: ReadonlySet<string> = new Set([
  'type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum',
  'maxLength', 'minLength', 'pattern', 'format', 'maxItems', 'minItems', 'uniqueItems', 'maxContains',
  'minContains', 'contains', 'items', 'prefixItems', 'additionalItems', 'unevaluatedItems', 'maxProperties',
  'minProperties', 'required', 'dependentRequired', 'dependentSchemas', 'dependencies', 'properties',
  'patternProperties', 'additionalProperties', 'unevaluatedProperties', 'propertyNames', 'allOf', 'anyOf',
  'oneOf', 'not', 'if', 'then', 'else', '$ref', '$dynamicRef', 'default', 'contentEncoding',
  'contentMediaType', 'contentSchema',
]);

/**
 * Whether an object names a JSON Schema keyword that applies a rule, or says it is a schema
 * (`$schema`, `$defs`, `definitions`): what tells a bare schema from a Tool, a tools/list result or
 * another API's tool object (convert's input check and lint's input reading ask the same).
 */
export function namesSchemaKeyword(node: Record<string, unknown>): boolean {
  for (const k in node) if (RULE_KEYWORDS.has(k) || k === '$schema' || k === '$defs' || k === 'definitions') return true;
  return false;
}

/** The keywords that constrain values of some types only (every other value passes them), by type. */
const TYPE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  number: ['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
  string: ['maxLength', 'minLength', 'pattern'],
  array: ['maxItems', 'minItems', 'uniqueItems', 'contains', 'minContains', 'maxContains', 'items', 'prefixItems', 'unevaluatedItems'],
  object: ['maxProperties', 'minProperties', 'required', 'properties', 'patternProperties', 'additionalProperties', 'propertyNames', 'dependentRequired', 'dependentSchemas', 'unevaluatedProperties'],
};

/** Whether `keyword` constrains values of `type` and of no other type (an integer is a number). */
export function constrainsOnly(keyword: string, type: string): boolean {
  return TYPE_KEYWORDS[type === 'integer' ? 'number' : type]?.includes(keyword) === true;
}

/** The one type each keyword of TYPE_KEYWORDS constrains. */
const KEYWORD_TYPE: ReadonlyMap<string, string> = new Map(Object.entries(TYPE_KEYWORDS).flatMap(([t, ks]) => ks.map((k) => [k, t] as const)));

/** Formats that check strings only, and the OpenAPI ones that check numbers (as the judge's Ajv formats do). */
const STRING_FORMATS: ReadonlySet<string> = new Set([
  'date', 'date-time', 'time', 'duration', 'email', 'idn-email', 'hostname', 'idn-hostname', 'ipv4', 'ipv6',
  'uri', 'uri-reference', 'iri', 'iri-reference', 'uuid', 'uri-template', 'json-pointer', 'relative-json-pointer', 'regex',
]);
const NUMBER_FORMATS: ReadonlySet<string> = new Set(['int32', 'int64', 'float', 'double']);

/** The one type whose values a keyword with this value constrains (`minimum`: number), or undefined where it constrains every type or is not known. */
export function typeConstrained(keyword: string, value: unknown): string | undefined {
  if (keyword === 'format') return typeof value === 'string' ? (STRING_FORMATS.has(value) ? 'string' : NUMBER_FORMATS.has(value) ? 'number' : undefined) : undefined;
  return KEYWORD_TYPE.get(keyword);
}

/** The formats whose checks are known (a format outside them is an author's own, or a typo). */
export const KNOWN_FORMATS: readonly string[] = [...STRING_FORMATS, ...NUMBER_FORMATS];

/**
 * Whether a keyword with this value constrains no value of the given types (`format: email` under
 * `type: integer`, `minimum` under `type: string`): every value of those types
 * passes it, so a sentence for it would state a rule the schema does not have. False for a keyword
 * that constrains every type, and for an unknown format (its types are not known).
 */
export function constrainsNoneOf(keyword: string, value: unknown, types: readonly string[]): boolean {
  const only = typeConstrained(keyword, value);
  if (only === undefined) return false;
  for (let i = 0; i < types.length; i++) {
    const t = types[i] as string;
    if (t === only || (t === 'integer' && only === 'number')) return false;
  }
  return true;
}

/**
 * Whether a keyword of this schema object constrains no value of its types (`format: email`
 * beside `type: integer`): every value it could meet passes it, so a dialect that drops it writes
 * no sentence, which would state a rule the schema does not have (round 12). False without a type.
 */
export function constrainsNoValueHere(node: Record<string, unknown>, keyword: string): boolean {
  const types = admittedTypes(node);
  return types !== undefined && constrainsNoneOf(keyword, node[keyword], types);
}
