/**
 * Pass 3, nodes, before the keywords (docs/architecture.md): the names an `unevaluatedProperties`
 * lets through because a branch beside it evaluates them. In 2020-12 a property that a `then`, an
 * `else`, a `dependentSchemas` entry or an `allOf`/`anyOf`/`oneOf` branch declares is evaluated
 * wherever that branch applies, and `unevaluatedProperties` (false, or a schema) leaves it alone:
 * `{properties: {kind}, if: ..., then: {properties: {number}}, unevaluatedProperties: false}`
 * accepts `{kind: "card", number: "4111"}`. A dialect that spells the closure as the object's own
 * (it closes every object, or drops the closure with "No other properties are accepted.") refused
 * such a name with no diagnostic, and said no other property is accepted of an object that accepts
 * it. So the node is read with each such name declared beside its own properties, with the schema
 * its branch gives it (an `anyOf` where several branches give one): exactly what the canonical
 * schema applies where the branch applies, and more where it does not, which the condition's own
 * sentence states; the server judges by the canonical schema. A branch reached through a
 * reference is not followed here (its names stay undeclared, as before).
 */
import { hasOwn, isPlainObject, own, put, type JsonObject } from './data.js';
import { admitsNull } from '../admits-null.js';
import type { WalkState } from './walk-state.js';
import { recordOrigin, tokensOf } from './walk-paths.js';
import { madeUpCombination, propertiesToExtend, rewriteNode, type KeyChange } from './walk-rewrite.js';

/** The in-place keywords whose subschemas evaluate properties for an `unevaluatedProperties` beside them. */
const SINGLE = ['if', 'then', 'else'] as const;
const LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const EVALUATING: ReadonlySet<string> = new Set([...SINGLE, ...LISTS, 'dependentSchemas']);
/** What evaluates names this step cannot list: a reference, a pattern, a closure of the branch's own. */
const OPAQUE = ['$ref', '$dynamicRef', '$recursiveRef', 'patternProperties', 'additionalProperties', 'unevaluatedProperties'];
/** Branches inside branches are read this deep (an `if` inside a `then`, a union inside a branch). */
const MAX_DEPTH = 8;

/** What evaluates items for an `unevaluatedItems` beside it, besides `prefixItems` and `items`. */
const ITEM_EVALUATORS = ['contains', ...EVALUATING, '$ref', '$dynamicRef', '$recursiveRef'];
const NAME_EVALUATORS = [...EVALUATING, '$ref', '$dynamicRef', '$recursiveRef'];

/**
 * Whether what an `unevaluatedItems` / `unevaluatedProperties` of the node refuses depends on
 * subschemas beside it (contains, in-place branches, a reference): no sentence can state it then,
 * since "further items" or "other properties" are whatever those leave unevaluated per value.
 */
export function evaluatedBeside(node: JsonObject, keyword: 'unevaluatedItems' | 'unevaluatedProperties'): boolean {
  const list = keyword === 'unevaluatedItems' ? ITEM_EVALUATORS : NAME_EVALUATORS;
  for (const k of list) if (hasOwn(node, k)) return true;
  return false;
}

/** Whether the node has an `unevaluatedProperties` with a branch beside it that may evaluate names (then declareEvaluated reads it). */
export function branchesBesideUnevaluated(node: JsonObject): boolean {
  if (!hasOwn(node, 'unevaluatedProperties')) return false;
  for (const k in node) if (EVALUATING.has(k)) return true;
  return false;
}

/**
 * The node to walk in its place (the node itself when its branches evaluate no name it does not
 * declare), and the names declared from a branch that applies only under a condition (then, else,
 * a dependentSchemas entry, a union branch): the spelling accepts them everywhere, the canonical
 * schema only where their branch applies, which the `evaluated-where` sentence says (law 2).
 */
export function declareEvaluated(s: WalkState, node: JsonObject): { node: JsonObject; conditional: string[] } {
  const unchanged = { node, conditional: [] };
  const props = own(node, 'properties');
  // Beside additionalProperties every name is evaluated already: unevaluatedProperties says nothing.
  if ((props !== undefined && !isPlainObject(props)) || hasOwn(node, 'additionalProperties')) return unchanged;
  // A closure that may accept null would let a null stand for a branch's name where that branch
  // does not hold; the judge then keeps such a null (judge/decode-plan.ts), so a name declared
  // here, optional and null-refusing, would promise an omission the server does not read.
  if (admitsNull(node.unevaluatedProperties, { refKeyword: '$ref' }) !== 'no') return unchanged;
  const found = new Map<string, [unknown, readonly string[]][]>();
  // Names some branch reached through allOf alone declares: evaluated wherever the object is.
  const always = new Set<string>();
  let opaque = false;
  const visit = (schema: unknown, tokens: readonly string[], depth: number, conditional: boolean): void => {
    if (!isPlainObject(schema)) return;
    if (depth > MAX_DEPTH || OPAQUE.some((k) => hasOwn(schema, k))) {
      opaque = true;
      return;
    }
    const own = schema.properties;
    if (isPlainObject(own)) {
      for (const name in own) {
        if (props !== undefined && hasOwn(props, name)) continue;
        let list = found.get(name);
        if (list === undefined) found.set(name, (list = []));
        list.push([own[name], [...tokens, 'properties', name]]);
        if (!conditional) always.add(name);
      }
    }
    each(schema, (k) => [...tokens, k], (sub, at, k) => visit(sub, at, depth + 1, conditional || k !== 'allOf'));
  };
  // Union branches with no properties beside them are read too where they are objects that declare
  // different names: `{anyOf: [{properties: {a}}, {properties: {b}}], unevaluatedProperties: false}`
  // accepts `{a, b}` where both branches hold, which branches closed one by one refuse. Declared on
  // the object, each name reaches every branch (walk-branch-names.ts). Branches that declare the
  // same names are left as they stand: closed one by one, they refuse nothing the object accepts.
  each(node, (k) => tokensOf(s, node, k), (sub, at, k) => visit(sub, at, 1, k !== 'allOf'), props !== undefined || unionNamesDiffer(node));
  if (opaque || (props === undefined && found.size === 0)) return unchanged;
  const conditional = [...found.keys()].filter((name) => !always.has(name));

  const declared = propertiesToExtend(s, node, props);
  for (const [name, schemas] of found) {
    if (schemas.length === 1) {
      const [schema, tokens] = schemas[0]!;
      put(declared, name, schema);
      recordOrigin(s, declared, name, tokens);
      continue;
    }
    // Each branch's schema applies where its branch does: any of them may be the one that applies.
    put(declared, name, madeUpCombination(s, 'anyOf', schemas));
    recordOrigin(s, declared, name, schemas[0]![1]);
  }
  // Every name the branches evaluate is now declared, so what the closure refuses is what
  // additionalProperties refuses: read so, it is closed or worded as any closure is, and union
  // branches take it with their parent's names (walk-branch-names.ts).
  const closure: KeyChange = { key: 'additionalProperties', value: node.unevaluatedProperties, replaces: 'unevaluatedProperties' };
  if (props !== undefined) return { node: rewriteNode(s, node, [{ key: 'properties', value: declared }, closure]), conditional };
  const first = Object.keys(node).find((k) => EVALUATING.has(k)) as string;
  return { node: rewriteNode(s, node, [{ key: 'properties', value: declared, tokens: tokensOf(s, node, first), before: first }, closure]), conditional };
}

/**
 * The node is an object (its type, or every union branch's, says so) whose union branches declare
 * different names. Only then are its names declared on it: on a node that may be another type,
 * declared properties would read as an object type the union does not ask for.
 */
function unionNamesDiffer(node: JsonObject): boolean {
  const objectTyped = (x: unknown): boolean => isPlainObject(x) && own(x, 'type') === 'object';
  for (const k of ['anyOf', 'oneOf'] as const) {
    const list = own(node, k);
    if (!Array.isArray(list) || list.length < 2) continue;
    if (own(node, 'type') !== 'object' && !list.every(objectTyped)) continue;
    const names = list.map((b) => (isPlainObject(b) && isPlainObject(b.properties) ? Object.keys(b.properties).sort().join('\u0000') : ''));
    if (names.some((n) => n !== names[0])) return true;
  }
  return false;
}

/** Each in-place subschema of `schema` that may evaluate properties, with its tokens (`at` gives a keyword's) and the keyword holding it. */
function each(schema: JsonObject, at: (k: string) => readonly string[], f: (sub: unknown, tokens: readonly string[], keyword: string) => void, unions = true): void {
  for (const k of SINGLE) if (hasOwn(schema, k)) f(schema[k], at(k), k);
  for (const k of LISTS) {
    if (!unions && k !== 'allOf') continue;
    const list = own(schema, k);
    if (Array.isArray(list)) list.forEach((b, i) => f(b, [...at(k), String(i)], k));
  }
  const dependent = own(schema, 'dependentSchemas');
  if (isPlainObject(dependent)) for (const key in dependent) f(dependent[key], [...at('dependentSchemas'), key], 'dependentSchemas');
}
