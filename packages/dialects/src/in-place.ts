/**
 * Keywords that apply subschemas to the same instance in place, so that unevaluatedProperties
 * sees what they evaluate: where none stands beside it, unevaluatedProperties means what
 * additionalProperties would. One list for lint and convert (the sentence checker keeps its own).
 */
export const IN_PLACE_APPLICATORS: readonly string[] = ['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas', 'dependencies', '$ref', '$dynamicRef', '$recursiveRef'];
