/**
 * Local `$ref` resolution for the decoding plan: every subschema of a canonical schema with its
 * pointer, base URI, `$id`s and anchors, so that `#`, `#/$defs/X`, `#/definitions/X`, any JSON
 * pointer, `#anchor` and refs to an embedded `$id` resolve to a location in the same document.
 * Nothing is fetched: a ref that leaves the document resolves to nothing.
 */
import { escapeToken, fragmentToPointer, parsePointer } from '../json-pointer.js';
import type { Draft } from './draft.js';

export type SchemaNode = Record<string, unknown> | boolean;

export interface Loc {
  readonly schema: SchemaNode;
  /** Pointer of this subschema from the root of the canonical schema. */
  readonly pointer: string;
  /** Base URI in force inside it. */
  readonly base: string;
}

// Values of these keywords are data, never subschemas.
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example']);
const ROOT_BASE = 'https://judge.invalid/root.json';

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function resolveUri(ref: string, base: string): string | undefined {
  try {
    return new URL(ref, base).href;
  } catch {
    return undefined;
  }
}

export class SchemaIndex {
  readonly root: Loc;
  readonly draft: Draft;
  private readonly byUri = new Map<string, Loc>();
  private readonly byPointer = new Map<string, Loc>();

  constructor(schema: SchemaNode, draft: Draft) {
    this.draft = draft;
    this.root = this.visit(schema, '', ROOT_BASE, 0);
    this.byUri.set(ROOT_BASE, this.root);
  }

  private visit(schema: SchemaNode, pointer: string, base: string, depth: number): Loc {
    let here = base;
    if (isObject(schema)) {
      const id = schema['$id'];
      if (typeof id === 'string') {
        // In draft-07 an `$id` of "#name" is an anchor, not a new base.
        if (this.draft === 'draft-07' && id.startsWith('#')) {
          const uri = resolveUri(id, base);
          if (uri) this.byUri.set(uri, { schema, pointer, base });
        } else {
          here = resolveUri(id, base) ?? base;
          here = here.replace(/#$/, '');
        }
      }
    }
    const loc: Loc = { schema, pointer, base: here };
    this.byPointer.set(pointer, loc);
    if (!isObject(schema) || depth > 256) return loc;
    this.byUri.set(here, this.byUri.get(here) ?? loc);
    for (const anchorKey of ['$anchor', '$dynamicAnchor']) {
      const a = schema[anchorKey];
      if (typeof a === 'string') {
        const uri = resolveUri('#' + a, here);
        if (uri && !this.byUri.has(uri)) this.byUri.set(uri, loc);
      }
    }
    for (const key of Object.keys(schema)) {
      if (DATA_KEYWORDS.has(key)) continue;
      const v = schema[key];
      const p = pointer + '/' + escapeToken(key);
      if (Array.isArray(v)) {
        v.forEach((item, i) => {
          if (isObject(item) || typeof item === 'boolean') this.visit(item, `${p}/${i}`, here, depth + 1);
        });
      } else if (isObject(v)) {
        this.visit(v, p, here, depth + 1);
      } else if (typeof v === 'boolean' && key !== 'uniqueItems' && key !== 'nullable' && key !== 'deprecated' && key !== 'readOnly' && key !== 'writeOnly') {
        this.byPointer.set(p, { schema: v, pointer: p, base: here });
      }
    }
    return loc;
  }

  /** Every indexed location (subschemas, and a few keyword containers such as `properties` itself). */
  locations(): IterableIterator<Loc> {
    return this.byPointer.values();
  }

  /** The location of a subschema of `parent` by a keyword path, e.g. child(loc, 'properties', 'a'). */
  child(parent: Loc, ...tokens: (string | number)[]): Loc | undefined {
    let p = parent.pointer;
    for (const t of tokens) p += '/' + escapeToken(t);
    return this.byPointer.get(p);
  }

  /** Where a `$ref` leads, or undefined when it leaves the document or names nothing. */
  resolve(ref: string, from: Loc): Loc | undefined {
    const uri = resolveUri(ref, from.base);
    if (!uri) return undefined;
    const hash = uri.indexOf('#');
    const doc = hash < 0 ? uri : uri.slice(0, hash);
    const fragment = hash < 0 ? '' : uri.slice(hash + 1);
    if (fragment === '' ) return this.byUri.get(doc);
    if (!fragment.startsWith('/')) return this.byUri.get(uri);
    const docLoc = this.byUri.get(doc);
    const pointer = fragmentToPointer(fragment);
    const tokens = pointer === undefined ? undefined : parsePointer(pointer);
    if (!docLoc || !tokens) return undefined;
    return this.child(docLoc, ...tokens);
  }
}
