/**
 * draft-07 ignores every assertion beside `$ref`, but Ajv enforces them, so the judge refused
 * calls the canonical schema (and every spelling, which leaves them out: draft07-ref-sibling)
 * accepts. The judge compiles a copy without them instead; a draft-07 schema with no such
 * sibling (nearly all) is compiled as it is.
 */
import { ignoredBesideRef } from '../convert/drafts.js';
import { getAt } from '../json-pointer.js';
import { ResourceIndex, type SchemaNode } from '../resource-index.js';

/** The draft-07 schema without the keywords it ignores beside `$ref`, or undefined when it has none. Never changes `schema`. */
export function withoutRefSiblings(schema: SchemaNode): SchemaNode | undefined {
  const found: [string, string][] = [];
  for (const loc of new ResourceIndex(schema, 'draft-07').locations()) {
    const node = loc.schema;
    if (typeof node !== 'object' || node === null || typeof node.$ref !== 'string') continue;
    for (const key of Object.keys(node)) if (ignoredBesideRef(key)) found.push([loc.pointer, key]);
  }
  if (found.length === 0) return undefined;
  const copy = structuredClone(schema);
  for (const [pointer, key] of found) {
    // A holder inside a sibling already taken out is gone with it.
    const holder = getAt(copy, pointer) as Record<string, unknown> | undefined;
    if (holder !== null && typeof holder === 'object') delete holder[key];
  }
  return copy;
}
