/** Which JSON Schema dialect a tool schema declares. */

export type SchemaDialect = '2020-12' | 'draft-07';

export const DIALECT_URIS: Record<SchemaDialect, string> = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
};

/**
 * Every accepted spelling of `$schema`, each read as its dialect: the URI with and without its
 * empty fragment (an empty fragment does not change which meta-schema a URI names). Looked up
 * whole, since every convert and lint reads the `$schema` of every schema it meets.
 */
const SPELLINGS: ReadonlyMap<string, SchemaDialect> = new Map(
  (Object.keys(DIALECT_URIS) as SchemaDialect[]).flatMap((dialect) => {
    const bare = DIALECT_URIS[dialect].replace(/#$/, '');
    return [
      [bare, dialect],
      [`${bare}#`, dialect],
    ] as [string, SchemaDialect][];
  }),
);

export type DialectReading =
  | { kind: 'default'; dialect: '2020-12' }
  | { kind: 'declared'; dialect: SchemaDialect; uri: string }
  | { kind: 'unsupported'; value: unknown };

export function readDialect(schema: unknown): DialectReading {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || !('$schema' in schema)) {
    return { kind: 'default', dialect: '2020-12' };
  }
  const value = (schema as Record<string, unknown>).$schema;
  const dialect = declaredDialect(value);
  return dialect === undefined ? { kind: 'unsupported', value } : { kind: 'declared', dialect, uri: value as string };
}

/** The dialect a `$schema` value names, or undefined when it names none that is supported. */
export function declaredDialect(value: unknown): SchemaDialect | undefined {
  return typeof value === 'string' ? SPELLINGS.get(value) : undefined;
}
