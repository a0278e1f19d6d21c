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

/**
 * Whether the node has any lower bound: asked of every node the walk meets, most of which have
 * none, so a plain loop of hasOwnProperty (no closure, no type list built) answers first.
 */
function hasLowerBound(node: Node): boolean {
  for (let i = 0; i < BOUND_KEYWORDS.length; i++) if (hasOwn(node, BOUND_KEYWORDS[i] as string)) return true;
  return false;
}

/** The ranges of this node that no value of their type lies in (usually none). */
export function crossedRanges(node: Node): CrossedRange[] {
  const out: CrossedRange[] = [];
  if (!hasLowerBound(node)) return out;
  // Indexed loops, no closures or destructuring: this runs at every node with a lower bound,
  // mostly in a process's first pass, where V8 interprets it.
  for (let i = 0; i < COUNTS.length; i++) {
    const c = COUNTS[i] as readonly [string, string, string, string];
    const a = numberAt(node, c[0]);
    const b = a === undefined ? undefined : numberAt(node, c[1]);
    if (a !== undefined && b !== undefined && a > b) out.push({ keyword: c[0], type: c[2], noun: c[3], reason: `${c[0]} ${a} is above ${c[1]} ${b}` });
  }
  const lowKey = numberAt(node, 'minimum') !== undefined ? 'minimum' : undefined;
  const xlowKey = numberAt(node, 'exclusiveMinimum') !== undefined ? 'exclusiveMinimum' : undefined;
  if (lowKey === undefined && xlowKey === undefined) return out;
  const highKeys = [numberAt(node, 'maximum') !== undefined ? 'maximum' : undefined, numberAt(node, 'exclusiveMaximum') !== undefined ? 'exclusiveMaximum' : undefined];
  if (highKeys[0] === undefined && highKeys[1] === undefined) return out;
  const integer = admittedTypes(node)?.every((t) => t === 'integer') === true;
  for (const lk of [lowKey, xlowKey]) {
    if (lk === undefined) continue;
    const l = node[lk] as number;
    const lx = lk === 'exclusiveMinimum';
    for (const hk of highKeys) {
      if (hk === undefined) continue;
      const h = node[hk] as number;
      const hx = hk === 'exclusiveMaximum';
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

/** The node's own number under `k`, or undefined. */
export function numberAt(node: Node, k: string): number | undefined {
  return hasOwn(node, k) && typeof node[k] === 'number' ? (node[k] as number) : undefined;
}

/**
 * The reason, in words that follow "accepts no value: ", or undefined when a value may pass.
 * `ranges`: a crossed range counts too where its type is every type the node admits (the walk;
 * lint says ranges at their bounds). `values`: a type that admits none of the enum or const
 * values counts (lint; the walk says it where it drops those values, walk-node.ts).
 */
export function noValueReason(node: Node, { ranges, values }: { ranges: boolean; values: boolean }): string | undefined {
  if (hasOwn(node, 'const') && hasOwn(node, 'enum') && Array.isArray(node.enum) && !node.enum.some((v) => jsonEqual(v, node.const))) {
    return `its const ${short(node.const)} is not one of its enum values`;
  }
  if (values && hasOwn(node, 'type') && (hasOwn(node, 'enum') || hasOwn(node, 'const')) && typeRefusesAllValues(node)) {
    return `its type ${JSON.stringify(node.type)} admits none of its ${hasOwn(node, 'enum') ? 'enum' : 'const'} values`;
  }
  if (ranges && hasLowerBound(node)) {
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
