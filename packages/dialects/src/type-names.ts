/**
 * The one reading of a `type` keyword, for the steps that reason about types (convert's nullable
 * and any-value rewrites, the sentence checker, lint): the type names it holds, and what a node
 * admits when OpenAPI's `nullable: true` stands beside them (Ajv, the judge, adds null then).
 */

/** The names `type` holds: one name as a one-item list, a list of names as it is; undefined when absent or not names. */
export function typeNames(type: unknown): readonly string[] | undefined {
  if (typeof type === 'string') return [type];
  if (!Array.isArray(type)) return undefined;
  for (let i = 0; i < type.length; i++) if (typeof type[i] !== 'string') return undefined;
  return type as string[];
}

/**
 * The types both lists admit, an integer being a number ("number" and ["integer", "string"] meet
 * in "integer"), in the first list's order; empty when they meet in nothing.
 */
export function commonTypes(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of a) {
    const met = b.includes(t) ? t : t === 'number' && b.includes('integer') ? 'integer' : t === 'integer' && b.includes('number') ? 'integer' : undefined;
    if (met !== undefined && !out.includes(met)) out.push(met);
  }
  return out;
}

/** The types a schema object's `type` admits, with null added by `nullable: true`; undefined when it names none. */
export function admittedTypes(node: Record<string, unknown>): readonly string[] | undefined {
  const names = typeNames(node.type);
  return names !== undefined && node.nullable === true && !names.includes('null') ? [...names, 'null'] : names;
}
