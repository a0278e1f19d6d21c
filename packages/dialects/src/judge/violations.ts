/**
 * Ajv's error list -> violations a model can act on: one per problem, at the pointer of the value
 * that must change (a missing or an extra property is pointed at by its own name), the rule in
 * plain words, the offending value shortened. The errors inside a failed `anyOf`/`oneOf` are
 * folded into that one violation; Ajv's bookkeeping errors (`if`) are dropped.
 */
import type { ErrorObject } from 'ajv';
import { escapeToken, unescapeToken } from '../json-pointer.js';
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

export function toViolations(errors: readonly ErrorObject[], document: unknown): Violation[] {
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
  const folded = new Set<ErrorObject>();
  const unions = errors.filter((e) => e.keyword === 'anyOf' || (e.keyword === 'oneOf' && !Array.isArray((e.params as Record<string, unknown>)['passingSchemas'])));
  // Outermost alternatives first, so an inner alternative folds into the outer one.
  unions.sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  const branchRules = new Map<ErrorObject, string[]>();
  for (const u of unions) {
    if (folded.has(u)) continue;
    const byBranch = new Map<string, ErrorObject[]>();
    for (const e of errors) {
      if (e === u || !isWithin(e, u.schemaPath)) continue;
      folded.add(e);
      const branch = e.schemaPath.slice(u.schemaPath.length + 1).split('/')[0]!;
      (byBranch.get(branch) ?? byBranch.set(branch, []).get(branch)!).push(e);
    }
    const rules = [...new Set([...byBranch.values()].map((inner) => branchSummary(inner, u.instancePath)).filter((r) => r !== ''))];
    branchRules.set(u, rules.length > 3 ? [...rules.slice(0, 3), `${rules.length - 3} more`] : rules);
  }
  // The items that failed a `contains` are not each wrong: only the array is.
  for (const c of errors) if (c.keyword === 'contains') for (const e of errors) if (isWithin(e, c.schemaPath)) folded.add(e);
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
