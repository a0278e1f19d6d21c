/**
 * Pass 3, nodes: the any-value spelling and the description sentences for what was dropped
 * (docs/architecture.md, docs/rule-format.md notes and events). Separate because it is the last
 * step at a node, and the only one that writes notes and the matching explain entries.
 */
import { hasOwn, isPlainObject, own, put, type JsonObject } from './data.js';
import { notesFor } from './notes.js';
import { fill } from './placeholders.js';
import type { Plan, PolicyTable } from './plan.js';
import { constrainsValues, impliedType, isArrayType, policyOf, valuesType } from './node-rules.js';
import type { WalkState, NoteEvent, Explanation } from './walk-state.js';
import { at, pointer, report } from './walk-paths.js';
import { conditionalTypes, excludedTypes, narrowSpell, nullCarrierType, placeSpell, spellAdmits, typeOfValue, valuesOf } from './any-value.js';
import { showRefs } from './refs-shown.js';
import { refIndex } from './walk-refs.js';
import { wordsGap } from './join-words.js';
import { admittedTypes } from '../type-names.js';

const ANY_TYPES = ['string', 'number', 'boolean', 'null', 'object', 'array'] as const;
const TYPE_WORDS: Record<string, string> = { string: 'strings', number: 'numbers', boolean: 'booleans', null: 'null', object: 'objects', array: 'arrays' };

/** A schema that says nothing of its type gets the dialect's spelling for "any value", made true for it (any-value.ts). */
export function anyValue(
  s: WalkState,
  out: JsonObject,
  node: JsonObject,
  inherited: string | undefined,
  events: NoteEvent[] | undefined,
  nullOnly?: 'carried' | 'bare',
): NoteEvent[] | undefined {
  // `out` is an object this walk built, so reading a keyword cannot reach a prototype member.
  const rule = s.plan.anyValue as NonNullable<Plan['anyValue']>;
  const t = own(out, 'type');
  if (t !== undefined) {
    if (rule.fillItems && isArrayType(t)) fillItems(s, rule, out, node);
    return events;
  }
  const refKeyword = s.plan.references?.refKeyword ?? '$ref';
  if (own(out, refKeyword) !== undefined || own(out, '$ref') !== undefined || own(out, 'anyOf') !== undefined || own(out, 'oneOf') !== undefined || own(out, 'allOf') !== undefined) return events;
  if (nullOnly === 'carried') {
    // Null alone (walk-node.ts): the flag needs a type beside it, so it takes the spell's
    // null-carrying type, with the sentence that only null is accepted. Wider than the canonical
    // schema, which the server still judges by.
    const carrier = nullCarrierType(rule.spell) as string;
    put(out, 'type', carrier);
    report(s, 'type-spelling', 'warning', `a schema that accepts only null has no spelling with a nullable flag; it is spelled as a nullable ${carrier}, with a sentence that only null is accepted`, hasOwn(node, 'type') ? at(s, node, 'type') : pointer(s));
    return [...(events ?? []), { event: 'null-only', vars: {} }];
  }
  // Null alone with no type to carry it, or a union branch its parent's flag takes in: the flag stays.
  if (nullOnly === 'bare') return events;
  // The values the input node lists decide its type even where the dialect drops them.
  const values = valuesOf(out) ?? valuesOf(node);
  // The parent's type is handed to a typeless branch, unless the branch lists values of its own.
  // The values decide first: {additionalProperties: false, enum: ["x"]} accepts "x" (the closure
  // applies to objects only), so it is a string, not an object that accepts nothing.
  const byValues = rule.inferFromEnum && values !== undefined ? valuesType(values) : undefined;
  const fromKeywords = impliedType(out, false);
  const implied = byValues ?? fromKeywords ?? (values === undefined ? inherited : undefined);
  if (implied !== undefined) {
    put(out, 'type', implied);
    // An array typed here from its values needs its items spelled as much as one the author typed.
    if (rule.fillItems && implied === 'array') fillItems(s, rule, out, node);
    // Keywords such as properties or items apply to one type and let every other type through, so
    // naming their type narrows what is accepted (values or a parent's type decide it exactly).
    // Not at the root: an MCP tool's arguments are an object whatever the schema says.
    if (fromKeywords !== undefined && values === undefined && inherited === undefined && s.path.length > 1) {
      report(s, 'type-implied', 'warning', `the canonical schema names no type here, so it accepts values of every type (its keywords constrain ${fromKeywords === 'object' ? 'objects' : 'arrays'} only); the dialect must name one and writes ${fromKeywords}, so the spelled schema refuses the others (the server still accepts them)`, pointer(s));
    }
    return events;
  }
  // Values of several types, for a reader that takes enum and const with no type beside them: they
  // say what is accepted, and a union of their types would be one more union parameter to count.
  if (rule.enumAlone && values !== undefined) return events;
  const excluded = excludedTypes(node);
  // The values decide what is accepted; null stays spelled, so an optional property can still be made nullable.
  // So do the branches of an if whose then and else both name their types (each value meets one of them).
  const branchTypes = values === undefined ? conditionalTypes(node) : undefined;
  const valueTypes = rule.inferFromEnum && values !== undefined ? [...values.map(typeOfValue), 'null'] : branchTypes;
  const spell = valueTypes === undefined && excluded === undefined ? rule.spell : narrowSpell(rule.spell, valueTypes, excluded);
  for (const k in spell) if (!hasOwn(out, k)) put(out, k, placeSpell(s, spell[k]));
  if (valueTypes !== undefined) {
    // An enum or const value of a type the spelling has (an object, say) is refused all the same.
    reportNarrowed(s, spell, excluded, valueTypes.map((t) => (t === 'integer' ? 'number' : t)));
    return events;
  }
  reportNarrowed(s, spell, excluded);
  // Beside any rule (a `not`, an if, an allOf the dialect could not merge, a bound, a format),
  // "any value" is no longer true; their own sentences say what is accepted.
  return excluded === undefined && !constrainsValues(node) ? [...(events ?? []), { event: 'any-value', vars: {} }] : events;
}

/**
 * Items for an array the dialect must give them to: the any-value spell, cut down to the types
 * of the elements where the array's values are listed (a const or enum of arrays accepts only
 * those), with what it still refuses reported at the array. Arrays nested in the listed values
 * are spelled by the spell's own array branch, so their elements are asked of the whole spell.
 */
function fillItems(s: WalkState, rule: NonNullable<Plan['anyValue']>, out: JsonObject, node: JsonObject): void {
  if (own(out, 'items') !== undefined || own(out, 'prefixItems') !== undefined) return;
  const values = valuesOf(out) ?? valuesOf(node);
  // Closed positions (prefixItems with items: false) the dialect could not spell: each item is of
  // one of their types, so only those the spell lacks are narrowed (the spell is kept whole, as
  // the frozen versions spell it; the positions' sentence says which type goes where).
  const positional = values === undefined ? closedPositionTypes(node) : undefined;
  if (positional !== undefined) {
    put(out, 'items', placeSpell(s, rule.spell));
    reportNarrowed(s, rule.spell, undefined, ANY_TYPES.filter((x) => positional.includes(x) || (x === 'number' && positional.includes('integer'))));
    return;
  }
  if (values === undefined) {
    put(out, 'items', placeSpell(s, rule.spell));
    reportNarrowed(s, rule.spell, undefined);
    return;
  }
  const top = new Set<string>();
  const nested = new Set<string>();
  const collect = (v: unknown, into: Set<string>): void => {
    const t = typeOfValue(v);
    into.add(t === 'integer' ? 'number' : t);
    if (Array.isArray(v)) for (const e of v) collect(e, nested);
    else if (isPlainObject(v)) for (const k in v) collect(v[k], nested);
  };
  for (const v of values) if (Array.isArray(v)) for (const e of v) collect(e, top);
  // Only empty arrays are listed: no item is ever accepted, and the spell refuses none the canonical accepts.
  if (top.size === 0) {
    put(out, 'items', placeSpell(s, rule.spell));
    return;
  }
  put(out, 'items', placeSpell(s, narrowSpell(rule.spell, [...top], undefined)));
  const accepted = spellAdmits(rule.spell, 'array') || spellAdmits(rule.spell, 'object') ? new Set([...top, ...nested]) : top;
  reportNarrowed(s, rule.spell, undefined, ANY_TYPES.filter((x) => accepted.has(x)));
}

/**
 * The types an item of a closed tuple may have (`prefixItems` with `items: false`, or draft-07's
 * `items` list with `additionalItems: false`, or either with a `maxItems` no greater than the
 * positions): those its positions name. Undefined where the
 * tuple is open or a position names no type (it accepts every type).
 */
function closedPositionTypes(node: JsonObject): string[] | undefined {
  const prefix = own(node, 'prefixItems');
  const positions = Array.isArray(prefix) ? prefix : Array.isArray(own(node, 'items')) ? (node.items as unknown[]) : undefined;
  // Closed by items: false, or by a maxItems no greater than the positions (zod, pydantic and
  // schemars write a fixed-length tuple so): no item stands past them either way (round 17).
  const max = own(node, 'maxItems');
  const closed = (Array.isArray(prefix) ? own(node, 'items') === false : own(node, 'additionalItems') === false) || (positions !== undefined && typeof max === 'number' && max <= positions.length);
  if (positions === undefined || !closed || positions.length === 0) return undefined;
  const types = new Set<string>();
  for (const p of positions) {
    if (p === false) continue;
    const named = isPlainObject(p) ? admittedTypes(p) : undefined;
    if (named === undefined) return undefined;
    for (const t of named) types.add(t);
  }
  return [...types];
}

/**
 * What a spelling refuses of any value, in words ('' for nothing), per spelling object: a rule
 * file's spell is asked at every typeless node and never changes (the walk places copies of it),
 * so it is worked out once.
 */
const PLAIN_REFUSALS = new WeakMap<JsonObject, string>();

/** What the any-value spelling refuses of the types the canonical schema accepts here, reported at the node (for filled items, at their array). */
function reportNarrowed(s: WalkState, spell: JsonObject, excluded: readonly string[] | undefined, accepted: readonly string[] = ANY_TYPES): void {
  const plain = excluded === undefined && accepted === ANY_TYPES;
  let refused = plain ? PLAIN_REFUSALS.get(spell) : undefined;
  if (refused === undefined) {
    const types = ANY_TYPES.filter((x) => accepted.includes(x) && !spellAdmits(spell, x) && !(excluded ?? []).includes(x));
    refused = types.map((x) => TYPE_WORDS[x]).join(' and ');
    if (plain) PLAIN_REFUSALS.set(spell, refused);
  }
  if (refused === '') return;
  report(s, 'any-value-narrowed', 'warning', `the canonical schema accepts ${refused} here, but this dialect's spelling of any value has none, so the spelled schema refuses them (the server still accepts them)`, pointer(s));
}

export function describe(
  s: WalkState,
  out: JsonObject,
  node: JsonObject,
  table: PolicyTable,
  dropped: [string, unknown][],
  renamed: Set<string> | undefined,
  events: NoteEvent[] | undefined,
  inputKeys?: Map<string, string>,
): void {
  const explain = s.explain !== undefined && !s.madeUp.has(node) ? s.explain : undefined;
  const readAs = explain ? s.readAs?.get(node) : undefined;
  const keyOf = (k: string): string => inputKeys?.get(k) ?? k;
  const outcome = notesFor(s.plan.notes, s.plan.notesByKeyword, s.plan.references ? withRefsShown(s, dropped) : dropped, explain !== undefined, s.plan.vocabulary, (name) => own(node, name));
  const sentences = outcome.sentences;
  // Sentences for a `$ref` elsewhere in the input (cut at a cycle, not fetched): its explain entry once the text is known.
  let eventsCarry: [string, string][] | undefined;
  if (events) {
    for (const e of events) {
      const text = s.plan.events.get(e.event);
      if (text) {
        const sentence = fill(text, (n) => e.vars[n]);
        sentences.push(sentence);
        if (e.explainAt !== undefined && s.explain) (eventsCarry ??= []).push([e.explainAt, sentence]);
        continue;
      }
      if (e.explainAt !== undefined && s.explain) s.explain.push({ path: e.explainAt, keyword: '$ref', outcome: 'lost', detail: `the dialect has no wording for the event ${e.event}, so no sentence carries it` });
      if (e.event === 'cycle') report(s, 'rule-lost', 'warning', `the cycle through ${e.vars.name} is broken here and the dialect has no note for it`, pointer(s));
      else if (e.event === 'false-property') report(s, 'rule-lost', 'warning', `property ${JSON.stringify(e.vars.name)} accepts nothing; it is left out and the dialect has no note for it`, pointer(s));
      else if (e.event === 'null-only') report(s, 'rule-lost', 'warning', 'only null is accepted here, but the spelling also admits other values and the dialect has no note to say so', pointer(s));
      else if (e.event === 'evaluated-where') {
        const one = e.vars.count === '1';
        report(s, 'rule-lost', 'warning', `${e.vars.quoted} ${one ? 'is' : 'are'} declared here from a branch beside unevaluatedProperties, so the spelled schema accepts ${one ? 'it' : 'them'} where that branch does not apply, which the server refuses; the dialect has no note to say so`, pointer(s));
      }
      else if (e.event === 'enum-null') report(s, 'rule-lost', 'warning', 'null is taken out of this enum and the dialect has no note for it, so the spelled schema refuses a null the canonical schema accepts', at(s, node, 'enum'));
    }
  }
  for (const k of outcome.lost) {
    if (renamed?.has(k)) continue;
    report(s, 'rule-lost', 'warning', `${k} is not spelled in this dialect and no note carries it`, at(s, node, keyOf(k)));
    if (explain && hasOwn(node, keyOf(k))) explain.push({ path: at(s, node, keyOf(k)), keyword: readAs?.get(keyOf(k)) ?? keyOf(k), outcome: 'lost', detail: 'dropped; no note carries it' });
  }
  if (sentences.length === 0) return;
  const canDescribe = policyOf(table, 'description').kind === 'keep' && (table.allow === undefined || table.allow.has('description'));
  if (explain && outcome.carriedBy) {
    for (const [k, sentence] of outcome.carriedBy) {
      // A keyword the walk added (the closure of an open object) has no place in the input to explain.
      // Nor one the walk wrote to apply a reference beside its siblings: the $ref's own entry tells its fate.
      if (renamed?.has(k) || !hasOwn(node, keyOf(k)) || s.madeUpKeys?.get(node)?.has(keyOf(k))) continue;
      explain.push(carried(canDescribe, at(s, node, keyOf(k)), readAs?.get(keyOf(k)) ?? keyOf(k), sentence));
    }
  }
  if (eventsCarry && s.explain) for (const [path, sentence] of eventsCarry) s.explain.push(carried(canDescribe, path, '$ref', sentence));
  if (!canDescribe) {
    report(s, 'note-lost', 'warning', `this dialect admits no description here, so these sentences cannot be carried: ${sentences.join(' ')}`, pointer(s));
    return;
  }
  const outDescription = own(out, 'description');
  const nodeDescription = own(node, 'description');
  const author = typeof outDescription === 'string' ? outDescription : typeof nodeDescription === 'string' ? nodeDescription : '';
  // Words the walk brought in (a union's one branch folded into its node) may hold a sentence of the
  // same note already: it is said once.
  const said = typeof outDescription === 'string' && outDescription !== nodeDescription ? sentences.filter((x) => !outDescription.includes(x)) : sentences;
  if (said.length === 0) return;
  put(out, 'description', author ? `${author}${wordsGap(s.plan, author)}${said.join(' ')}` : said.join(' '));
}


/**
 * The dropped keywords with the local references in their subschemas shown (refs-shown.ts): a
 * sentence must not name a definition the output leaves out. A root definition shown there counts
 * as reached, so it is not reported as one no reference leads to.
 */
function withRefsShown(s: WalkState, dropped: [string, unknown][]): [string, unknown][] {
  let out: [string, unknown][] | undefined;
  for (let i = 0; i < dropped.length; i++) {
    const pair = dropped[i] as [string, unknown];
    const v = pair[1];
    if (v === null || typeof v !== 'object') continue;
    const shown = showRefs(pair[0], v, () => refIndex(s), (target) => {
      const reserved = s.reservedNames.get(target.node);
      if (reserved !== undefined) reserved.reached = true;
    });
    if (shown !== v) (out ??= dropped.slice())[i] = [pair[0], shown];
  }
  return out ?? dropped;
}

/** A keyword whose rule a sentence carries: described where the node can hold a description, else lost. */
function carried(canDescribe: boolean, path: string, keyword: string, sentence: string): Explanation {
  return canDescribe ? { path, keyword, outcome: 'described', detail: sentence } : { path, keyword, outcome: 'lost', detail: `${sentence} (no description can be carried here)` };
}
