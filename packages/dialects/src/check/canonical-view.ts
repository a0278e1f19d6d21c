/**
 * What the canonical schema says at one place, for the sentence checker: the node seen through its
 * references and its allOf branches (the walk merges both into the node a dialect spells), with
 * draft-07 spellings read as their 2020-12 meaning.
 */
import { isPlainObject, type JsonObject } from '../convert/data.js';
import { draftOf } from '../convert/drafts.js';
import { renderValue } from '../convert/placeholders.js';
import { RefIndex } from '../convert/refs.js';
import { showRefs } from '../convert/refs-shown.js';
import { typeAdmitsValue } from '../convert/any-value.js';
import { typeNames } from '../type-names.js';
import { patternMatches } from '../name-schemas.js';
import { acceptsNoValue } from '../accepts-no-value.js';
import { ANNOTATION_KEYWORDS, SILENT_KEYWORDS } from '../convert/keywords.js';

export interface CanonicalView {
  /** The same canonical place seen twice gives the same id (a cycle ends the walk there). */
  readonly id: string;
  readonly description: string | undefined;
  readonly isFalse: boolean;
  /** A reference in it could not be followed (not a local pointer): what it says is unknown. */
  readonly opaque: boolean;
  /** No other properties are accepted (additionalProperties or unevaluatedProperties false). */
  readonly closed: boolean;
  readonly required: ReadonlySet<string>;
  readonly union: readonly unknown[] | undefined;
  readonly unionKeyword: string;
  has(keyword: string): boolean;
  /** `{keyword}` as a sentence renders it, once per part that has it (draft-07 spellings read as 2020-12). */
  renderedValues(keyword: string): string[];
  /** `{keyword}`'s values themselves, in the same order. */
  values(keyword: string): unknown[];
  /** The values as a sentence shows them: local references in their subschemas shown (convert/refs-shown.ts). */
  shownValues(keyword: string): unknown[];
  /** The enum rendered without its null, for a dialect that moves null into a flag. */
  /** The enum as a sentence may state it: without null, and without values the node's type refuses. */
  enumReadings(): string[];
  /** The node holds a `$ref` beside rules of its own: the walk may apply the two as an allOf ("Must match all of"). */
  refBesideRules: boolean;
  property(name: string): CanonicalView | undefined;
  propertyIsFalse(name: string): boolean;
  items(): CanonicalView | undefined;
  prefixItem(i: number): CanonicalView | undefined;
  sub(keyword: string): CanonicalView | undefined;
  child(node: unknown, token: string): CanonicalView | undefined;
  /** This union node read as its one real branch (what a nullable flag folds it into), its own keywords kept. */
  collapse(branch: unknown): CanonicalView;
}

const ids = new WeakMap<object, number>();
let nextId = 1;
const idOf = (o: object): number => {
  let id = ids.get(o);
  if (id === undefined) ids.set(o, (id = nextId++));
  return id;
};

const OPAQUE = Symbol('opaque');

/** One reference index per canonical root, as the walk has one per schema. */
const indexes = new WeakMap<object, RefIndex>();
function refIndexOf(root: unknown): RefIndex {
  const draft07 = isPlainObject(root) && draftOf(root.$schema) === 'draft-07';
  if (root === null || typeof root !== 'object') return new RefIndex(root);
  let index = indexes.get(root);
  if (index === undefined) indexes.set(root, (index = new RefIndex(root, draft07)));
  return index;
}

/** The node and everything that applies with it: its reference targets and allOf branches. */
function partsOf(root: unknown, node: unknown, into: unknown[] = [], depth = 0): unknown[] {
  if (depth > 64 || into.includes(node)) return into;
  into.push(node);
  if (!isPlainObject(node)) return into;
  if (typeof node.$ref === 'string') {
    // Read as the walk reads it (by the base URI in force, in a document that embeds resources).
    const r = refIndexOf(root).resolve(node.$ref, node);
    if (r.kind === 'local') partsOf(root, r.target.node, into, depth + 1);
    else into.push(OPAQUE);
  }
  if (Array.isArray(node.allOf)) for (const b of node.allOf) partsOf(root, b, into, depth + 1);
  return into;
}

export function canonicalView(root: unknown, node: unknown): CanonicalView {
  const draft07 = isPlainObject(root) && draftOf(root.$schema) === 'draft-07';
  const parts = partsOf(root, node);
  const objects = parts.filter(isPlainObject);
  const first = <T>(f: (o: JsonObject) => T | undefined): T | undefined => {
    for (const o of objects) {
      const v = f(o);
      if (v !== undefined) return v;
    }
    return undefined;
  };
  const required = new Set<string>();
  for (const o of objects) if (Array.isArray(o.required)) for (const r of o.required) if (typeof r === 'string') required.add(r);
  const unionOwner = objects.find((o) => Array.isArray(o.anyOf) || Array.isArray(o.oneOf));
  const unionKeyword = unionOwner && Array.isArray(unionOwner.anyOf) ? 'anyOf' : 'oneOf';
  const view = (n: unknown): CanonicalView | undefined => (n === undefined ? undefined : canonicalView(root, n));
  const valuesOf = (keyword: string): unknown[] => {
    const out: unknown[] = [];
    for (const o of objects) {
      if (draft07 && keyword === 'prefixItems' && Array.isArray(o.items)) out.push(o.items);
      else if (draft07 && keyword === 'items' && Array.isArray(o.items)) {
        if (o.additionalItems !== undefined) out.push(o.additionalItems);
      } else if (draft07 && (keyword === 'dependentRequired' || keyword === 'dependentSchemas') && isPlainObject(o.dependencies)) {
        const picked: JsonObject = {};
        for (const [k, v] of Object.entries(o.dependencies)) if (Array.isArray(v) === (keyword === 'dependentRequired')) picked[k] = v;
        if (Object.keys(picked).length > 0) out.push(picked);
      } else if (Object.prototype.hasOwnProperty.call(o, keyword)) out.push(o[keyword]);
      // const is read as a one-value enum by dialects that do so.
      if (keyword === 'enum' && Object.prototype.hasOwnProperty.call(o, 'const')) out.push([o.const]);
      // `items: false` after positions is spelled as a count.
      if (keyword === 'maxItems' && o.items === false) out.push(Array.isArray(o.prefixItems) ? o.prefixItems.length : 0);
      if (keyword === 'maxItems' && draft07 && o.additionalItems === false && Array.isArray(o.items)) out.push(o.items.length);
    }
    return out;
  };
  const shownOf = (keyword: string): unknown[] => valuesOf(keyword).map((v) => showRefs(keyword, v, () => refIndexOf(root)));
  const self = objects[0];
  return {
    id: String(isPlainObject(node) || Array.isArray(node) ? idOf(node as object) : `v${String(node)}`),
    description: self && typeof self.description === 'string' ? self.description : first((o) => (typeof o.description === 'string' ? o.description : undefined)),
    opaque: parts.includes(OPAQUE),
    isFalse: parts.some(acceptsNoValue),
    // An additionalProperties beside it evaluates every property, so unevaluatedProperties then says nothing.
    closed: objects.some((o) => acceptsNoValue(o.additionalProperties)) || (objects.some((o) => acceptsNoValue(o.unevaluatedProperties)) && !objects.some((o) => o.additionalProperties !== undefined)),
    required,
    union: unionOwner ? ((unionOwner.anyOf ?? unionOwner.oneOf) as unknown[]) : undefined,
    unionKeyword,
    has: (k) => valuesOf(k).length > 0,
    refBesideRules: isPlainObject(node) && typeof node.$ref === 'string' && Object.keys(node).some((k) => k !== '$ref' && !ANNOTATION_KEYWORDS.has(k) && !SILENT_KEYWORDS.has(k)),
    renderedValues: (k) => shownOf(k).map(renderValue),
    values: valuesOf,
    shownValues: shownOf,
    enumReadings: () => {
      // The values a dialect may state: without null (a flag or type says it), and without the
      // values the node's own type refuses (never accepted, so the walk leaves them out).
      const e = valuesOf('enum')[0];
      if (!Array.isArray(e)) return [];
      const types = typeNames(valuesOf('type')[0]);
      const within = types === undefined ? e : e.filter((v) => types.some((t) => typeAdmitsValue(t, v)));
      return [e.filter((v) => v !== null), within, within.filter((v) => v !== null)].map(renderValue);
    },
    property: (name) => {
      // Every part that declares the property applies to it (a reference and its siblings, allOf branches).
      const found: unknown[] = [];
      for (const o of objects) if (isPlainObject(o.properties) && Object.prototype.hasOwnProperty.call(o.properties, name)) found.push(o.properties[name]);
      return found.length <= 1 ? view(found[0]) : view({ allOf: found });
    },
    // Refused by a part that says so, or by a part's closure: additionalProperties sees only its own
    // part's properties, so a closed part refuses a name only the other parts declare.
    propertyIsFalse: (name) =>
      objects.some((o) => {
        const declared = isPlainObject(o.properties) && Object.prototype.hasOwnProperty.call(o.properties, name);
        // unevaluatedProperties: false closes alike where nothing beside it evaluates in place.
        const alone = objects.length === 1 && !['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas', 'dependencies', '$ref', '$dynamicRef'].some((k) => o[k] !== undefined);
        const closed = o.additionalProperties === false || (o.additionalProperties === undefined && o.unevaluatedProperties === false && alone);
        // A pattern that matches the name applies too, and keeps the closure off it; one the
        // linear engine cannot run may match, so it refuses nothing and keeps the closure off.
        const patterns = isPlainObject(o.patternProperties) ? o.patternProperties : {};
        let mayMatch = false;
        for (const source of Object.keys(patterns)) {
          const match = patternMatches(source, name);
          if (match === true && acceptsNoValue(patterns[source])) return true;
          if (match !== false) mayMatch = true;
        }
        if (!declared) return closed && !mayMatch;
        // Seen through its references: a property that refers to a false definition is refused too.
        const p = (o.properties as JsonObject)[name];
        return acceptsNoValue(p) || view(p)?.isFalse === true;
      }),
    items: () => view(valuesOf('items').find((v) => !Array.isArray(v))),
    prefixItem: (i) => view((valuesOf('prefixItems').find(Array.isArray) as unknown[] | undefined)?.[i]),
    sub: (k) => view(first((o) => (o[k] !== undefined && !Array.isArray(o[k]) ? o[k] : undefined))),
    child: (n) => view(n),
    collapse: (branch) => {
      const own: JsonObject = {};
      if (isPlainObject(node)) for (const k of Object.keys(node)) if (k !== 'anyOf' && k !== 'oneOf') own[k] = node[k];
      return canonicalView(root, { allOf: [own, branch] });
    },
  };
}
