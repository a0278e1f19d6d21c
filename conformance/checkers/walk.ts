/**
 * Small helpers shared by the vendor checkers: JSON pointers, node iteration and local `$ref`
 * resolution. Deliberately independent of packages/dialects: a checker must not share code (and
 * so mistakes) with the interpreter whose output it judges.
 */

export type JsonObject = Record<string, unknown>;

export interface Checker {
  readonly name: string;
  /**
   * Problems found in a schema, each starting with a JSON pointer in URI-fragment form ("#/properties/a");
   * empty = accepted. `role`: a tool's inputSchema (or a bare schema) or its outputSchema, where the two are read by different readers.
   */
  check(schema: unknown, role?: 'input' | 'output'): string[];
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function child(pointer: string, token: string | number): string {
  return `${pointer}/${String(token).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

export function problem(pointer: string, message: string): string {
  return `#${pointer}: ${message}`;
}

/** Where each keyword keeps its subschemas. Checkers pass their own vocabulary. */
export interface Vocabulary {
  single: readonly string[];
  list: readonly string[];
  map: readonly string[];
}

/** JSON Schema 2020-12 plus the draft-07 spellings, for checkers that read standard keywords. */
export const jsonSchemaVocabulary: Vocabulary = {
  single: [
    'additionalProperties', 'additionalItems', 'items', 'not', 'if', 'then', 'else', 'contains',
    'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema',
  ],
  list: ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'],
  map: ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'],
};

export interface SubschemaSite {
  keyword: string;
  /** The property or definition name for map keywords. */
  name?: string;
  node: unknown;
  pointer: string;
}

/** The direct subschemas of one node (booleans included), in key order. */
export function subschemas(node: JsonObject, pointer: string, vocabulary: Vocabulary): SubschemaSite[] {
  const out: SubschemaSite[] = [];
  for (const [keyword, value] of Object.entries(node)) {
    const at = child(pointer, keyword);
    if (vocabulary.single.includes(keyword) && (isObject(value) || typeof value === 'boolean')) {
      out.push({ keyword, node: value, pointer: at });
    } else if (vocabulary.list.includes(keyword) && Array.isArray(value)) {
      value.forEach((item, i) => out.push({ keyword, node: item, pointer: child(at, i) }));
    } else if (vocabulary.map.includes(keyword) && isObject(value)) {
      for (const [name, item] of Object.entries(value)) out.push({ keyword, name, node: item, pointer: child(at, name) });
    }
  }
  return out;
}

export interface Visit {
  node: unknown;
  pointer: string;
  /** The keyword that led here ("" at the root). */
  via: string;
  /** Object levels above and including this node, counting only object schemas. */
  objectDepth: number;
}

/** Depth-first walk over every subschema of the literal tree (references are not followed). */
export function walk(root: unknown, vocabulary: Vocabulary, visit: (v: Visit) => void): void {
  const stack: Visit[] = [{ node: root, pointer: '', via: '', objectDepth: isObjectSchema(root) ? 1 : 0 }];
  // An explicit stack keeps hostile depth from overflowing the call stack; reversed pushes keep document order.
  while (stack.length > 0) {
    const current = stack.pop() as Visit;
    visit(current);
    if (!isObject(current.node)) continue;
    const sites = subschemas(current.node, current.pointer, vocabulary);
    for (let i = sites.length - 1; i >= 0; i--) {
      const site = sites[i] as SubschemaSite;
      // Definitions are reached by reference, so each one starts its own nesting count.
      const base = site.keyword === '$defs' || site.keyword === 'definitions' || site.keyword === 'defs' ? 0 : current.objectDepth;
      stack.push({ node: site.node, pointer: site.pointer, via: site.keyword, objectDepth: base + (isObjectSchema(site.node) ? 1 : 0) });
    }
  }
}

/** A schema describing objects: `type` names object, or it declares properties. */
export function isObjectSchema(node: unknown): boolean {
  if (!isObject(node)) return false;
  const type = node['type'];
  if (typeof type === 'string') return type.toLowerCase() === 'object';
  if (Array.isArray(type)) return type.some((t) => typeof t === 'string' && t.toLowerCase() === 'object');
  return isObject(node['properties']);
}

/** Resolves a local reference ("#", "#/$defs/A", "#/properties/a%20b") against the root; undefined when it does not resolve. */
export function resolveLocal(root: unknown, ref: string): { node: unknown; pointer: string } | undefined {
  if (!ref.startsWith('#')) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (fragment === '') return { node: root, pointer: '' };
  if (!fragment.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const raw of fragment.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(token)) node = node[Number(token)];
    else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, token)) node = node[token];
    else return undefined;
  }
  return { node, pointer: fragment };
}

/**
 * Local references that lead back into themselves (recursion), as the pointers of the `$ref`
 * keywords that close a cycle. References that do not resolve are ignored here.
 */
export function cyclicReferences(root: unknown, vocabulary: Vocabulary, refKeyword = '$ref'): string[] {
  const found = new Set<string>();
  const targets = new Map<string, unknown>();
  walk(root, vocabulary, ({ node }) => {
    const ref = isObject(node) ? node[refKeyword] : undefined;
    if (typeof ref === 'string') {
      const hit = resolveLocal(root, ref);
      if (hit) targets.set(hit.pointer, hit.node);
    }
  });
  // From each target, walk its tree following references; re-entering the start target is a cycle.
  for (const [start, startNode] of targets) {
    const seen = new Set<string>([start]);
    const queue: Array<{ node: unknown; pointer: string }> = [{ node: startNode, pointer: start }];
    while (queue.length > 0) {
      const { node, pointer } = queue.pop() as { node: unknown; pointer: string };
      walk(node, vocabulary, (v) => {
        const ref = isObject(v.node) ? v.node[refKeyword] : undefined;
        if (typeof ref !== 'string') return;
        const hit = resolveLocal(root, ref);
        if (!hit) return;
        if (hit.pointer === start) found.add(child(pointer + v.pointer, refKeyword));
        else if (!seen.has(hit.pointer)) {
          seen.add(hit.pointer);
          queue.push({ node: hit.node, pointer: hit.pointer });
        }
      });
    }
  }
  return [...found].sort();
}
