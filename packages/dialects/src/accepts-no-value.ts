/**
 * The one answer to "does this schema accept no value at all?", told without resolving anything:
 * `false`, or a schema whose `not` is `{}` or `true` (whatever stands beside it: every value fails
 * the `not`, so siblings cannot let one through). Convert leaves such a property or union branch
 * out where the dialect cannot spell false, lint reads it as refusing a required name, and the
 * sentence checker as a place that accepts nothing; one answer keeps the three in agreement.
 */
export function acceptsNoValue(schema: unknown): boolean {
  if (schema === false) return true;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return false;
  // Asked of every property schema the walk meets: most have no `not`, so that is asked first.
  if (!Object.prototype.hasOwnProperty.call(schema, 'not')) return false;
  const not = (schema as { not: unknown }).not;
  if (not === true) return true;
  if (typeof not !== 'object' || not === null || Array.isArray(not)) return false;
  for (const _ in not) return false;
  return true;
}
