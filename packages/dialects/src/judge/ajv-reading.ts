/**
 * The schema as the judge hands it to Ajv, where Ajv would read it otherwise than JSON Schema does:
 * - draft-07 ignores every assertion beside `$ref` ("All other properties in a $ref object MUST
 *   be ignored"), but Ajv enforces them, so the judge refused calls the canonical schema (and
 *   every spelling, which leaves them out as draft07-ref-sibling) accepts: they are taken out;
 * - Ajv leaves a property named `__proto__` out of `properties` (its guard against prototype
 *   pollution), so any value passed under that name, and a closed object refused it as undeclared:
 *   it becomes a `patternProperties` entry for exactly that name, which Ajv applies (on own
 *   properties: such a schema is judged with `ownProperties`, ajv-instances.ts) and which
 *   `additionalProperties` counts as declared.
 * - Ajv follows `$dynamicRef` only to a `$dynamicAnchor` at the root of a schema resource; one
 *   inside `$defs` made it resolve to the wrong schema (the document root), refusing valid calls.
 *   In a document of one resource the dynamic scope holds nothing else, so the reference means
 *   exactly what `$ref` to that anchor's schema means: it is spelled so (a document with several
 *   resources is left to Ajv).
 * - Ajv recursed without end compiling a schema whose `$id` stands beside its `$ref` with no other
 *   rule (`{"$id": "other.json", "$ref": "#/$defs/n", "$defs": {...}}`), and the judge refused every
 *   call as "too deep": the `$ref` moves into an `allOf` branch of the same schema, which resolves
 *   it from the same base and means the same.
 * - Ajv refuses to compile `enum: []` ("enum must have non-empty array"), which both meta-schemas
 *   allow and which accepts no value: every call to the tool failed as a server fault, though
 *   lint, convert and registration took the schema. It becomes an `allOf` branch `false`, which
 *   accepts no value either.
 * - Ajv reads `$anchor` and `$dynamicAnchor` in draft-07 too, where they are no keywords: beside a
 *   draft-07 anchor (`$id: "#addr"`) of the same name it refused to compile the schema ("resolves
 *   to more than one schema") though the draft names one. They are taken out of a draft-07 copy.
 * All are found in one pass over the subschemas and mended in one copy; a schema with none (nearly
 * all) is compiled as it is, and a 2020-12 schema naming no prototype key and no `$dynamicRef` is
 * not read at all.
 */
import { ignoredBesideRef } from '../convert/drafts.js';
import { getAt } from '../json-pointer.js';
import { someEntry } from '../some-entry.js';
import { ResourceIndex, type SchemaNode } from '../resource-index.js';
import type { Draft } from './draft.js';

const EXACTLY_PROTO = '^__proto__$';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The copy Ajv is to compile instead of `schema`, or undefined when Ajv reads `schema` as it is. Never changes `schema`. */
export function ajvReading(schema: SchemaNode, draft: Draft, namesPrototypeKeys: boolean): SchemaNode | undefined {
  const refSiblings = draft === 'draft-07';
  // One scan for both: a `$dynamicRef` (2020-12), and an `$id` below the root, without which no
  // `$id` stands beside a `$ref` but the root's (which Ajv reads as the document's own).
  let dynamic = false;
  let embedded = false;
  let emptyEnum = false;
  let laterAnchors = false;
  someEntry(schema, (key, value, depth) => {
    if (key === '$dynamicRef') dynamic = draft === '2020-12';
    else if ((key === '$anchor' || key === '$dynamicAnchor') && draft === 'draft-07') laterAnchors = true;
    else if (key === '$id' && depth > 0 && typeof value === 'string' && !value.startsWith('#')) embedded = true;
    else if (key === 'enum' && Array.isArray(value) && value.length === 0) emptyEnum = true;
    return (dynamic || draft !== '2020-12') && embedded && emptyEnum && (laterAnchors || draft !== 'draft-07');
  });
  if (!refSiblings && !namesPrototypeKeys && !dynamic && !embedded && !emptyEnum && !laterAnchors) return undefined;
  const siblings: [string, string][] = [];
  const protos: string[] = [];
  const dynamicRefs: [string, string][] = [];
  const idRefs: string[] = [];
  const emptyEnums: string[] = [];
  const anchors: [string, string][] = [];
  const index = new ResourceIndex(schema, draft);
  for (const loc of index.locations()) {
    const node = loc.schema;
    if (!isNode(node)) continue;
    // (an `$id` too, below the root: Ajv would read the reference from it)
    if (refSiblings && typeof node.$ref === 'string') for (const key of Object.keys(node)) if (ignoredBesideRef(key) || (key === '$id' && loc.pointer !== '')) siblings.push([loc.pointer, key]);
    if (embedded && loc.pointer !== '' && typeof node.$ref === 'string' && typeof node.$id === 'string' && !node.$id.startsWith('#')) idRefs.push(loc.pointer);
    if (emptyEnum && Array.isArray(node.enum) && node.enum.length === 0) emptyEnums.push(loc.pointer);
    if (laterAnchors) for (const key of ['$anchor', '$dynamicAnchor']) if (typeof node[key] === 'string') anchors.push([loc.pointer, key]);
    if (namesPrototypeKeys && isNode(node.properties) && Object.hasOwn(node.properties, '__proto__')) protos.push(loc.pointer);
    if (dynamic && typeof node.$dynamicRef === 'string') {
      const target = index.resolve(node.$dynamicRef, loc);
      // One that names nothing is what a $ref naming nothing is (Ajv took the document root): spelled
      // as that $ref, Ajv then refuses to compile it, and the judge says so.
      if (target !== undefined) dynamicRefs.push([loc.pointer, `#${encodeURI(target.pointer)}`]);
      else if (index.lookup(node.$dynamicRef, loc.base).kind === 'unresolved') dynamicRefs.push([loc.pointer, node.$dynamicRef]);
    }
  }
  if (!index.dynamicRefsReadAsRefs) dynamicRefs.length = 0;
  if (siblings.length === 0 && protos.length === 0 && dynamicRefs.length === 0 && idRefs.length === 0 && emptyEnums.length === 0 && anchors.length === 0) return undefined;
  const copy = structuredClone(schema);
  for (const [pointer, ref] of dynamicRefs) {
    const holder = getAt(copy, pointer);
    if (!isNode(holder)) continue;
    delete holder.$dynamicRef;
    // Beside a $ref of its own, both must hold.
    if (typeof holder.$ref === 'string') holder.allOf = [...(Array.isArray(holder.allOf) ? holder.allOf : []), { $ref: ref }];
    else holder.$ref = ref;
  }
  for (const [pointer, key] of [...siblings, ...anchors]) {
    // A holder inside a sibling already taken out is gone with it.
    const holder = getAt(copy, pointer);
    if (isNode(holder)) delete holder[key];
  }
  for (const pointer of emptyEnums) {
    const holder = getAt(copy, pointer);
    // A $ref sibling taken out above went with its holder's other keywords.
    if (!isNode(holder) || !Array.isArray(holder.enum)) continue;
    delete holder.enum;
    // `false` is worded "is not accepted" (rule-words.ts), as a false property schema is.
    holder.allOf = [...(Array.isArray(holder.allOf) ? holder.allOf : []), false];
  }
  for (const pointer of idRefs) {
    // After the draft-07 siblings are taken out: the $ref is still the one to apply.
    const holder = getAt(copy, pointer);
    if (!isNode(holder) || typeof holder.$ref !== 'string') continue;
    holder.allOf = [...(Array.isArray(holder.allOf) ? holder.allOf : []), { $ref: holder.$ref }];
    delete holder.$ref;
  }
  for (const pointer of protos) {
    const node = getAt(copy, pointer);
    // Its properties may be a $ref sibling taken out above.
    if (!isNode(node) || !isNode(node.properties)) continue;
    const own = node.properties['__proto__'];
    delete node.properties['__proto__'];
    const patterns: Node = isNode(node.patternProperties) ? node.patternProperties : {};
    // A pattern already there for the same name applies too: both must hold.
    patterns[EXACTLY_PROTO] = Object.hasOwn(patterns, EXACTLY_PROTO) ? { allOf: [patterns[EXACTLY_PROTO], own] } : own;
    node.patternProperties = patterns;
  }
  return copy;
}
