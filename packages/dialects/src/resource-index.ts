/**
 * The one `$ref` resource index of a schema document, shared by lint (does every local reference
 * resolve?) and the judge (decoding plan, document guard, null admission): every subschema with
 * its JSON pointer and the base URI in force there, every `$id` resource and every anchor.
 *
 * - 2020-12: `$id` changes the base URI of its subtree; `$anchor` and `$dynamicAnchor` name a
 *   location in the resource they stand in.
 * - draft-07: `$id: "#name"` is an anchor (not a new base); any other `$id` changes the base, except
 *   beside a `$ref` below the root, where draft-07 ignores it with every other sibling.
 * - Anchors are the draft's only: Ajv also reads `$anchor` in draft-07, so the judge hands it a
 *   draft-07 copy without them (ajv-reading.ts), and lint, convert and the judge read one answer.
 * - Values of data keywords (`enum`, `const`, `default`, `examples`) are never schemas. Objects
 *   under other keywords are indexed, as Ajv's traversal registers `$id`s found there.
 * - Nothing is fetched: a reference to a document this one does not contain is external.
 * The first declaration of a URI or anchor wins; a second one is listed in `duplicates` (Ajv refuses
 * such a document, and the meta-schema check refuses it: meta-check.ts).
 * The document is JSON data: a JS object that contains itself is refused before it gets here (lint's
 * walk reports it; Ajv fails to compile it for the judge), so the walk keeps no ancestor set.
 */
import { escapeToken, fragmentToPointer, getAt, hasBadEscape } from './json-pointer.js';

export type Draft = '2020-12' | 'draft-07';
export type SchemaNode = Record<string, unknown> | boolean;

export interface Loc {
  readonly schema: SchemaNode;
  /** Pointer of this subschema from the root of the document. */
  readonly pointer: string;
  /** Base URI in force inside it. */
  readonly base: string;
}

export type Lookup =
  | { readonly kind: 'found'; readonly loc: Loc }
  /** `uri`: the document named, without fragment. */
  | { readonly kind: 'external'; readonly uri: string; readonly hash: string }
  /** `reason` completes a sentence about the reference ("... points to nothing in this schema"). */
  | { readonly kind: 'unresolved'; readonly reason: string };

interface Resource {
  readonly loc: Loc;
  /** Anchor name -> location, as the document's draft declares anchors. */
  readonly anchors: Map<string, Loc>;
}

// Values of these keywords are data, never subschemas.
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example']);
// Boolean values of these keywords are flags, not boolean subschemas.
const FLAG_KEYWORDS = new Set(['uniqueItems', 'nullable', 'deprecated', 'readOnly', 'writeOnly']);
/** Stands in for the base URI of a document that declares no `$id`; never fetched. */
export const PLACEHOLDER_BASE = 'https://tool-schema.lint.invalid/root.json';
/** Nesting beyond this is not indexed (lint reports depth separately, at a lower bound). */
const MAX_DEPTH = 256;

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function stripFragment(uri: string): string {
  const i = uri.indexOf('#');
  return i < 0 ? uri : uri.slice(0, i);
}

function parseUri(ref: string, base: string): URL | undefined {
  try {
    return new URL(ref, base);
  } catch {
    return undefined;
  }
}

export class ResourceIndex {
  readonly root: Loc;
  readonly draft: Draft;
  /** A resource URI or anchor declared a second time: the pointer of that declaration, and what it declares. */
  readonly duplicates: { pointer: string; message: string }[] = [];
  readonly #resources = new Map<string, Resource>();
  readonly #byPointer = new Map<string, Loc>();
  #byNode: Map<object, Loc> | undefined;

  constructor(schema: SchemaNode, draft: Draft) {
    this.draft = draft;
    this.root = this.#visit(schema, '', PLACEHOLDER_BASE, 0);
    if (!this.#resources.has(PLACEHOLDER_BASE)) this.#resources.set(PLACEHOLDER_BASE, { loc: this.root, anchors: new Map() });
  }

  #resource(uri: string, loc: Loc): Resource {
    let r = this.#resources.get(uri);
    if (!r) this.#resources.set(uri, (r = { loc, anchors: new Map() }));
    return r;
  }

  #anchor(base: string, name: string, loc: Loc, keyword: string): void {
    const anchors = this.#resource(base, loc).anchors;
    const first = anchors.get(name);
    if (!first) anchors.set(name, loc);
    else if (first.pointer !== loc.pointer) {
      this.duplicates.push({ pointer: `${loc.pointer}/${keyword}`, message: `the anchor "${name}" is declared twice in one schema resource (first at ${first.pointer || '/'}), so a reference to it names no one schema` });
    }
  }

  #visit(schema: SchemaNode, pointer: string, base: string, depth: number): Loc {
    let here = base;
    let ownAnchor: string | undefined;
    let declares = false;
    if (isObject(schema)) {
      const id = schema['$id'];
      // draft-07 ignores every keyword beside a `$ref`, its `$id` too (below the root, whose `$id`
      // names the document): the reference is read from the base around it.
      const ignored = this.draft === 'draft-07' && depth > 0 && typeof schema['$ref'] === 'string';
      if (typeof id === 'string' && !ignored) {
        if (id.startsWith('#')) ownAnchor = id.slice(1);
        else {
          const url = parseUri(id, base);
          if (url) {
            here = stripFragment(url.href);
            declares = true;
          }
        }
      }
    }
    const loc: Loc = { schema, pointer, base: here };
    this.#byPointer.set(pointer, loc);
    if (!isObject(schema) || depth > MAX_DEPTH) return loc;
    // An embedded $id naming a resource already declared (the document's own, or its parent's, too).
    const first = declares && depth > 0 ? this.#resources.get(here) : undefined;
    if (first && first.loc.pointer !== pointer) {
      this.duplicates.push({ pointer: `${pointer}/$id`, message: `the $id resolves to ${here}, which ${first.loc.pointer === '' ? 'the document itself' : `the schema at ${first.loc.pointer}`} already declares, so a reference to it names no one schema` });
    }
    if (here !== base || depth === 0) this.#resource(here, loc);
    // Each draft its own anchors: `$id: "#name"` in draft-07, `$anchor` and `$dynamicAnchor` in
    // 2020-12 (in the other draft each is no keyword, and names nothing; the judge hands Ajv a
    // draft-07 copy without them, ajv-reading.ts).
    if (ownAnchor !== undefined && this.draft === 'draft-07') this.#anchor(base, ownAnchor, loc, '$id');
    if (this.draft === '2020-12') {
      for (const key of ['$anchor', '$dynamicAnchor']) {
        const name = schema[key];
        if (typeof name === 'string') this.#anchor(here, name, loc, key);
      }
    }

    for (const key of Object.keys(schema)) {
      if (DATA_KEYWORDS.has(key)) continue;
      const v = schema[key];
      const p = pointer + '/' + escapeToken(key);
      if (Array.isArray(v)) {
        v.forEach((item, i) => {
          if (isObject(item) || typeof item === 'boolean') this.#visit(item, `${p}/${i}`, here, depth + 1);
        });
      } else if (isObject(v)) {
        this.#visit(v, p, here, depth + 1);
      } else if (typeof v === 'boolean' && !FLAG_KEYWORDS.has(key)) {
        this.#byPointer.set(p, { schema: v, pointer: p, base: here });
      }
    }

    return loc;
  }

  #dynamicAsRef: boolean | undefined;

  /**
   * Whether a `$dynamicRef` here means what a `$ref` to its anchor means: 2020-12, and the document
   * is one schema resource, so its dynamic scope holds no other `$dynamicAnchor` of that name. The
   * judge's Ajv reading, null decoding and null admission all read it so (convert asks the same of
   * the document: walk-dynamic.ts).
   */
  get dynamicRefsReadAsRefs(): boolean {
    this.#dynamicAsRef ??= this.draft === '2020-12' && [...this.#resources.values()].every((r) => r.loc === this.root);
    return this.#dynamicAsRef;
  }

  /** Every indexed location (subschemas, and keyword containers such as `properties` itself), in document order. */
  locations(): IterableIterator<Loc> {
    return this.#byPointer.values();
  }

  /** The location at a pointer from the root, when indexed. */
  at(pointer: string): Loc | undefined {
    return this.#byPointer.get(pointer);
  }

  /** The (first) location of an object subschema. */
  locOf(node: object): Loc | undefined {
    // Built on first use: only null admission asks, and most documents are indexed without it.
    let byNode = this.#byNode;
    if (!byNode) {
      byNode = this.#byNode = new Map();
      for (const loc of this.#byPointer.values()) if (typeof loc.schema === 'object' && !byNode.has(loc.schema)) byNode.set(loc.schema, loc);
    }
    return byNode.get(node);
  }

  /** The location of a subschema of `parent` by a keyword path, e.g. child(loc, 'properties', 'a'). */
  child(parent: Loc, ...tokens: (string | number)[]): Loc | undefined {
    let p = parent.pointer;
    for (const t of tokens) p += '/' + escapeToken(t);
    return this.#byPointer.get(p);
  }

  /**
   * Where a reference leads, read from a base URI, by the draft's own rules.
   */
  lookup(ref: string, base: string): Lookup {
    const url = parseUri(ref, base);
    if (!url) return { kind: 'unresolved', reason: 'is not a URI reference that can be resolved' };
    const doc = stripFragment(url.href);
    const resource = this.#resources.get(doc);
    if (!resource) return { kind: 'external', uri: doc, hash: url.hash };
    const hash = url.hash;
    if (hash === '' || hash === '#') return { kind: 'found', loc: resource.loc };
    const decoded = fragmentToPointer(hash);
    if (decoded === undefined) return { kind: 'unresolved', reason: 'has a malformed percent-escape' };
    if (decoded.startsWith('/')) {
      if (hasBadEscape(decoded)) return { kind: 'unresolved', reason: 'is not a valid JSON pointer: a "~" must be followed by 0 or 1 (RFC 6901)' };
      const pointer = resource.loc.pointer + decoded;
      const loc = this.#byPointer.get(pointer);
      if (loc) return { kind: 'found', loc };
      const found = getAt(resource.loc.schema, decoded);
      if (found === undefined) return { kind: 'unresolved', reason: 'points to nothing in this schema' };
      if (typeof found !== 'boolean' && !isObject(found)) return { kind: 'unresolved', reason: 'points to a value that is not a schema' };
      // A value inside data (a `default`, an `enum` entry): a schema by position only, never indexed.
      return { kind: 'found', loc: { schema: found as SchemaNode, pointer, base: resource.loc.base } };
    }
    const anchor = resource.anchors.get(decoded);
    if (!anchor) return { kind: 'unresolved', reason: `names anchor "${decoded}", which this schema does not define${this.draft === 'draft-07' ? ` (draft-07 declares one with $id: "#${decoded}"; $anchor is 2020-12's)` : ''}` };
    return { kind: 'found', loc: anchor };
  }

  /**
   * Where a `$ref` leads as a validator resolves it, or undefined when it leaves the document, names
   * nothing, or lands inside data.
   */
  resolve(ref: string, from: Loc): Loc | undefined {
    const r = this.lookup(ref, from.base);
    if (r.kind !== 'found') return undefined;
    return this.#byPointer.get(r.loc.pointer) === r.loc ? r.loc : undefined;
  }
}
