/**
 * Pass 3, nodes, before the keywords (docs/architecture.md): allOf merged into its parent, const
 * read as enum, null taken out of enum under a nullable flag. Separate because these rewrite the
 * input node (keeping origins for pointers) before any keyword policy sees it.
 */
import { hasOwn, isPlainObject, jsonEqual, notJsonReason, own, put, type JsonObject } from './data.js';
import { acceptsEveryValue, canMerge, mergedType, mergesDeep } from './node-rules.js';
import { typeNames } from '../type-names.js';
import { typeAdmitsValue } from './any-value.js';
import type { WalkState } from './walk-state.js';
import { tokensOf, tokensPointer, recordOrigin } from './walk-paths.js';
import { ANNOTATION_KEYWORDS } from './keywords.js';
import type { RefTarget } from './refs.js';
import { refIndex } from './walk-refs.js';
import { joinWords } from './join-words.js';

/**
 * allOf merged into its parent before the walk, so the merged node is spelled as one schema; a
 * branch that conflicts (or is a reference) stays in allOf, where the allOf policy decides.
 */
export function mergeAllOf(s: WalkState, node: JsonObject): JsonObject {
  const result: JsonObject = {};
  const parentOrigin = s.origins?.get(node);
  for (const k in node) {
    if (k === 'allOf') continue;
    put(result, k, node[k]);
    const o = parentOrigin?.get(k);
    if (o) recordOrigin(s, result, k, o);
  }
  const base = tokensOf(s, node, 'allOf');
  const kept: unknown[] = [];
  const keptFrom: (readonly string[])[] = [];
  const deep = s.plan.allOf === 'merge-deep';
  const take = (b: unknown, at: readonly string[], depth: number): void => {
    if (b === true || (isPlainObject(b) && Object.keys(b).length === 0)) return;
    // A branch that is only an allOf applies its own branches: they are taken one by one.
    if (isPlainObject(b) && depth < 8 && Array.isArray(b.allOf) && Object.keys(b).length === 1) {
      (b.allOf as unknown[]).forEach((inner, j) => take(inner, [...at, 'allOf', String(j)], depth + 1));
      return;
    }
    if (isPlainObject(b) && !hasOwn(b, '$ref') && canMerge(result, b, deep)) return mergeBranch(s, result, b, at, true, deep);
    // A branch that is only a reference (its own refOutOfAllOf took the first) merges as its target, when it can.
    const target = isPlainObject(b) && refBranch(b) ? mergeableTarget(s, node, b, at) : undefined;
    if (target !== undefined && canMerge(result, target.node as JsonObject, deep)) return mergeBranch(s, result, target.node as JsonObject, target.tokens, false, deep);
    kept.push(b);
    keptFrom.push(at);
  };
  // A branch's own origin, where the allOf is one the walk rebuilt (refOutOfAllOf took a reference
  // out of it, so the others moved up): diagnostics inside it point where the author wrote it.
  const branchOrigins = s.origins?.get(node.allOf as object);
  (node.allOf as unknown[]).forEach((b, i) => take(b, branchOrigins?.get(String(i)) ?? [...base, String(i)], 0));
  // explain: the keyword is gone from the spelling, its branches' keywords stand in the parent (each
  // explained there, or below where it met the same keyword); an allOf the walk wrote is not the author's.
  // With branches kept, the keyword stays and is explained where its policy spells it.
  if (s.explain !== undefined && kept.length === 0 && !s.madeUp.has(node) && !s.madeUpKeys?.get(node)?.has('allOf')) {
    s.explain.push({ path: tokensPointer(s, base), keyword: 'allOf', outcome: 'renamed', detail: 'merged into the parent schema' });
  }
  if (kept.length > 0) {
    put(result, 'allOf', kept);
    recordOrigin(s, result, 'allOf', base);
    // An allOf the walk wrote (a reference applied beside its siblings) stays the walk's own.
    if (s.madeUpKeys?.get(node)?.has('allOf')) s.madeUpKeys.set(result, new Set(['allOf']));
    keptFrom.forEach((at, j) => recordOrigin(s, kept, String(j), at));
  }
  return result;
}

/** A branch holding a string `$ref` and annotations only (a description, a title). */
function refBranch(b: JsonObject): boolean {
  if (typeof b.$ref !== 'string') return false;
  for (const k in b) if (k !== '$ref' && !ANNOTATION_KEYWORDS.has(k)) return false;
  return true;
}

/**
 * The local target of a reference branch, where merging it in place is safe: an object schema
 * that is not itself a reference and is not being walked around this node (a target that holds
 * the node would merge into itself without end).
 */
function mergeableTarget(s: WalkState, node: JsonObject, b: JsonObject, at: readonly string[]): RefTarget | undefined {
  const r = refIndex(s).resolve(b.$ref as string, b, s.path, [...at, '$ref']);
  if (r.kind !== 'local') return undefined;
  const t = r.target.node;
  if (!isPlainObject(t) || t === node || hasOwn(t, '$ref') || hasOwn(t, '$dynamicRef') || s.path.includes(t) || s.inlineNodes.includes(t)) return undefined;
  return r.target;
}

/**
 * Where allOf is merged: an allOf branch that is only a reference (`allOf: [{$ref: X}]`, how
 * pydantic v1 gives a referenced field a description) becomes the node's own `$ref`, which in
 * 2020-12 applies beside the node's other keywords exactly as the branch did; the references pass
 * then keeps, inlines or merges it like any reference, and the other branches merge as before.
 * Left in allOf, the merge could not take it in, and a dialect without allOf dropped it: the node
 * was spelled as any value with the target written out as JSON. The first such branch only, and
 * only where the node holds no reference of its own.
 */
export function refOutOfAllOf(s: WalkState, node: JsonObject): JsonObject {
  if (hasOwn(node, '$ref') || hasOwn(node, '$dynamicRef')) return node;
  const branches = node.allOf as unknown[];
  const i = branches.findIndex((b) => isPlainObject(b) && refBranch(b));
  if (i < 0) return node;
  const base = tokensOf(s, node, 'allOf');
  const rest = branches.filter((_, j) => j !== i);
  const out = rewritten(s, node, (k, v) => (k !== 'allOf' ? v : rest.length === 0 ? LEFT_OUT : rest));
  rest.forEach((_, j) => recordOrigin(s, rest, String(j), [...base, String(j < i ? j : j + 1)]));
  const branch = branches[i] as JsonObject;
  put(out, '$ref', branch.$ref);
  recordOrigin(s, out, '$ref', [...base, String(i), '$ref']);
  // The branch's own annotations (its description) stand beside the reference, where the node has none.
  for (const k in branch) {
    if (k === '$ref' || hasOwn(out, k)) continue;
    put(out, k, branch[k]);
    recordOrigin(s, out, k, [...base, String(i), k]);
  }
  return out;
}

/**
 * Merges `branch` into `target` (no conflict: canMerge said so), keeping each key's input pointer.
 * A side closed by `additionalProperties: false` refuses what only the other side declares: that
 * name is merged as `false` (the walk spells a refused property the dialect's way), and the
 * merged object is closed. With `withWords`, a branch's own description follows the target's
 * (law 2: an author's words in a branch are not dropped); a reference's target merged in brings
 * the definition's words, which the place that uses it replaces, as a `$ref` beside a description does.
 */
export function mergeBranch(s: WalkState, target: JsonObject, branch: JsonObject, branchTokens: readonly string[], withWords = false, deep = false): void {
  const targetClosed = target.additionalProperties === false;
  const branchClosed = branch.additionalProperties === false;
  // Where the branch's keys remember where they were written (siblings of a reference taken out of an
  // allOf), that place; else the branch's own.
  const origins = s.origins?.get(branch);
  for (const k in branch) {
    const v = branch[k];
    // explain: a keyword the target holds too is spelled once, where the target's stands.
    if (s.explain !== undefined && k !== 'properties' && hasOwn(target, k)) {
      s.explain.push({ path: tokensPointer(s, origins?.get(k) ?? [...branchTokens, k]), keyword: k, outcome: 'renamed', detail: 'merged with the same keyword of the schema it is merged into' });
    }
    if (k === 'properties' && isPlainObject(v)) {
      const prev = own(target, k);
      if (!isPlainObject(prev)) recordOrigin(s, target, k, [...branchTokens, k]);
      put(target, k, mergedProperties(s, target, isPlainObject(prev) ? prev : {}, v, branchTokens, targetClosed, branchClosed, deep));
    } else if (!hasOwn(target, k)) {
      put(target, k, v);
      recordOrigin(s, target, k, origins?.get(k) ?? [...branchTokens, k]);
    } else if (k === 'required' && Array.isArray(v) && Array.isArray(target[k])) {
      target[k] = [...new Set([...(target[k] as unknown[]), ...v])];
    } else if (k === 'additionalProperties' && v === false) {
      target[k] = false;
      recordOrigin(s, target, k, origins?.get(k) ?? [...branchTokens, k]);
    } else if (k === 'type' && !jsonEqual(target[k], v)) {
      // canMerge found values both types admit: those are the merged node's type.
      const merged = mergedType(target[k], v);
      if (merged !== undefined) target[k] = merged;
    } else if (withWords && k === 'description' && typeof v === 'string' && v !== '' && typeof target[k] === 'string' && target[k] !== v) {
      target[k] = joinWords(s.plan, target[k] as string, v);
    }
  }
  // A closed branch that declares nothing refuses every property the target declares.
  if (branchClosed && !isPlainObject(branch.properties) && isPlainObject(target.properties)) {
    put(target, 'properties', mergedProperties(s, target, target.properties as JsonObject, {}, branchTokens, targetClosed, true));
  }
}

/** The two sides' properties by name: the target's first; a name one closed side does not declare is refused. */
function mergedProperties(s: WalkState, target: JsonObject, prev: JsonObject, next: JsonObject, branchTokens: readonly string[], targetClosed: boolean, branchClosed: boolean, deep = false): JsonObject {
  const prevTokens = tokensOf(s, target, 'properties');
  const prevOrigin = s.origins?.get(prev);
  // Names of the other side keep where they were written (a name the walk declared points at the
  // rule it was declared with, walk-required.ts): a pointer built from the side's tokens would name
  // a property the input does not have.
  const nextOrigin = s.origins?.get(next);
  const theirsAt = (name: string): readonly string[] => nextOrigin?.get(name) ?? [...branchTokens, 'properties', name];
  const merged: JsonObject = {};
  for (const name in prev) {
    const mine = prevOrigin?.get(name) ?? [...prevTokens, name];
    const theirs = hasOwn(next, name) ? next[name] : undefined;
    // Where one side accepts every value (canMerge let it through), the two are one schema: the
    // other side's rules with both sides' words (walk order: this side's first).
    if (theirs !== undefined && !jsonEqual(prev[name], theirs) && (acceptsEveryValue(prev[name]) || acceptsEveryValue(theirs))) {
      const theirTokens = theirsAt(name);
      put(merged, name, bothWords(s, prev[name], mine, theirs, theirTokens));
      recordOrigin(s, merged, name, acceptsEveryValue(theirs) ? mine : theirTokens);
      continue;
    }
    // merge-deep: two schemas of the name that merge in turn are one schema, their conjunction
    // (canMerge said so), each keyword pointing where it came from.
    if (deep && theirs !== undefined && !jsonEqual(prev[name], theirs) && mergesDeep(prev[name], theirs, 0)) {
      const both: JsonObject = {};
      const first = prev[name] as JsonObject;
      for (const k in first) {
        put(both, k, first[k]);
        recordOrigin(s, both, k, s.origins?.get(first)?.get(k) ?? [...mine, k]);
      }
      mergeBranch(s, both, theirs as JsonObject, theirsAt(name), true, true);
      put(merged, name, both);
      recordOrigin(s, merged, name, mine);
      continue;
    }
    put(merged, name, branchClosed && !hasOwn(next, name) ? false : prev[name]);
    recordOrigin(s, merged, name, mine);
  }
  for (const name in next) {
    if (hasOwn(merged, name)) continue;
    put(merged, name, targetClosed ? false : next[name]);
    recordOrigin(s, merged, name, theirsAt(name));
  }
  return merged;
}

/**
 * Two schemas of one property, at least one of which accepts every value, as the one schema their
 * conjunction is: every keyword of each (the rules come from one side only), the descriptions
 * joined first side first (law 2: no author's words dropped), each key where it came from.
 */
export function bothWords(s: WalkState, first: unknown, firstTokens: readonly string[], second: unknown, secondTokens: readonly string[]): unknown {
  if (!isPlainObject(first)) return second === true ? first : second;
  if (!isPlainObject(second)) return first;
  const out: JsonObject = {};
  const add = (from: JsonObject, tokens: readonly string[], k: string): void => {
    put(out, k, from[k]);
    recordOrigin(s, out, k, s.origins?.get(from)?.get(k) ?? [...tokens, k]);
  };
  for (const k in first) add(first, firstTokens, k);
  for (const k in second) {
    if (!hasOwn(out, k)) add(second, secondTokens, k);
    else if (k === 'description' && typeof first.description === 'string' && typeof second.description === 'string' && first.description !== second.description) {
      // An empty side adds no words (and no stray space).
      put(out, k, [first.description, second.description].filter((d) => d !== '').join(' '));
    }
  }
  return out;
}

/** `const: x` read as `enum: [x]` before the keyword policies, so `enum`'s own policy decides. */
export function constAsEnum(s: WalkState, node: JsonObject): JsonObject {
  const out: JsonObject = {};
  const c = node.const;
  const enumHasIt = Array.isArray(node.enum) && node.enum.some((x) => jsonEqual(x, c));
  for (const k in node) {
    if (k === 'const') {
      // Outside the enum, no value passes (accepts-nothing, reported at the node): "Must be c."
      // beside the spelled enum would contradict it, so the enum alone is spelled.
      if (hasOwn(node, 'enum') && !enumHasIt) continue;
      else if (!hasOwn(node, 'enum')) {
        put(out, 'enum', [c]);
        recordOrigin(s, out, 'enum', tokensOf(s, node, 'const'));
        if (s.explain) {
          const readAs = (s.readAs ??= new WeakMap());
          readAs.set(out, new Map([['enum', 'const']]));
        }
      }
    } else if (k === 'enum' && enumHasIt) {
      put(out, 'enum', [c]);
    } else put(out, k, node[k]);
    const o = s.origins?.get(node)?.get(k);
    if (o && (k !== 'const' || hasOwn(out, 'const'))) recordOrigin(s, out, k, o);
  }
  return out;
}

/** A type keyword that admits null: `"null"` or a type array listing it. */
export function typeAdmitsNull(t: unknown): boolean {
  return t === 'null' || (Array.isArray(t) && t.includes('null'));
}

/**
 * OpenAPI's `nullable: true` beside a `type`, read as the judge reads it: Ajv (which judges every
 * call, as in the MCP SDK) adds null to the type. So the type list gains "null" and the keyword
 * goes, and each dialect spells that null its own way; dropped as an unknown keyword, it would
 * have left a spelling that refuses a null the server accepts. (Without a `type` Ajv refuses the
 * schema; the linter says so.)
 */
export function nullableIntoType(s: WalkState, node: JsonObject): JsonObject {
  const t = node.type;
  const types = typeNames(t);
  if (types === undefined) return node;
  const withNull = types.includes('null') ? t : [...types, 'null'];
  return rewritten(s, node, (k, v) => (k === 'nullable' ? LEFT_OUT : k === 'type' ? withNull : v));
}

/**
 * An enum value its sibling `type` refuses is never accepted, so it leaves the enum before the
 * policies read the values: a dialect that writes the values in a sentence or spells the null of
 * an enum would otherwise state values (or a null) the canonical schema refuses. Exact, so not
 * reported. An enum the type refuses entirely stays as written (the schema accepts nothing).
 */
export function valuesWithinType(s: WalkState, node: JsonObject): JsonObject {
  const types = typeNames(node.type);
  const en = node.enum as unknown[];
  if (types === undefined) return node;
  const within = en.filter((v) => types.some((t) => typeAdmitsValue(t, v)));
  // A value that is no JSON (a BigInt, a Date) stays for the walk to refuse at its place.
  if (within.length === en.length || within.length === 0 || !en.every((v) => notJsonReason(v) === undefined)) return node;
  return rewritten(s, node, (k, v) => (k === 'enum' ? within : v));
}

/**
 * Whether the node's `type` refuses every one of its enum (or const) values: the schema accepts
 * nothing. Asked only where the dialect dropped those values, since a spelling that keeps them
 * accepts nothing too.
 */
export function typeRefusesAllValues(node: JsonObject): boolean {
  const types = typeNames(node.type);
  if (types === undefined) return false;
  const values = Array.isArray(node.enum) ? (node.enum as unknown[]) : hasOwn(node, 'const') ? [node.const] : undefined;
  if (values === undefined || values.length === 0) return false;
  for (const v of values) for (const t of types) if (typeAdmitsValue(t, v)) return false;
  return true;
}

/**
 * Under a nullable flag, null leaves enum and const before their policies judge the values; with
 * `enumOnly` (nullInEnum), only the enum's null, where the type already says null.
 */
export function nullOutOfValues(s: WalkState, node: JsonObject, enumOnly = false): JsonObject {
  const en = node.enum;
  const enumNull = Array.isArray(en) && en.includes(null);
  const constNull = !enumOnly && hasOwn(node, 'const') && node.const === null;
  if (!enumNull && !constNull) return node;
  // An enum of null alone leaves no enum (an empty one is no schema): the flag says it all.
  const enumRest = enumNull ? (en as unknown[]).filter((x) => x !== null) : undefined;
  return rewritten(s, node, (k, v) => {
    if (k === 'const' && constNull) return LEFT_OUT;
    if (k === 'enum' && enumRest !== undefined) return enumRest.length === 0 ? LEFT_OUT : enumRest;
    return v;
  });
}

const LEFT_OUT: unique symbol = Symbol('left out');

/**
 * A copy of `node` with each keyword's value as `value` gives it (LEFT_OUT leaves the keyword out),
 * each keyword still pointing where it stands in the input, and read as the node was read: the
 * rewrites before the keyword policies change values, never where explain and diagnostics point.
 */
function rewritten(s: WalkState, node: JsonObject, value: (k: string, v: unknown) => unknown): JsonObject {
  const out: JsonObject = {};
  for (const k in node) {
    const v = value(k, node[k]);
    if (v === LEFT_OUT) continue;
    put(out, k, v);
    recordOrigin(s, out, k, tokensOf(s, node, k));
  }
  const readAs = s.readAs?.get(node);
  if (readAs) s.readAs?.set(out, readAs);
  return out;
}
