/**
 * JSON Schema 2020-12 keywords (and the draft-07 `definitions`), in the order the reference
 * pages list them. This is the language's vocabulary, not any dialect's: each page says what its
 * dialect does with every one of them.
 */
export const VOCABULARY: readonly string[] = [
  '$schema', '$id', '$anchor', '$dynamicAnchor', '$dynamicRef', '$ref', '$defs', 'definitions', '$comment', '$vocabulary',
  'type', 'properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames',
  'unevaluatedProperties', 'minProperties', 'maxProperties', 'dependentRequired', 'dependentSchemas',
  'items', 'prefixItems', 'contains', 'minContains', 'maxContains', 'unevaluatedItems', 'minItems', 'maxItems', 'uniqueItems',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'minLength', 'maxLength', 'pattern', 'format', 'contentEncoding', 'contentMediaType', 'contentSchema',
  'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else',
  'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly',
];

/**
 * Keywords whose fate is set by a structural rule (references, objects, root) rather than a
 * keep/drop list; they are listed by keyword only when a keyword rule names them.
 */
export const STRUCTURAL: ReadonlySet<string> = new Set(['$ref', '$defs', 'definitions', 'type', 'properties', 'required', 'description']);

/** The keyword rows of the matrix: the constraints readers disagree about. */
export const MATRIX_KEYWORDS: readonly string[] = [
  'anyOf', 'oneOf', 'not', 'if', 'dependentRequired', 'patternProperties', 'prefixItems',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems', 'uniqueItems',
  'minProperties', 'maxProperties', 'enum', 'default', 'title', 'examples',
];
