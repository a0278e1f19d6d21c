/**
 * Ajv's error list -> violations a model can act on: one per problem, at the pointer of the value
 * that must change (a missing or an extra property is pointed at by its own name), the rule in
 * plain words, the offending value shortened. The errors inside a failed `anyOf`/`oneOf` are
 * folded into that one violation; Ajv's bookkeeping errors (`if`) are dropped.
 */
import type { ErrorObject } from 'ajv';
import { escapeToken, getAt, unescapeToken } from '../json-pointer.js';
import { ruleWords, shorten } from './rule-words.js';
import type { Violation } from './types.js';

/** More than this many violations are cut (a huge array of bad items must not make a huge answer). */
export const MAX_VIOLATIONS = 1000;

function pathOf(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
    case 'dependentRequired':
    case 'dependencies':
      return `${e.instancePath}/${escapeToken(String(p['missingProperty']))}`;
    case 'additionalProperties':
      return `${e.instancePath}/${escapeToken(String(p['additionalProperty']))}`;
    case 'unevaluatedProperties':
      return `${e.instancePath}/${escapeToken(String(p['unevaluatedProperty']))}`;
    case 'propertyNames':
      return `${e.instancePath}/${escapeToken(String(p['propertyName']))}`;
    default:
      return e.instancePath;
  }
}

function isWithin(e: ErrorObject, schemaPath: string): boolean {
  return e.schemaPath.startsWith(schemaPath + '/');
}

/** What one branch of a failed alternative asked for, in words. */
function branchSummary(inner: readonly ErrorObject[], at: string): string {
  const parts: string[] = [];
  for (const e of inner) {
    if (e.keyword === 'if' || (e as { propertyName?: string }).propertyName !== undefined) continue;
    // A place inside the value is named by its whole pointer: "/address/zip is required" under
    // /order/ship read as a top-level path (round 14).
    const path = pathOf(e);
    const text = (path.length > at.length ? `${path} ` : '') + ruleWords(e);
    if (!parts.includes(text)) parts.push(text);
  }
  return parts.slice(0, 3).join(' and ');
}

// Keywords whose errors fold others into them, or are folded: the slow path handles them.
const STRUCTURAL = new Set(['anyOf', 'oneOf', 'contains', 'if', 'propertyNames']);

/** The value at an Ajv instance path (own properties only); undefined when absent. */
function valueAt(document: unknown, path: string): unknown {
  if (path === '') return document;
  let node = document;
  let start = 1;
  while (start <= path.length) {
    let end = path.indexOf('/', start);
    if (end < 0) end = path.length;
    const token = unescapeToken(path.slice(start, end));
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
    start = end + 1;
  }
  return node;
}

/**
 * A number JavaScript cannot hold (JSON.parse reads 1e400 as Infinity) where the schema wants a
 * number: said plainly, since "must be a number (got Infinity)" would read as nonsense.
 */
const NON_FINITE = 'must be a finite number: numbers beyond ±1.7976931348623157e308 cannot be read exactly and are not accepted';

const NUMBER_KEYWORDS = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']);
const wantsNumber = (e: ErrorObject): boolean =>
  NUMBER_KEYWORDS.has(e.keyword) || (e.keyword === 'type' && /number|integer/.test(String((e.params as Record<string, unknown>)['type'])));

function violationOf(e: ErrorObject, document: unknown, branchRules?: readonly string[]): Violation {
  const path = pathOf(e);
  const v: Violation = { path, rule: ruleWords(e, branchRules), keyword: e.keyword };
  const missing = e.keyword === 'required' || e.keyword === 'dependentRequired' || e.keyword === 'dependencies';
  if (!missing) {
    // A property name that is refused is the offending value itself; elsewhere it is the value at the path.
    const value = e.keyword === 'propertyNames' ? (e.params as Record<string, unknown>)['propertyName'] : valueAt(document, path);
    if (value !== undefined) v.value = shorten(value);
    if (typeof value === 'number' && !Number.isFinite(value) && wantsNumber(e)) v.rule = NON_FINITE;
  }
  return v;
}

/** A value at `inner` lies at or under `outer` (JSON pointers, token by token). */
function under(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(outer + '/');
}

const isUnion = (e: ErrorObject): boolean => e.keyword === 'anyOf' || (e.keyword === 'oneOf' && !Array.isArray((e.params as Record<string, unknown>)['passingSchemas']));

/**
 * Which errors each failed anyOf/oneOf folds, and what each of its branches asked for. Ajv writes a
 * union's error just after the errors of its branches, so the unions are read in the order written,
 * inner ones first: a union's members are the errors just before it, under its schema path and at or
 * under its value (a recursive definition repeats one schema path at every depth, so the value's
 * place tells the levels apart). A union of one level deeper under the same schema path (the
 * recursion itself) is a member whose branch is not known.
 *
 * Where every branch but one fails on what the value is, not on its parts (its type, or a const or
 * enum of one of its properties: the null of `anyOf: [X, null]`, the kind of a discriminated
 * union), the value was meant for that branch: its errors are said as they are, where they are,
 * and the union says nothing ("/list/tail/head must be a string", not "must match one of the
 * alternatives" three levels up). Elsewhere the union is one violation that names each branch's
 * rules.
 */
function readUnions(errors: readonly ErrorObject[], schema: unknown): { folded: Set<ErrorObject>; branchRules: Map<ErrorObject, string[]> } {
  const folded = new Set<ErrorObject>();
  const branchRules = new Map<ErrorObject, string[]>();
  // Errors no union has taken yet, by their place in Ajv's list.
  const pool = new Set<number>(errors.map((_, i) => i));
  for (let ui = 0; ui < errors.length; ui++) {
    const u = errors[ui]!;
    if (!isUnion(u)) continue;
    const byBranch = new Map<string, number[]>();
    let refs: [string, string][] | undefined | null = null;
    // Ajv writes a union's errors just before it, one block: read back from it to the first error
    // that is none of its own (an inner union's, already taken, lie inside the block). Linear in
    // the block, so a call with 20,000 failed items is read at once, not in quadratic time.
    for (let i = ui - 1; i >= 0; i--) {
      if (!pool.has(i)) continue;
      const e = errors[i]!;
      if (!under(e.instancePath, u.instancePath)) break;
      let branch: string | undefined;
      if (isWithin(e, u.schemaPath)) branch = e.schemaPath.slice(u.schemaPath.length + 1).split('/')[0]!;
      else if (isUnion(e) && e.schemaPath === u.schemaPath && e.instancePath !== u.instancePath) branch = '?';
      // Ajv writes the errors of a referenced schema under the reference's target: the branch that references it is theirs.
      else branch = (refs === null ? (refs = refBranches(u, schema)) : refs)?.find(([, ref]) => under(e.schemaPath, ref))?.[0];
      if (branch === undefined) break;
      (byBranch.get(branch) ?? byBranch.set(branch, []).get(branch)!).unshift(i);
    }
    // Read back to front: the branches in the order Ajv wrote them.
    const ordered = [...byBranch.entries()].sort((a, b) => a[1][0]! - b[1][0]!);
    byBranch.clear();
    for (const [k, v] of ordered) byBranch.set(k, v);
    for (const members of byBranch.values()) for (const i of members) pool.delete(i);
    const meant = [...byBranch.entries()].filter(([, members]) => !members.some((i) => missesWhatTheValueIs(errors[i]!, u.instancePath)));
    if (meant.length === 1 && byBranch.size > 1) {
      // Said where they are: back among the errors an outer union may take, or that are said; the
      // other branches' errors and the union's own are not said.
      for (const [, members] of byBranch) for (const i of members) folded.add(errors[i]!);
      for (const i of meant[0]![1]) {
        folded.delete(errors[i]!);
        pool.add(i);
      }
      folded.add(u);
      pool.delete(ui);
      continue;
    }
    for (const members of byBranch.values()) for (const i of members) folded.add(errors[i]!);
    const rules = [...new Set([...byBranch.values()].map((members) => branchSummary(members.map((i) => errors[i]!), u.instancePath)).filter((r) => r !== ''))];
    branchRules.set(u, rules.length > 3 ? [...rules.slice(0, 3), `${rules.length - 3} more`] : rules);
  }
  return { folded, branchRules };
}

/**
 * The branches of a union that are local references, with the schema path Ajv gives the errors
 * of their target ("#/$defs/Card"); undefined where the union cannot be found in `schema`.
 */
function refBranches(u: ErrorObject, schema: unknown): [string, string][] | undefined {
  if (schema === undefined || !u.schemaPath.startsWith('#/')) return undefined;
  const branches = getAt(schema, u.schemaPath.slice(1));
  if (!Array.isArray(branches)) return undefined;
  const out: [string, string][] = [];
  branches.forEach((b, i) => {
    const ref = b !== null && typeof b === 'object' ? (b as Record<string, unknown>).$ref : undefined;
    if (typeof ref === 'string' && ref.startsWith('#/')) out.push([String(i), ref]);
  });
  return out;
}

/** An error that says the value is not what its branch is for: its type, or a const or enum of one of its own properties. */
function missesWhatTheValueIs(e: ErrorObject, at: string): boolean {
  if (e.keyword === 'type') return e.instancePath === at;
  if (e.keyword !== 'const' && e.keyword !== 'enum') return false;
  if (!e.instancePath.startsWith(at + '/')) return false;
  return !e.instancePath.slice(at.length + 1).includes('/');
}

/** `schema`: the schema the errors are of, where the branches of a union that reference a definition are read. */
export function toViolations(errors: readonly ErrorObject[], document: unknown, schema?: unknown): Violation[] {
  if (!errors.some((e) => STRUCTURAL.has(e.keyword) || (e as { propertyName?: string }).propertyName !== undefined)) {
    const out: Violation[] = [];
    for (let i = 0; i < errors.length && out.length < MAX_VIOLATIONS; i++) {
      const v = violationOf(errors[i]!, document);
      if (!out.some((o) => o.path === v.path && o.rule === v.rule)) out.push(v);
    }
    return out;
  }
  const out: Violation[] = [];
  const seen = new Set<string>();
  const { folded, branchRules } = readUnions(errors, schema);
  // The items that failed a `contains` are not each wrong: only the array is.
  // Ajv writes them just before the contains error, one block: read back from it (linear, as for unions).
  for (let ci = 0; ci < errors.length; ci++) {
    const c = errors[ci]!;
    if (c.keyword !== 'contains') continue;
    for (let i = ci - 1; i >= 0; i--) {
      const e = errors[i]!;
      if (!under(e.instancePath, c.instancePath) || !isWithin(e, c.schemaPath)) break;
      folded.add(e);
    }
  }
  const others = errors.filter((e) => e.keyword !== 'if');
  for (const e of errors) {
    if (folded.has(e)) continue;
    if (e.keyword === 'if' && others.length > 0) continue;
    // Errors raised for a property name by the subschema of `propertyNames` repeat the outer error.
    if ((e as { propertyName?: string }).propertyName !== undefined) continue;
    const v = violationOf(e, document, branchRules.get(e));
    const key = v.path + '\u0000' + v.rule;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(v);
    if (out.length >= MAX_VIOLATIONS) break;
  }
  return out;
}
