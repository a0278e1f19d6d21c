/** Which JSON Schema dialect a tool schema declares. */

export type SchemaDialect = '2020-12' | 'draft-07';

export const DIALECT_URIS: Record<SchemaDialect, string> = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
};

/** An empty fragment does not change which meta-schema a URI names. */
const normalise = (uri: string): string => (uri.endsWith('#') ? uri.slice(0, -1) : uri);

export type DialectReading =
  | { kind: 'default'; dialect: '2020-12' }
  | { kind: 'declared'; dialect: SchemaDialect; uri: string }
  | { kind: 'unsupported'; value: unknown };

export function readDialect(schema: unknown): DialectReading {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || !('$schema' in schema)) {
    return { kind: 'default', dialect: '2020-12' };
  }
  const value = (schema as Record<string, unknown>).$schema;
  if (typeof value === 'string') {
    for (const dialect of Object.keys(DIALECT_URIS) as SchemaDialect[]) {
      if (normalise(value) === normalise(DIALECT_URIS[dialect])) return { kind: 'declared', dialect, uri: value };
    }
  }
  return { kind: 'unsupported', value };
}
