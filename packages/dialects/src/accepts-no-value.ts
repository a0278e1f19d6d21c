/**
 * The one answer to "does this schema accept no value at all?", told without resolving anything:
 * `false`, or a schema whose `not` is `{}` or `true` (whatever stands beside it: every value fails
 * the `not`, so siblings cannot let one through), or one with an empty `enum` (no value is one of
 * none; Ajv refuses to compile it, so the judge reads it as `false`, judge/ajv-reading.ts). Convert leaves such a property or union branch
 * out where the dialect cannot spell false, lint reads it as refusing a required name, and the
 * sentence checker as a place that accepts nothing; one answer keeps the three in agreement.
 */
export function acceptsNoValue(schema: unknown): boolean {
  if (schema === false) return true;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return false;
  // Asked of every property schema the walk meets: most have neither, so that is asked first.
  const hasNot = Object.prototype.hasOwnProperty.call(schema, 'not');
  if (!hasNot && !Object.prototype.hasOwnProperty.call(schema, 'enum')) return false;
  const values = (schema as { enum?: unknown }).enum;
  if (Array.isArray(values) && values.length === 0) return true;
  if (!hasNot) return false;
  const not = (schema as { not: unknown }).not;
  if (not === true) return true;
  if (typeof not !== 'object' || not === null || Array.isArray(not)) return false;
  for (const _ in not) return false;
  return true;
}
