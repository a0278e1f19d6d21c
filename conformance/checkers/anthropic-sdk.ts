/**
 * The Anthropic SDK's own strict-mode rewrite, run over a dialect output: `transformJSONSchema`
 * from `@anthropic-ai/sdk/lib/transform-json-schema` (1.16.0, installed here). It throws on a
 * schema strict mode cannot take ("JSON schema must have a type defined if
 * anyOf/oneOf/allOf/enum/const are not used") and otherwise rewrites the schema into what the SDK
 * sends; an output must come back unchanged, or changed only where a decision of
 * docs/dialects/decisions.md ("What the vendors' SDKs change") says the dialect follows the page:
 * - `default` and `pattern`: the page lists both as supported; the SDK writes them into the description;
 * - keywords beside a type array of two types besides null (`["string","integer"]` with
 *   `minimum`): the page accepts type arrays; the SDK reads type keywords only beside a single type.
 *   "Or null" is spelled as anyOf (rule null-as-any-of), so a nullable type array is no decision;
 * - spelling only: `type` beside enum/const or beside a union of typed branches (the SDK leaves it
 *   out), and an empty `properties` the SDK adds to an object without properties;
 * - the description, where the SDK appends the keywords above as `{key: value}`;
 * - a description beside `$ref`: 2020-12 reads it and the model should; the SDK keeps `$ref` alone.
 */
import { transformJSONSchema } from '@anthropic-ai/sdk/lib/transform-json-schema';
import { sdkProblems, typeBesideLiterals, typeBesideTypedUnion, type Decision } from './sdk-diff.js';

export const name = 'anthropic-sdk';

/** Moved into the description by the SDK; kept by the dialect because the page supports it. */
const PAGE_KEEPS = new Set(['default', 'pattern']);
const pageKeeps: Decision = (d) => d.kind === 'removed' && PAGE_KEEPS.has(d.keyword);

/** Beside a type array (not one of a type and null) the SDK keeps only the keywords every type shares. */
const besideTypeArray: Decision = (d) => d.kind === 'removed' && d.node !== undefined && Array.isArray(d.node['type']) && !d.node['type'].includes('null');

const emptyProperties: Decision = (d) =>
  d.kind === 'added' && d.keyword === 'properties' && d.node?.['type'] === 'object' && JSON.stringify(d.theirs) === '{}';

/** The description keeps the dialect's text first; the SDK appends what it moved as `{key: value, ...}`. */
const movedIntoDescription: Decision = (d) => {
  if (d.keyword !== 'description' || typeof d.theirs !== 'string') return false;
  const before = typeof d.ours === 'string' && d.ours !== '' ? `${d.ours}\n\n` : '';
  return d.theirs.startsWith(`${before}{`) && d.theirs.endsWith('}');
};

const descriptionBesideRef: Decision = (d) => d.kind === 'removed' && d.keyword === 'description' && d.node !== undefined && '$ref' in d.node;

export const DECISIONS: readonly Decision[] = [
  pageKeeps, besideTypeArray, typeBesideLiterals, typeBesideTypedUnion, emptyProperties, movedIntoDescription, descriptionBesideRef,
];

export function check(schema: unknown): string[] {
  return sdkProblems('transformJSONSchema', transformJSONSchema as (s: unknown) => unknown, DECISIONS, schema);
}
