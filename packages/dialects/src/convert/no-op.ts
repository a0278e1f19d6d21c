/**
 * Keyword values that constrain nothing (`minLength: 0`, `uniqueItems: false`, `required: []`, ...):
 * dropping one loses no rule, so no note and no rule phrase needs to say it. One table for the
 * notes (notes.ts) and the nouns of sentences in words (words.ts), so both leave out the same.
 */
const NO_OP: ReadonlyMap<string, unknown> = new Map<string, unknown>([
  ['uniqueItems', false],
  ['minItems', 0],
  ['minLength', 0],
  ['minProperties', 0],
  ['minContains', 1],
  ['unevaluatedItems', true],
]);

export function isNoOp(keyword: string, value: unknown): boolean {
  if (keyword === 'required') return Array.isArray(value) && value.length === 0;
  return NO_OP.has(keyword) && NO_OP.get(keyword) === value;
}
