/** What each JSON Schema keyword holds, so the walk knows where subschemas are (2020-12 and draft-07). */

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
