/**
 * Ajv leaves a property named `__proto__` out of `properties` (its guard against prototype
 * pollution), so the judge accepted any value under that name, and an object closed by
 * `additionalProperties: false` refused it as undeclared, though the canonical schema declares it.
 * The judge compiles a copy where each such property is a `patternProperties` entry for exactly
 * that name, which Ajv applies (on own properties: a schema naming `__proto__` is judged with
 * `ownProperties`, ajv-instances.ts), and which `additionalProperties` counts as declared.
 */
import { getAt } from '../json-pointer.js';
import { ResourceIndex, type SchemaNode } from '../resource-index.js';
import type { Draft } from './draft.js';

const EXACTLY_PROTO = '^__proto__$';

/** The schema with each `properties.__proto__` moved into `patternProperties`, or undefined when it has none. Never changes `schema`. */
export function withProtoAsPattern(schema: SchemaNode, draft: Draft): SchemaNode | undefined {
  const found: string[] = [];
  for (const loc of new ResourceIndex(schema, draft).locations()) {
    const props = typeof loc.schema === 'object' && loc.schema !== null ? loc.schema.properties : undefined;
    if (props !== null && typeof props === 'object' && !Array.isArray(props) && Object.hasOwn(props, '__proto__')) found.push(loc.pointer);
  }
  if (found.length === 0) return undefined;
  const copy = structuredClone(schema);
  for (const pointer of found) {
    const node = getAt(copy, pointer) as Record<string, unknown> | undefined;
    if (node === null || typeof node !== 'object') continue;
    const props = node.properties as Record<string, unknown>;
    const own = props['__proto__'];
    delete props['__proto__'];
    const held = node.patternProperties;
    const patterns: Record<string, unknown> = held !== null && typeof held === 'object' && !Array.isArray(held) ? (held as Record<string, unknown>) : {};
    // A pattern already there for the same name applies too: both must hold.
    patterns[EXACTLY_PROTO] = Object.hasOwn(patterns, EXACTLY_PROTO) ? { allOf: [patterns[EXACTLY_PROTO], own] } : own;
    node.patternProperties = patterns;
  }
  return copy;
}
