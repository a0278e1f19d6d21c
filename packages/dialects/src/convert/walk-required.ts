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
 * Beside `patternProperties` and a closure that is not `true`, whether a pattern matches the name
 * decides between those readings, and an author's regular expression is not run here. The name is
 * declared with what any reading could apply: a pattern's schema (all of the matching ones apply),
 * or the closure's where none matches; `anyOf` them when there are several. That accepts every
 * value the canonical schema accepts there, and exactly those when one pattern is all there is
 * beside a closed object (the common case: `^x-` names, say). A node with `unevaluatedProperties`
 * is read the same way when nothing evaluates in place beside it (it then stands for the closure);
 * with an allOf, a `$ref` or the like beside it, it is left as it stands.
 */
import { IN_PLACE_APPLICATORS } from '../in-place.js';
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
  // unevaluatedProperties sees what in-place applicators evaluate too; with none beside it, it
  // stands for the closure (when additionalProperties does not already evaluate every name).
  const unevaluated = hasOwn(node, 'unevaluatedProperties');
  if (unevaluated && IN_PLACE_APPLICATORS.some((k) => hasOwn(node, k))) return node;
  // `required` says nothing of a value that is no object: a node typed otherwise is left alone.
  const types = typeNames(node.type);
  if (types !== undefined && !types.includes('object')) return node;
  const closureKey = hasOwn(node, 'additionalProperties') ? 'additionalProperties' : unevaluated ? 'unevaluatedProperties' : undefined;
  const closure = closureKey !== undefined ? node[closureKey] : true;
  if (typeof closure !== 'boolean' && !isPlainObject(closure)) return node;
  const patterns = node.patternProperties;
  const readings = closure !== true && isPlainObject(patterns) && Object.keys(patterns).length > 0 ? possibleReadings(s, node, patterns, closure) : undefined;

  const requiredTokens = tokensOf(s, node, 'required');
  const declared: JsonObject = {};
  if (props !== undefined) {
    const propsTokens = tokensOf(s, node, 'properties');
    for (const name in props) {
      put(declared, name, props[name]);
      recordOrigin(s, declared, name, s.origins?.get(props)?.get(name) ?? [...propsTokens, name]);
    }
  }
  // Where a declared name's schema points: the keyword the canonical schema applies to it (the
  // closure, or the object itself when it has none), so what its spelling narrows is reported
  // where the canonical rule stands; a refused name points at its required entry, the fault.
  const ruleTokens = closureKey !== undefined ? tokensOf(s, node, closureKey) : [...s.tokens];
  for (const [name, i] of missing) {
    if (readings !== undefined) {
      put(declared, name, readings[0]);
      recordOrigin(s, declared, name, readings[1]);
    } else {
      put(declared, name, closure);
      recordOrigin(s, declared, name, closure === false ? [...requiredTokens, String(i)] : ruleTokens);
    }
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
 * The schema for a required name that a pattern may match, beside a closure that is not `true`,
 * with the tokens its pointers lead to: each pattern's schema, and the closure's unless it is
 * `false` (a name no pattern matches is then refused, so only a matching reading needs room).
 */
function possibleReadings(s: WalkState, node: JsonObject, patterns: JsonObject, closure: unknown): [unknown, readonly string[]] {
  const patternTokens = tokensOf(s, node, 'patternProperties');
  const options: [unknown, readonly string[]][] = [];
  for (const source in patterns) options.push([patterns[source], [...patternTokens, source]]);
  if (closure !== false) options.push([closure, tokensOf(s, node, hasOwn(node, 'additionalProperties') ? 'additionalProperties' : 'unevaluatedProperties')]);
  if (options.length === 1) return options[0] as [unknown, readonly string[]];
  const branches: unknown[] = [];
  options.forEach(([schema, tokens], i) => {
    branches.push(schema);
    recordOrigin(s, branches, String(i), tokens);
  });
  const union: JsonObject = { anyOf: branches };
  recordOrigin(s, union, 'anyOf', [...s.tokens]);
  s.madeUp.add(union);
  return [union, [...s.tokens]];
}
