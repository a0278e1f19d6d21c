/**
 * Why a schema object accepts no value (or none of one type) although no single keyword says so,
 * for the walk (accepts-nothing) and for lint (json-schema.tool-schema.accepts-nothing), so both
 * say it where it stands:
 * - crossed ranges: a lower bound above its upper bound (`minItems: 5, maxItems: 2`; `minimum` or
 *   `exclusiveMinimum` above, or exclusively at, `maximum` or `exclusiveMaximum`), or no integer
 *   between the bounds of an integer (1.2 to 1.8): no value of that one type passes;
 * - its `type` and the types of its plain `allOf` branches have no value in common (a reference is
 *   not followed), its `const` is not among its `enum` values, or its type admits none of its
 *   enum or const values: no value at all passes.
 */
import { clip } from './clip.js';
import { hasOwn, isPlainObject, jsonEqual } from './convert/data.js';
import { typeRefusesAllValues } from './convert/walk-merge.js';
import { admittedTypes, commonTypes } from './type-names.js';

type Node = Record<string, unknown>;

/** A range no value of `type` lies in: its lower keyword, why (in words), and the values it leaves none of. */
export interface CrossedRange {
  keyword: string;
  type: string;
  reason: string;
  /** "string", "number", "array that has contains": what no value of is accepted. */
  noun: string;
}

/** Lower and upper count keywords, the type they count, and its noun. */
const COUNTS: readonly (readonly [string, string, string, string])[] = [
  ['minLength', 'maxLength', 'string', 'string'],
  ['minItems', 'maxItems', 'array', 'array'],
  ['minProperties', 'maxProperties', 'object', 'object'],
  ['minContains', 'maxContains', 'array', 'array that has contains'],
];
const BOUND_KEYWORDS = ['minLength', 'minItems', 'minProperties', 'minContains', 'minimum', 'exclusiveMinimum'];

/** The ranges of this node that no value of their type lies in (usually none). */
export function crossedRanges(node: Node): CrossedRange[] {
  const out: CrossedRange[] = [];
  // Asked of every node the walk meets: most have no lower bound, told by hasOwnProperty.
  if (!BOUND_KEYWORDS.some((k) => hasOwn(node, k))) return out;
  const number = (k: string): number | undefined => (hasOwn(node, k) && typeof node[k] === 'number' ? (node[k] as number) : undefined);
  for (const [low, high, type, noun] of COUNTS) {
    const a = number(low);
    const b = number(high);
    if (a !== undefined && b !== undefined && a > b) out.push({ keyword: low, type, noun, reason: `${low} ${a} is above ${high} ${b}` });
  }
  const lows: [string, number, boolean][] = [];
  const highs: [string, number, boolean][] = [];
  for (const [k, exclusive] of [['minimum', false], ['exclusiveMinimum', true]] as const) {
    const v = number(k);
    if (v !== undefined) lows.push([k, v, exclusive]);
  }
  for (const [k, exclusive] of [['maximum', false], ['exclusiveMaximum', true]] as const) {
    const v = number(k);
    if (v !== undefined) highs.push([k, v, exclusive]);
  }
  const integer = admittedTypes(node)?.every((t) => t === 'integer') === true;
  for (const [lk, l, lx] of lows) {
    for (const [hk, h, hx] of highs) {
      if (l > h || (l === h && (lx || hx))) {
        out.push({ keyword: lk, type: 'number', noun: 'number', reason: `${lk} ${l} ${l === h ? 'meets' : 'is above'} ${hk} ${h}` });
        return out;
      }
      // The least integer the lower bound lets through against the greatest the upper one does.
      if (integer && (lx ? Math.floor(l) + 1 : Math.ceil(l)) > (hx ? Math.ceil(h) - 1 : Math.floor(h))) {
        out.push({ keyword: lk, type: 'integer', noun: 'integer', reason: `no integer lies between ${lk} ${l} and ${hk} ${h}` });
        return out;
      }
    }
  }
  return out;
}

/**
 * The reason, in words that follow "accepts no value: ", or undefined when a value may pass.
 * `ranges`: a crossed range counts too where its type is every type the node admits (the walk;
 * lint says ranges at their bounds). `values`: a type that admits none of the enum or const
 * values counts (lint; the walk says it where it drops those values, walk-node.ts).
 */
export function noValueReason(node: Node, { ranges, values }: { ranges: boolean; values: boolean }): string | undefined {
  if (hasOwn(node, 'const') && Array.isArray(node.enum) && !node.enum.some((v) => jsonEqual(v, node.const))) {
    return `its const ${short(node.const)} is not one of its enum values`;
  }
  if (values && hasOwn(node, 'type') && (hasOwn(node, 'enum') || hasOwn(node, 'const')) && typeRefusesAllValues(node)) {
    return `its type ${JSON.stringify(node.type)} admits none of its ${hasOwn(node, 'enum') ? 'enum' : 'const'} values`;
  }
  if (ranges) {
    const types = admittedTypes(node);
    if (types !== undefined) {
      for (const r of crossedRanges(node)) {
        if (types.every((t) => t === r.type || (t === 'integer' && r.type === 'number'))) return r.reason;
      }
    }
  }
  // Most nodes have no allOf, told by hasOwnProperty (a missing key read by name is dear).
  if (!hasOwn(node, 'allOf')) return undefined;
  const branches = node.allOf;
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  let common: readonly string[] | undefined;
  const from: string[] = [];
  const meet = (types: readonly string[] | undefined, where: string): boolean => {
    if (types === undefined) return false;
    from.push(`${where} ${JSON.stringify(types.length === 1 ? types[0] : types)}`);
    common = common === undefined ? types : commonTypes(common, types);
    return common.length === 0;
  };
  meet(admittedTypes(node), 'the type');
  for (let i = 0; i < branches.length; i++) {
    const b = branches[i];
    if (isPlainObject(b) && meet(admittedTypes(b), `allOf/${i}'s type`)) return `${from.join(' and ')} have no value in common`;
  }
  return undefined;
}

function short(v: unknown): string {
  return clip(JSON.stringify(v) ?? String(v), 60);
}
