/** Which JSON Schema draft a tool schema is written in, read from its `$schema`. */
export type Draft = '2020-12' | 'draft-07';

const DRAFT_2020 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;
const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;

/** The draft, or a string naming the unsupported `$schema` value. */
export function detectDraft(schema: unknown, fallback: Draft): Draft | { unsupported: string } {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return fallback;
  const declared = (schema as Record<string, unknown>)['$schema'];
  if (declared === undefined) return fallback;
  if (typeof declared !== 'string') return { unsupported: JSON.stringify(declared) };
  if (DRAFT_2020.test(declared)) return '2020-12';
  if (DRAFT_07.test(declared)) return 'draft-07';
  return { unsupported: declared };
}
