/**
 * Pass 3, nodes, before the keywords (docs/architecture.md): a name in `required` that the node's
 * `properties` does not declare, in a dialect whose spelling of an object changes what it says of
 * undeclared names (it closes every object, or drops additionalProperties). Spelled as it stands,
 * such a node is wrong both ways: a closed spelling refuses the very name it requires (so it
 * accepts nothing where the canonical schema accepts objects), and vendors that check `required`
 * against `properties` refuse the schema. So the node is read with each such name declared, with
 * the schema the canonical one already applies to it, which accepts exactly the same objects:
 *
 * - `additionalProperties` absent or `true`: `true` (any value);
 * - `additionalProperties` a schema: that schema (it is what applies to the name today);
 * - `additionalProperties: false`: `false`, the name is refused: a dialect that cannot spell a
 *   false property leaves it out and says the object accepts nothing (accepts-nothing).
 *
 * Beside `patternProperties`, a pattern that matches the name applies in place of the closure
 * (src/name-schemas.ts, one answer with lint): the name is declared with that pattern's schema, an
 * `allOf` of them when several match, the closure's when none does. Patterns run only on the
 * judge's linear-time engine; where it declines one and the closure is not `true`, the name is
 * declared with what any reading could apply (`anyOf` the patterns' and the closure's schemas),
 * which never accepts less than the canonical schema. A node with `unevaluatedProperties` is read
 * the same way when nothing evaluates in place beside it (it then stands for the closure); with
 * an allOf, a `$ref` or the like beside it, it is left as it stands.
 */
import { closureOf, nameSchemas, type AppliedSchema } from '../name-schemas.js';
import { hasOwn, isPlainObject, put, type JsonObject } from './data.js';
import type { WalkState } from './walk-state.js';
import { recordOrigin, tokensOf } from './walk-paths.js';
import { typeNames } from '../type-names.js';


/** The node to walk in its place; the node itself when every required name is declared. */
export function declareRequired(s: WalkState, node: JsonObject): JsonObject {
  const required = node.required;
  if (!Array.isArray(required)) return node;
  const props = hasOwn(node, 'properties') ? node.properties : undefined;
  if (props !== undefined && !isPlainObject(props)) return node;
  const missing: [string, number][] = [];
  required.forEach((name, i) => {
    if (typeof name === 'string' && (props === undefined || !hasOwn(props, name)) && !missing.some(([n]) => n === name)) missing.push([name, i]);
  });
  if (missing.length === 0) return node;
  // `required` says nothing of a value that is no object: a node typed otherwise is left alone.
  const types = typeNames(node.type);
  if (types !== undefined && !types.includes('object')) return node;
  // unevaluatedProperties sees what in-place applicators evaluate too; with one beside it, what
  // applies to a name cannot be told here, and the node is left as it stands.
  const closure = closureOf(node);
  if (closure === undefined) return node;
  if (typeof closure.schema !== 'boolean' && !isPlainObject(closure.schema)) return node;

  const requiredTokens = tokensOf(s, node, 'required');
  const declared: JsonObject = {};
  if (props !== undefined) {
    const propsTokens = tokensOf(s, node, 'properties');
    for (const name in props) {
      put(declared, name, props[name]);
      recordOrigin(s, declared, name, s.origins?.get(props)?.get(name) ?? [...propsTokens, name]);
    }
  }
  for (const [name, i] of missing) {
    const [schema, tokens] = readingOf(s, node, name, i, closure);
    put(declared, name, schema);
    recordOrigin(s, declared, name, tokens);
    let names = (s.declaredAt ??= new WeakMap()).get(declared);
    if (names === undefined) s.declaredAt.set(declared, (names = new Map()));
    names.set(name, [...requiredTokens, String(i)]);
  }

  const out: JsonObject = {};
  // What the walk made up in the node stays made up in its rewrite (explain says nothing of it).
  const made = new Set(s.madeUpKeys?.get(node));
  for (const k in node) {
    // A node with no properties gets them where its required stands, so the output reads in the author's order.
    if (k === 'required' && props === undefined) {
      put(out, 'properties', declared);
      recordOrigin(s, out, 'properties', requiredTokens);
      made.add('properties');
    }
    put(out, k, k === 'properties' ? declared : node[k]);
    recordOrigin(s, out, k, tokensOf(s, node, k));
  }
  if (made.size > 0) (s.madeUpKeys ??= new WeakMap()).set(out, made);
  if (s.madeUp.has(node)) s.madeUp.add(out);
  const readAs = s.readAs?.get(node);
  if (readAs !== undefined) s.readAs?.set(out, readAs);
  return out;
}

/**
 * The schema a required name is declared with, and the tokens its pointers lead to: where the
 * canonical rule stands (the pattern, the closure, or the object itself when it has no closure),
 * so what its spelling narrows is reported there; a refused name points at its required entry.
 */
function readingOf(s: WalkState, node: JsonObject, name: string, i: number, closure: AppliedSchema): [unknown, readonly string[]] {
  const reading = nameSchemas(node, name)!;
  const tokensOfApplied = (a: AppliedSchema): readonly string[] => {
    if (a.key !== undefined) return [...tokensOf(s, node, a.keyword), a.key];
    if (hasOwn(node, a.keyword)) return tokensOf(s, node, a.keyword);
    return [...s.tokens];
  };
  let options: AppliedSchema[];
  let combine: 'allOf' | 'anyOf' = 'allOf';
  if (reading.undecided.length === 0) options = reading.applied;
  else if (closure.schema === true) options = [closure];
  else {
    // Undecided patterns: any one of them, or none (then the closure, unless it refuses the name), may apply.
    const patterns = node.patternProperties as JsonObject;
    options = [...reading.applied, ...reading.undecided.map((source): AppliedSchema => ({ schema: patterns[source], keyword: 'patternProperties', key: source }))];
    if (closure.schema !== false && reading.applied.length === 0) options.push(closure);
    combine = 'anyOf';
  }
  if (options.length === 1) {
    const only = options[0]!;
    return [only.schema, only.schema === false ? [...tokensOf(s, node, 'required'), String(i)] : tokensOfApplied(only)];
  }
  const branches: unknown[] = [];
  options.forEach((a, k) => {
    branches.push(a.schema);
    recordOrigin(s, branches, String(k), tokensOfApplied(a));
  });
  const union: JsonObject = { [combine]: branches };
  recordOrigin(s, union, combine, [...s.tokens]);
  s.madeUp.add(union);
  return [union, [...s.tokens]];
}
