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
import { acceptsNoValue } from '../accepts-no-value.js';
import { hasOwn, isPlainObject, own, put, type JsonObject } from './data.js';
import type { WalkState } from './walk-state.js';
import { recordOrigin, tokensOf } from './walk-paths.js';
import { madeUpCombination, propertiesToExtend, rewriteNode } from './walk-rewrite.js';
import { typeNames } from '../type-names.js';


/** A name the object may be asked to hold, where it is asked, and whether only under a condition. */
type Asked = { name: string; at: readonly string[]; conditional: boolean };

/** The keywords that can ask a node for a name (`required`, and the ones that hold a `required` or a list of names). */
const ASKING: ReadonlySet<string> = new Set(['required', 'allOf', 'anyOf', 'oneOf', 'dependentRequired', 'dependencies', 'dependentSchemas', 'then', 'else']);

/** Whether the node has a keyword that can ask for a name (its own keys: a node has few, the list nine). */
export function asksNames(node: JsonObject): boolean {
  for (const k in node) if (ASKING.has(k)) return true;
  return false;
}

/**
 * Every name the node asks for that its properties do not declare: `required`, and an `allOf`
 * branch's, always; `dependentRequired` (draft-07 `dependencies` lists), a `then`/`else`, an
 * anyOf/oneOf branch's or a `dependentSchemas` entry's `required` under a condition. A closed
 * spelling that does not declare a conditional name refuses what its own sentence demands ("When
 * card is sent, cvv is required too."). The unconditional reading of a name wins. Where objects
 * are not all closed, only the names some spelled `required` lists (the node's and a branch's)
 * matter: a reader checks those against the properties, and nothing refuses the others.
 */
function askedNames(s: WalkState, node: JsonObject, props: JsonObject | undefined, closesAll: boolean): Asked[] {
  const asked: Asked[] = [];
  // `key` and `inner` say where the list stands; its tokens are built only for a name it adds
  // (most objects declare every name they require, and this runs for each of them).
  const add = (list: unknown, key: string, inner: readonly string[], conditional: boolean, byCondition = false) => {
    if (!Array.isArray(list) || (byCondition && !closesAll)) return;
    for (let i = 0; i < list.length; i++) {
      const name: unknown = list[i];
      if (typeof name !== 'string' || (props !== undefined && hasOwn(props, name))) continue;
      const seen = asked.find((a) => a.name === name);
      if (seen !== undefined && (!seen.conditional || conditional)) continue;
      const at = [...tokensOf(s, node, key), ...inner, String(i)];
      if (seen === undefined) asked.push({ name, at, conditional });
      else Object.assign(seen, { at, conditional });
    }
  };
  const sub = (k: string, inner: string[], schema: unknown, conditional: boolean, ownNamesAside = false) => {
    if (!isPlainObject(schema)) return;
    let list = own(schema, 'required');
    const mine = own(schema, 'properties');
    if (ownNamesAside && Array.isArray(list) && isPlainObject(mine)) list = list.map((n) => (typeof n === 'string' && hasOwn(mine, n) ? undefined : n));
    add(list, k, [...inner, 'required'], conditional, !ownNamesAside);
  };
  add(own(node, 'required'), 'required', [], false);
  // A branch's name that the branch does not declare is one it asks of the properties beside it;
  // without properties beside, the node is a union of objects that each name their own.
  if (props !== undefined) {
    for (const k of ['allOf', 'anyOf', 'oneOf']) {
      const branches = own(node, k);
      if (Array.isArray(branches)) branches.forEach((b, i) => sub(k, [String(i)], b, k !== 'allOf', true));
    }
  }
  for (const k of ['dependentRequired', 'dependencies']) {
    const map = own(node, k);
    if (isPlainObject(map)) for (const key in map) add(map[key], k, [key], true, true);
  }
  const schemas = own(node, 'dependentSchemas');
  if (isPlainObject(schemas)) for (const key in schemas) sub('dependentSchemas', [key], schemas[key], true);
  sub('then', [], own(node, 'then'), true);
  sub('else', [], own(node, 'else'), true);
  return asked;
}

/** The node to walk in its place; the node itself when every name it asks for is declared. */
export function declareRequired(s: WalkState, node: JsonObject, closesAll: boolean): JsonObject {
  const props = hasOwn(node, 'properties') ? node.properties : undefined;
  if (props !== undefined && !isPlainObject(props)) return node;
  const asked = askedNames(s, node, props, closesAll);
  if (asked.length === 0) return node;
  // `required` says nothing of a value that is no object: a node typed otherwise is left alone.
  const types = typeNames(node.type);
  if (types !== undefined && !types.includes('object')) return node;
  // unevaluatedProperties sees what in-place applicators evaluate too; with one beside it, what
  // applies to a name cannot be told here, and the node is left as it stands.
  const closure = closureOf(node);
  if (closure === undefined) return node;
  if (typeof closure.schema !== 'boolean' && !isPlainObject(closure.schema)) return node;

  const declared = propertiesToExtend(s, node, props);
  let added = 0;
  for (const { name, at, conditional } of asked) {
    const [schema, tokens] = readingOf(s, node, name, at);
    // A name the object refuses, asked only under a condition, makes that condition unmeetable,
    // which the closed spelling says exactly: declared false it would say no object is accepted.
    if (conditional && acceptsNoValue(schema)) continue;
    put(declared, name, schema);
    recordOrigin(s, declared, name, tokens);
    let names = (s.declaredAt ??= new WeakMap()).get(declared);
    if (names === undefined) s.declaredAt.set(declared, (names = new Map()));
    names.set(name, at);
    added++;
  }
  if (added === 0) return node;
  // A node with no properties gets them where its required stands (else where the first keyword
  // that asks for a name stands), so the output reads in the author's order.
  if (props !== undefined) return rewriteNode(s, node, [{ key: 'properties', value: declared }]);
  const placeAt = hasOwn(node, 'required') ? 'required' : (Object.keys(node).find((k) => ASKING.has(k)) as string);
  return rewriteNode(s, node, [{ key: 'properties', value: declared, tokens: tokensOf(s, node, placeAt), before: placeAt }]);
}

/**
 * The schema a required name is declared with, and the tokens its pointers lead to: where the
 * canonical rule stands (the pattern, the closure, or the object itself when it has no closure),
 * so what its spelling narrows is reported there; a refused name points at its required entry.
 */
function readingOf(s: WalkState, node: JsonObject, name: string, askedAt: readonly string[]): [unknown, readonly string[]] {
  // Defined: declareRequired has told the closure from the node.
  const reading = nameSchemas(node, name)!;
  const closure = reading.closure;
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
    return [only.schema, acceptsNoValue(only.schema) ? askedAt : tokensOfApplied(only)];
  }
  return [madeUpCombination(s, combine, options.map((a) => [a.schema, tokensOfApplied(a)] as const)), [...s.tokens]];
}
