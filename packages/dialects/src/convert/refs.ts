/**
 * Reference resolution within one schema document: `#`, any JSON pointer (`~0`/`~1` and percent
 * escapes), `$anchor` / `$dynamicAnchor` names in 2020-12 and `$id: "#name"` in draft-07, the document's own
 * `$id` as base. Anything else is external and is never fetched.
 *
 * Most documents are one resource, and a reference is then read by its fragment alone (the fast
 * path). A document that embeds another resource (an `$id` below the root) is read as a validator
 * reads it, through the shared resource index: a reference means what it means from the base URI
 * in force where it is written, so `#/$defs/x` inside an embedded resource is that resource's `x`,
 * and `item.json` names the embedded `item.json` rather than an external document.
 */
import { fragmentToPointer, parsePointer, toPointer } from '../json-pointer.js';
import { PLACEHOLDER_BASE, ResourceIndex, type Loc, type SchemaNode } from '../resource-index.js';
import { someEntry } from '../some-entry.js';
import { eachSubschema, STRUCTURE_TOKENS } from './keywords.js';
import { hasOwn, isPlainObject, tokenList, type JsonObject } from './data.js';

export interface RefTarget {
  readonly node: unknown;
  /** JSON pointer of the target inside the schema document. */
  readonly pointer: string;
  readonly tokens: readonly string[];
  /** A readable name: the definition's key, else the title, else derived from the pointer. */
  readonly name: string;
  /** The target is an entry of the root `$defs` / `definitions`. */
  readonly rootDefinition: boolean;
}

export type Resolution =
  | { readonly kind: 'local'; readonly target: RefTarget }
  | { readonly kind: 'external'; readonly ref: string }
  | { readonly kind: 'missing'; readonly reason: string };

const MAX_SCAN = 2_000_000;

export class RefIndex {
  readonly #root: unknown;
  readonly #cache = new Map<string, Resolution>();
  readonly #byNode = new Map<unknown, RefTarget>();
  #anchors: Map<string, { node: unknown; tokens: string[] }> | undefined;
  readonly #baseId: string | undefined;
  readonly #draft07: boolean;
  /** The resource index of a document that embeds resources; null when it is one resource. */
  #resources: ResourceIndex | null | undefined;

  constructor(root: unknown, draft07 = false) {
    this.#root = root;
    this.#draft07 = draft07;
    const id = root !== null && typeof root === 'object' && hasOwn(root, '$id') ? (root as JsonObject).$id : undefined;
    this.#baseId = typeof id === 'string' ? id.replace(/#$/, '') : undefined;
  }

  /**
   * Where `ref` leads, read where it is written: `refAt` is the place of the `$ref` in the input
   * (its tokens), else `holder` the schema object that holds it, and `around` the schemas the walk
   * stands in (innermost last), asked when the holder is one the walk made up. They matter only in
   * a document that embeds resources; the place is exact even where one object stands in two of them.
   */
  resolve(ref: string, holder?: unknown, around?: readonly unknown[], refAt?: readonly string[]): Resolution {
    const resources = this.#resourceIndex();
    if (resources !== null) {
      const placed = refAt !== undefined && refAt.length > 0 ? resources.at(toPointer(refAt.slice(0, -1))) : undefined;
      return this.#resolveIn(resources, ref, placed?.base ?? this.#baseOf(resources, holder, around));
    }
    let r = this.#cache.get(ref);
    if (!r) {
      r = this.#resolve(ref);
      this.#cache.set(ref, r);
    }
    return r;
  }

  /** Whether the document embeds a resource: then references are read by base URI. */
  get embedsResources(): boolean {
    return this.#resourceIndex() !== null;
  }

  #resourceIndex(): ResourceIndex | null {
    if (this.#resources !== undefined) return this.#resources;
    // An `$id` below the root that is not draft-07's anchor spelling (`#name`) starts a resource.
    // A match inside data (an enum value) only costs the slower, still exact, path.
    const embeds = someEntry(this.#root, (key, value, depth) => key === '$id' && depth > 0 && typeof value === 'string' && !value.startsWith('#'));
    this.#resources = embeds && isPlainObject(this.#root) ? new ResourceIndex(this.#root as SchemaNode, this.#draft07 ? 'draft-07' : '2020-12') : null;
    return this.#resources;
  }

  #baseOf(resources: ResourceIndex, holder: unknown, around: readonly unknown[] | undefined): string {
    let loc = typeof holder === 'object' && holder !== null ? resources.locOf(holder) : undefined;
    for (let i = (around?.length ?? 0) - 1; loc === undefined && i >= 0; i--) {
      const n = (around as readonly unknown[])[i];
      if (typeof n === 'object' && n !== null) loc = resources.locOf(n);
    }
    return (loc ?? resources.root).base;
  }

  #resolveIn(resources: ResourceIndex, ref: string, base: string): Resolution {
    const key = base + '\u0000' + ref;
    let r = this.#cache.get(key);
    if (r) return r;
    const found = resources.lookup(ref, base);
    if (found.kind === 'external') r = { kind: 'external', ref };
    else if (found.kind === 'unresolved') r = { kind: 'missing', reason: `${ref} ${found.reason}` };
    else r = this.#located(ref, found.loc);
    this.#cache.set(key, r);
    return r;
  }

  #located(ref: string, loc: Loc): Resolution {
    const node = loc.schema;
    if (typeof node !== 'boolean' && (node === null || typeof node !== 'object' || Array.isArray(node))) {
      return { kind: 'missing', reason: `${ref} points to a value that is not a schema` };
    }
    return { kind: 'local', target: this.targetAt(tokenList(parsePointer(loc.pointer) ?? []), node) };
  }

  /** The target record of a node reached by pointer (for naming). */
  targetAt(tokens: readonly string[], node: unknown): RefTarget {
    let t = this.#byNode.get(node);
    if (!t) {
      t = makeTarget(node, tokens);
      this.#byNode.set(node, t);
    }
    return t;
  }

  #resolve(ref: string): Resolution {
    let fragment: string;
    const hash = ref.indexOf('#');
    const base = hash < 0 ? ref : ref.slice(0, hash);
    if (base !== '' && base !== this.#baseId) {
      // Against a base that is no hierarchy (a `urn:` $id), a relative reference names nothing.
      if (this.#baseId !== undefined && !URL.canParse(ref, URL.canParse(this.#baseId) ? this.#baseId : new URL(this.#baseId, PLACEHOLDER_BASE).href)) return { kind: 'missing', reason: `${ref} is not a URI reference that can be resolved against ${this.#baseId}` };
      return { kind: 'external', ref };
    }
    fragment = hash < 0 ? '' : ref.slice(hash);
    if (fragment === '' || fragment === '#') return { kind: 'local', target: this.targetAt(tokenList([]), this.#root) };
    const pointer = fragmentToPointer(fragment);
    if (pointer === undefined) return { kind: 'missing', reason: `${ref} has malformed percent-encoding` };
    if (pointer.startsWith('/')) {
      const tokens = parsePointer(pointer);
      if (tokens === undefined) return { kind: 'missing', reason: `${ref} is not a valid JSON pointer: a "~" must be followed by 0 or 1 (RFC 6901)` };
      let node: unknown = this.#root;
      for (const t of tokens) {
        if (Array.isArray(node)) {
          if (!/^(0|[1-9]\d*)$/.test(t) || Number(t) >= node.length) return { kind: 'missing', reason: `${ref} points to nothing (no "${t}")` };
          node = node[Number(t)];
        } else if (node !== null && typeof node === 'object' && hasOwn(node, t)) {
          node = (node as JsonObject)[t];
        } else {
          return { kind: 'missing', reason: `${ref} points to nothing (no "${t}")` };
        }
      }
      if (typeof node !== 'boolean' && (node === null || typeof node !== 'object' || Array.isArray(node))) {
        return { kind: 'missing', reason: `${ref} points to a value that is not a schema` };
      }
      return { kind: 'local', target: this.targetAt(tokens, node) };
    }
    const anchor = this.#anchorIndex().get(pointer);
    if (!anchor) return { kind: 'missing', reason: `${ref} names an anchor that no schema declares${this.#draft07 ? ` (draft-07 declares one with $id: "#${pointer}"; $anchor is 2020-12's)` : ''}` };
    return { kind: 'local', target: this.targetAt(anchor.tokens, anchor.node) };
  }

  #anchorIndex(): Map<string, { node: unknown; tokens: string[] }> {
    if (this.#anchors) return this.#anchors;
    const anchors = new Map<string, { node: unknown; tokens: string[] }>();
    const stack: { node: unknown; tokens: string[] }[] = [{ node: this.#root, tokens: [] }];
    const seen = new Set<unknown>();
    while (stack.length > 0 && seen.size < MAX_SCAN) {
      const { node, tokens } = stack.pop() as { node: unknown; tokens: string[] };
      if (node === null || typeof node !== 'object' || Array.isArray(node) || seen.has(node)) continue;
      seen.add(node);
      const o = node as JsonObject;
      // Each draft its own anchors, as the resource index reads them (resource-index.ts).
      if (!this.#draft07) {
        for (const key of ['$anchor', '$dynamicAnchor']) {
          const a = hasOwn(o, key) ? o[key] : undefined;
          if (typeof a === 'string' && !anchors.has(a)) anchors.set(a, { node, tokens });
        }
      } else {
        const id = hasOwn(o, '$id') ? o.$id : undefined;
        if (typeof id === 'string' && id.startsWith('#') && !anchors.has(id.slice(1))) anchors.set(id.slice(1), { node, tokens });
      }
      eachSubschema(o, (child, k, key) => stack.push({ node: child, tokens: key === undefined ? [...tokens, k] : [...tokens, k, String(key)] }));
    }
    this.#anchors = anchors;
    return anchors;
  }
}

function makeTarget(node: unknown, tokens: readonly string[]): RefTarget {
  const rootDefinition = tokens.length === 2 && (tokens[0] === '$defs' || tokens[0] === 'definitions');
  let name: string;
  if (rootDefinition) name = tokens[1] as string;
  else {
    const title = node !== null && typeof node === 'object' && hasOwn(node, 'title') ? (node as JsonObject).title : undefined;
    if (typeof title === 'string' && /^[A-Za-z_][\w.-]{0,63}$/.test(title)) name = title;
    else {
      const parts = tokens.filter((t) => !STRUCTURE_TOKENS.has(t));
      name = parts.length > 0 ? parts.join('_') : 'root';
    }
  }
  let pointer = '';
  for (const t of tokens) pointer += '/' + t.replace(/~/g, '~0').replace(/\//g, '~1');
  return { node, pointer, tokens, name, rootDefinition };
}
