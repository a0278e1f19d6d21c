/**
 * Which JSON Schema draft a schema declares, and the 2020-12 keywords that mean nothing to draft-07
 * (read as 2020-12 they would start to apply, so they are left out).
 */

import { ANNOTATION_KEYWORDS } from './keywords.js';

const DRAFT07 = /^https?:\/\/json-schema\.org\/draft-0[4-7]\/schema#?$/;
const DRAFT2020 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;
const DRAFT2019 = /^https?:\/\/json-schema\.org\/draft\/2019-09\/schema#?$/;

/** none declared or 2020-12 (and 2019-09, read alike): '2020-12'; draft-04 to 07: 'draft-07'. */
export function draftOf(declared: unknown): '2020-12' | 'draft-07' | 'unknown' {
  if (declared === undefined) return '2020-12';
  if (typeof declared !== 'string') return 'unknown';
  if (DRAFT07.test(declared)) return 'draft-07';
  if (DRAFT2020.test(declared) || DRAFT2019.test(declared)) return '2020-12';
  return 'unknown';
}

export const LATER_KEYWORDS: ReadonlySet<string> = new Set([
  'minContains',
  'maxContains',
  'prefixItems',
  'dependentRequired',
  'dependentSchemas',
  'unevaluatedItems',
  'unevaluatedProperties',
  '$dynamicRef',
  '$dynamicAnchor',
]);

/**
 * Whether draft-07 ignores `key` beside `$ref` ("All other properties in a $ref object MUST be
 * ignored"): every assertion and applicator. Annotations, `$schema`, `$id` and the definitions a
 * reference may point into stay. One answer for convert (which leaves such keywords out, reported
 * as draft07-ref-sibling) and the judge (which compiles a copy without them, as Ajv would
 * otherwise enforce them).
 */
export function ignoredBesideRef(key: string): boolean {
  return !ANNOTATION_KEYWORDS.has(key) && key !== '$ref' && key !== '$schema' && key !== '$id' && key !== 'definitions' && key !== '$defs';
}
