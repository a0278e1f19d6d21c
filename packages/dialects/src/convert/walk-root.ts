/**
 * Pass 4, root (docs/architecture.md): root unions merged or reported, the root type, the root
 * keyword allowlist. Separate because it runs once per schema on the finished root, after the
 * kept definitions are emitted.
 */
import { hasOwn, isPlainObject, put, type JsonObject } from './data.js';
import { RULE_KEYWORDS } from './keywords.js';
import { fill } from './placeholders.js';
import { mergeRootUnion } from './root-union.js';
import { renderWords } from './words.js';
import { policyOf } from './node-rules.js';
import { type WalkState, PLACEHOLDER } from './walk-state.js';
import { report } from './walk-paths.js';
import { finishObjects } from './walk-objects.js';

export function rootPass(s: WalkState, out: JsonObject): JsonObject {
  const plan = s.plan;
  if (plan.rootUnions !== 'allow') out = rootUnion(s, out);
  if (plan.rootType === 'object' && out.type === undefined) {
    // A root whose keywords only ever constrain objects is an object schema: spelling its type
    // changes nothing for an object argument. A root that says nothing at all narrows, reported.
    const evident = OBJECT_KEYWORDS.some((k) => hasOwn(out, k)) || objectUnion(out.anyOf) || objectUnion(out.oneOf);
    // Silent in the input: a rule the dialect dropped (an enum of numbers) still says what the root is.
    const silent = Object.keys(out).every((k) => !RULE_KEYWORDS.has(k)) && (!isPlainObject(s.root) || Object.keys(s.root).every((k) => !RULE_KEYWORDS.has(k) || k === '$defs' || k === 'definitions'));
    if (evident || silent) put(out, 'type', 'object');
    if (silent && !evident) {
      // A false root accepts nothing, so spelling it as an object widens what the reader is told.
      if (s.root === false) report(s, 'root-not-object', 'error', 'the root schema is false, so no call is accepted; this dialect cannot spell that at its root (the server still refuses every call)', s.prefix);
      else report(s, 'root-narrowed', 'warning', 'the root schema accepts any value; this dialect spells it as an object', s.prefix);
    }
  }
  if (plan.rootType === 'object' && out.type !== 'object') {
    report(s, 'root-not-object', 'error', `the root schema must have type "object" in this dialect; it has ${out.type === undefined ? 'no type' : `type ${JSON.stringify(out.type)}`}`, s.prefix);
  }
  const allow = plan.rootAllow;
  if (allow) {
    for (const k of Object.keys(out)) {
      if (allow.has(k) || out[k] === PLACEHOLDER) continue;
      if (RULE_KEYWORDS.has(k)) report(s, 'rule-lost', 'warning', `${k} cannot be spelled at the root in this dialect and is dropped`, s.prefix);
      delete out[k];
    }
  }
  return out;
}

function rootUnion(s: WalkState, out: JsonObject): JsonObject {
  const key = Array.isArray(out.anyOf) ? 'anyOf' : Array.isArray(out.oneOf) ? 'oneOf' : undefined;
  if (!key) return out;
  if (s.plan.rootUnions === 'forbid') {
    report(s, 'root-union', 'error', 'the root is a union, which this dialect cannot spell at the root; the reader will refuse the schema', s.prefix);
    return out;
  }
  const branches = out[key] as unknown[];
  // A branch that names no type reads the root's (docs/rule-format.md): under `type: object` a
  // `{required: [email]}` branch is an object shape too, whose properties are the root's.
  const objects = branches.every((b) => isPlainObject(b) && (b.type === 'object' || isPlainObject(b.properties) || (b.type === undefined && out.type === 'object')));
  if (!objects) {
    report(s, 'root-union', 'error', `the root is a union (${key}) of shapes that are not all objects, which this dialect cannot spell at the root`, s.prefix);
    return out;
  }
  const result = mergeRootUnion(out, key, branches as JsonObject[]);
  // The merged object is a new object node: closure and optional-as-nullable apply to it too.
  if (s.plan.closed === 'all' || s.plan.optional === 'required-nullable') finishObjects(s, result, {}, true, undefined, undefined, true);
  report(s, 'root-union', 'warning', `the root ${key} of ${branches.length} object shapes is spelled as one object with the properties of all of them; the server still judges each call against the canonical union`, s.prefix);
  const text = s.plan.events.get('root-union');
  if (text) sayAtRoot(s, result, fill(text, (n) => (n === 'count' ? String(branches.length) : undefined)));
  return result;
}

/** Writes a sentence after the root's description, or reports that the dialect's root admits none. */
function sayAtRoot(s: WalkState, out: JsonObject, sentence: string): void {
  if (policyOf(s.plan.rootTable, 'description').kind === 'keep' && (s.plan.rootTable.allow?.has('description') ?? true)) {
    put(out, 'description', typeof out.description === 'string' ? `${out.description} ${sentence}` : sentence);
  } else report(s, 'note-lost', 'warning', `this dialect admits no description at the root, so this sentence cannot be carried: ${sentence}`, s.prefix);
}

/** A union whose every branch is an object schema (so the whole accepts objects only). */
function objectUnion(branches: unknown): boolean {
  return Array.isArray(branches) && branches.length > 0 && branches.every((b) => isPlainObject(b) && (b.type === 'object' || OBJECT_KEYWORDS.some((k) => hasOwn(b, k))));
}

/** Keywords that constrain objects only. */
const OBJECT_KEYWORDS = ['properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties', 'dependentRequired', 'dependentSchemas', 'unevaluatedProperties'];

/** A root union that says only which properties must be sent, and the sentence that says it in words. */
export interface PresenceUnion {
  /** The root without the union: what is walked and spelled. */
  readonly rest: JsonObject;
  /** Undefined where the union had one branch, whose names went into `required`. */
  readonly sentence: string | undefined;
}

/** A union of branches that each only require properties (`{required: [...]}`, `type: object` aside). */
function requiringBranches(branches: unknown): branches is JsonObject[] {
  return (
    Array.isArray(branches) &&
    branches.length > 0 &&
    branches.every((b) => isPlainObject(b) && Array.isArray(b.required) && b.required.length > 0 && b.required.every((n) => typeof n === 'string') && Object.keys(b).every((k) => k === 'required' || (k === 'type' && b.type === 'object')))
  );
}

/**
 * A root `anyOf` / `oneOf` whose every branch only requires properties (`anyOf: [{required:
 * [email]}, {required: [phone]}]`: "at least one of"), where the dialect admits no union at the
 * root: it constrains which properties are sent, not their shapes, so it is dropped and written
 * into the root's description in words ("At least one of these must hold: email is required or
 * phone is required."), as any rule a dialect stops spelling; the judge still applies it. Found at
 * the root or as an allOf branch of its own (`allOf: [{anyOf: [...]}]`); a union of one branch is
 * its names required. Only where the sentence file words it (a `words` note on that keyword alone);
 * elsewhere the union takes the root-union path as before.
 */
export function presenceUnion(s: WalkState, root: unknown): PresenceUnion | undefined {
  // Most roots hold no union at all: said in one test, so a cold pass compiles nothing more for them.
  if (s.plan.rootUnions === 'allow' || !isPlainObject(root) || (root.anyOf === undefined && root.oneOf === undefined && root.allOf === undefined)) return undefined;
  return readPresenceUnion(s, root);
}

function readPresenceUnion(s: WalkState, root: JsonObject): PresenceUnion | undefined {
  if (hasOwn(root, 'anyOf') && hasOwn(root, 'oneOf')) return undefined;
  const own = Array.isArray(root.anyOf) ? 'anyOf' : Array.isArray(root.oneOf) ? 'oneOf' : undefined;
  const allOf = Array.isArray(root.allOf) ? root.allOf : [];
  // Where the root has no union of its own, an allOf branch that is nothing but one.
  const at = own === undefined ? allOf.findIndex((b) => isPlainObject(b) && Object.keys(b).length === 1 && (Array.isArray(b.anyOf) || Array.isArray(b.oneOf))) : -1;
  const holder = own !== undefined ? root : at >= 0 ? (allOf[at] as JsonObject) : undefined;
  if (holder === undefined) return undefined;
  const key = Array.isArray(holder.anyOf) ? 'anyOf' : 'oneOf';
  const branches = holder[key];
  if (!requiringBranches(branches)) return undefined;
  let sentence: string | undefined;
  if (branches.length > 1) {
    const note = s.plan.notes.find((n) => n.words !== undefined && n.when === undefined && n.keywords.length === 1 && n.keywords[0] === key);
    const said = note === undefined || s.plan.vocabulary === undefined ? undefined : renderWords(note.words as string, (n) => (n === key ? branches : undefined), s.plan.vocabulary, (n) => root[n]);
    if (said === undefined) return undefined;
    sentence = said.join(' ');
  }
  const rest: JsonObject = {};
  for (const k in root) {
    if (k === key && own !== undefined) continue;
    if (k === 'allOf' && at >= 0) {
      const left = allOf.filter((_, i) => i !== at);
      if (left.length > 0) put(rest, k, left);
      continue;
    }
    put(rest, k, root[k]);
  }
  if (sentence === undefined) {
    // One branch: its names are simply required too.
    const required = Array.isArray(rest.required) ? (rest.required as unknown[]).filter((n): n is string => typeof n === 'string') : [];
    for (const n of branches[0]!.required as string[]) if (!required.includes(n)) required.push(n);
    put(rest, 'required', required);
  }
  return { rest, sentence };
}

/** Writes a presence union's sentence after the root's description, or reports that the root admits none. */
export function carryPresence(s: WalkState, out: JsonObject, presence: PresenceUnion): void {
  if (presence.sentence !== undefined) sayAtRoot(s, out, presence.sentence);
}

