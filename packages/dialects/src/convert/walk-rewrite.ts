/**
 * A node the walk reads in place of another, before its keywords (a required name declared, union
 * branches given their parent's names): the node's keys in their order, some values changed or
 * keys added, with what the walk knows of the node carried over, so pointers, explain and the
 * made-up marks stay true of the rewrite:
 *
 * - each key's origin (where its pointers lead in the input), or the one a change gives it;
 * - the keys the walk made up (explain says nothing of them), and the changes marked made up;
 * - whether the whole node was made up, and how its keys were read (draft-07 spellings).
 */
import { hasOwn, put, type JsonObject } from './data.js';
import type { WalkState } from './walk-state.js';
import { recordOrigin, tokensOf } from './walk-paths.js';

export interface KeyChange {
  key: string;
  value: unknown;
  /** The tokens its pointers lead to; the key's own origin when it replaces one and this is absent. */
  tokens?: readonly string[];
  /** A key the node lacks goes before this one (else last); a key it has keeps its place. */
  before?: string;
  /** Made up by the walk (a key the node lacks always is). */
  madeUp?: boolean;
  /** The node's key this one is read from: it takes that key's place and origin, and explain names that keyword. */
  replaces?: string;
}

export function rewriteNode(s: WalkState, node: JsonObject, changes: readonly KeyChange[]): JsonObject {
  const out: JsonObject = {};
  const made = new Set(s.madeUpKeys?.get(node));
  const origins = s.origins?.get(node);
  const add = (c: KeyChange): void => {
    put(out, c.key, c.value);
    if (c.tokens !== undefined) recordOrigin(s, out, c.key, c.tokens);
    made.add(c.key);
  };
  const added = changes.filter((c) => !hasOwn(node, c.key) && c.replaces === undefined);
  let readings = s.readAs?.get(node);
  for (const k in node) {
    for (const c of added) if (c.before === k) add(c);
    const instead = changes.find((x) => x.replaces === k);
    if (instead !== undefined) {
      put(out, instead.key, instead.value);
      // Its pointers lead where the keyword it is read from stands, not to a key the input lacks.
      recordOrigin(s, out, instead.key, instead.tokens ?? origins?.get(k) ?? tokensOf(s, node, k));
      readings = new Map(readings).set(instead.key, readings?.get(k) ?? k);
      continue;
    }
    const c = changes.find((x) => x.key === k);
    put(out, k, c === undefined ? node[k] : c.value);
    const o = c?.tokens ?? origins?.get(k);
    if (o !== undefined) recordOrigin(s, out, k, o);
    if (c?.madeUp === true) made.add(k);
  }
  for (const c of added) if (c.before === undefined || !hasOwn(node, c.before)) add(c);
  if (made.size > 0) (s.madeUpKeys ??= new WeakMap()).set(out, made);
  if (s.madeUp.has(node)) s.madeUp.add(out);
  if (readings !== undefined) (s.readAs ??= new WeakMap()).set(out, readings);
  return out;
}

/** A copy of the node's `properties` (none: empty) that keeps each entry's origin, to declare more names in. */
export function propertiesToExtend(s: WalkState, node: JsonObject, props: JsonObject | undefined): JsonObject {
  const declared: JsonObject = {};
  if (props === undefined) return declared;
  const propsTokens = tokensOf(s, node, 'properties');
  const origins = s.origins?.get(props);
  for (const name in props) {
    put(declared, name, props[name]);
    recordOrigin(s, declared, name, origins?.get(name) ?? [...propsTokens, name]);
  }
  return declared;
}

/**
 * A schema the walk makes up to combine subschemas of the input (`{anyOf: [...]}`, `{allOf: [...]}`),
 * each branch pointing where its subschema stands and the whole where the walk stands; made up, so
 * explain says nothing of it.
 */
export function madeUpCombination(s: WalkState, keyword: 'anyOf' | 'allOf', parts: readonly (readonly [unknown, readonly string[]])[]): JsonObject {
  const branches: unknown[] = [];
  parts.forEach(([schema, tokens], i) => {
    branches.push(schema);
    recordOrigin(s, branches, String(i), tokens);
  });
  const combination: JsonObject = { [keyword]: branches };
  recordOrigin(s, combination, keyword, [...s.tokens]);
  s.madeUp.add(combination);
  return combination;
}
