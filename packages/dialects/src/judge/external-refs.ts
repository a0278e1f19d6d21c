/**
 * References that leave a tool's schema. They are never fetched, so Ajv cannot compile a schema
 * that has one; the judge compiles a copy without them instead: the rest of the schema still
 * judges every call, and what the missing part would have said is accepted unchecked, with a
 * warning from `warm()` (the lint's `external-ref` warning says the same at registration).
 * Lint's example check leaves them out the same way (lint/example-validator.ts).
 */
import { getAt } from '../json-pointer.js';
import { ResourceIndex, type SchemaNode } from '../resource-index.js';
import type { Draft } from './draft.js';

export interface ExternalRef {
  /** Pointer of the reference keyword in the schema, e.g. `/properties/e/$ref`. */
  pointer: string;
  ref: string;
}

/**
 * The schema without the references that leave it (`known` says which documents the validator
 * holds itself, such as the meta-schemas), or undefined when it has none. Never changes `schema`.
 */
export function withoutExternalRefs(schema: SchemaNode, draft: Draft, known: (uri: string) => boolean): { schema: SchemaNode; refs: ExternalRef[] } | undefined {
  const index = new ResourceIndex(schema, draft);
  const refs: ExternalRef[] = [];
  for (const loc of index.locations()) {
    const node = loc.schema;
    if (typeof node !== 'object') continue;
    for (const key of ['$ref', '$dynamicRef']) {
      const ref = node[key];
      if (typeof ref !== 'string') continue;
      const found = index.lookup(ref, loc.base);
      if (found.kind === 'external' && !known(found.uri)) refs.push({ pointer: `${loc.pointer}/${key}`, ref });
    }
  }
  if (refs.length === 0) return undefined;
  const copy = structuredClone(schema);
  for (const { pointer } of refs) {
    const cut = pointer.lastIndexOf('/');
    const holder = getAt(copy, pointer.slice(0, cut)) as Record<string, unknown>;
    delete holder[pointer.slice(cut + 1)];
  }
  return { schema: copy, refs };
}
