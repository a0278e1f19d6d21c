/**
 * More ways a schema accepts no value (or none of a kind) by accident, which lint says beside the
 * ones the walk reads too (src/no-value.ts). Lint's only: the walk reports what no-value.ts finds
 * in every dialect, frozen ones included, whose pinned diagnostics must not change.
 * - the bounds of a schema and its allOf branches cross (`allOf: [{maxLength: 10}, {minLength: 20}]`);
 * - no multiple of `multipleOf` lies between the bounds (`multipleOf: 10, minimum: 1, maximum: 9`);
 * - none of the enum or const values meets the schema's own bounds, length or pattern
 *   (`const: 3, minimum: 5`; `enum: ["abc"], pattern: "^[0-9]+$"`);
 * - `items: false` after N positions allows at most N items, below `minItems`;
 * - `contains` asks for a type `items` gives no item (`items: {type: string}, contains: {type: integer}`);
 * - two `oneOf` branches are the same, so no value either accepts is accepted.
 * Each finding names the keyword to look at (relative to the schema) and why.
 */
import { hasOwn, isPlainObject, jsonEqual } from '../convert/data.js';
import { admittedTypes, commonTypes } from '../type-names.js';
import { patternMatches } from '../name-schemas.js';
import { acceptsNoValue } from '../accepts-no-value.js';
import { numberAt } from '../no-value.js';

type Node = Record<string, unknown>;

export interface MoreNoValue {
  /** Where, below the schema: "allOf", "multipleOf", "enum", "minItems", "contains", "oneOf/1". */
  at: string;
  /** What is accepted no more, as a sentence's subject: "No string", "No value these branches accept". */
  none: string;
  reason: string;
}

/** A finite bound of the node (no-value.ts reads the same keywords). */
function num(n: Node, k: string): number | undefined {
  const v = numberAt(n, k);
  return v !== undefined && Number.isFinite(v) ? v : undefined;
}

const PAIRS: readonly (readonly [string, string, string])[] = [
  ['minLength', 'maxLength', 'string'],
  ['minItems', 'maxItems', 'array'],
  ['minProperties', 'maxProperties', 'object'],
  ['minimum', 'maximum', 'number'],
];

export function moreNoValue(node: Node): MoreNoValue[] {
  const out: MoreNoValue[] = [];
  allOfBounds(node, out);
  multipleGap(node, out);
  valuesOutsideRules(node, out);
  tupleTooShort(node, out);
  containsBesideItems(node, out);
  sameOneOfBranches(node, out);
  return out;
}

/** The plain allOf branches of a node, at any depth of allOf (a reference is not followed). */
function allOfChain(node: Node, depth = 0): Node[] {
  const list = node.allOf;
  if (!Array.isArray(list) || depth > 16) return [];
  return list.flatMap((b) => (isPlainObject(b) ? [b, ...allOfChain(b, depth + 1)] : []));
}

function allOfBounds(node: Node, out: MoreNoValue[]): void {
  const branches = allOfChain(node);
  if (branches.length === 0) return;
  const all = [node, ...branches];
  for (const [low, high, type] of PAIRS) {
    let lo: number | undefined;
    let hi: number | undefined;
    for (const n of all) {
      const l = num(n, low);
      const h = num(n, high);
      if (l !== undefined && (lo === undefined || l > lo)) lo = l;
      if (h !== undefined && (hi === undefined || h < hi)) hi = h;
    }
    // A crossing within one schema is said by json-schema.tool-schema.accepts-nothing at its bound.
    if (lo === undefined || hi === undefined || lo <= hi || all.some((n) => num(n, low) === lo && num(n, high) === hi)) continue;
    out.push({ at: 'allOf', none: `No ${type}`, reason: `${low} ${lo} and ${high} ${hi} hold together through allOf` });
  }
}

function multipleGap(node: Node, out: MoreNoValue[]): void {
  const m = num(node, 'multipleOf');
  if (m === undefined || m <= 0) return;
  const lo = num(node, 'minimum') ?? num(node, 'exclusiveMinimum');
  const hi = num(node, 'maximum') ?? num(node, 'exclusiveMaximum');
  if (lo === undefined || hi === undefined || lo > hi) return;
  let first = Math.ceil(lo / m) * m;
  if (num(node, 'minimum') === undefined && first === lo) first += m;
  const last = num(node, 'maximum') === undefined ? hi - Number.EPSILON * Math.abs(hi) : hi;
  if (first > last) out.push({ at: 'multipleOf', none: 'No number', reason: `no multiple of ${m} lies between ${lo} and ${hi}` });
}

/** A string's length as JSON Schema counts it: in code points. */
function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Whether a value meets the node's own bounds, length and pattern (the other keywords are not read here). */
function meets(node: Node, v: unknown): boolean | undefined {
  if (typeof v === 'number') {
    const min = num(node, 'minimum');
    const max = num(node, 'maximum');
    const xmin = num(node, 'exclusiveMinimum');
    const xmax = num(node, 'exclusiveMaximum');
    const m = num(node, 'multipleOf');
    if (min !== undefined && v < min) return false;
    if (max !== undefined && v > max) return false;
    if (xmin !== undefined && v <= xmin) return false;
    if (xmax !== undefined && v >= xmax) return false;
    if (m !== undefined && m > 0 && !Number.isInteger(v / m)) return false;
    return true;
  }
  if (typeof v === 'string') {
    const len = num(node, 'minLength') !== undefined || num(node, 'maxLength') !== undefined ? codePoints(v) : 0;
    if (num(node, 'minLength') !== undefined && len < (num(node, 'minLength') as number)) return false;
    if (num(node, 'maxLength') !== undefined && len > (num(node, 'maxLength') as number)) return false;
    if (typeof node.pattern === 'string') {
      const ok = patternMatches(node.pattern, v);
      if (ok === undefined) return undefined;
      if (!ok) return false;
    }
    return true;
  }
  return true;
}

function valuesOutsideRules(node: Node, out: MoreNoValue[]): void {
  const key = Array.isArray(node.enum) ? 'enum' : hasOwn(node, 'const') ? 'const' : undefined;
  if (key === undefined) return;
  const values = key === 'enum' ? (node.enum as unknown[]) : [node.const];
  if (values.length === 0) return;
  for (const v of values) if (meets(node, v) !== false) return;
  out.push({ at: key, none: 'No value', reason: `none of its ${key} values meets its own bounds, length or pattern` });
}

function tupleTooShort(node: Node, out: MoreNoValue[]): void {
  const positions = node.prefixItems;
  const min = num(node, 'minItems');
  if (!Array.isArray(positions) || node.items !== false || min === undefined || min <= positions.length) return;
  out.push({ at: 'minItems', none: 'No array', reason: `items: false after ${positions.length} position${positions.length === 1 ? '' : 's'} allows at most ${positions.length} item${positions.length === 1 ? '' : 's'}, below minItems ${min}` });
}

function containsBesideItems(node: Node, out: MoreNoValue[]): void {
  const c = node.contains;
  const items = node.items;
  if (!isPlainObject(c) || !isPlainObject(items) || num(node, 'minContains') === 0) return;
  const ct = admittedTypes(c);
  const it = admittedTypes(items);
  if (ct === undefined || it === undefined || commonTypes(ct, it).length > 0) return;
  out.push({ at: 'contains', none: 'No array', reason: `contains asks for ${ct.join(' or ')} items, and items admits only ${it.join(' or ')} items` });
}

function sameOneOfBranches(node: Node, out: MoreNoValue[]): void {
  const list = node.oneOf;
  if (!Array.isArray(list) || list.length < 2 || list.length > 64) return;
  for (let j = 1; j < list.length; j++) {
    // Two branches that accept nothing (false) refuse nothing more for being the same.
    if (acceptsNoValue(list[j])) continue;
    const i = list.findIndex((b, k) => k < j && jsonEqual(b, list[j]));
    if (i >= 0) out.push({ at: `oneOf/${j}`, none: 'No value these branches accept', reason: `oneOf branches ${i + 1} and ${j + 1} are the same, so each such value matches two branches` });
  }
}
