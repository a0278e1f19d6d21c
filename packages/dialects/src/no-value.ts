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
/** What of a node noValueReason reads: its lower bounds, const, enum, type and allOf (bits of one number). */
const LOWER = 1;
const CONST = 2;
const ENUM = 4;
const TYPE = 8;
const ALL_OF = 16;
const READ: ReadonlyMap<string, number> = new Map([
  ['minLength', LOWER], ['minItems', LOWER], ['minProperties', LOWER], ['minContains', LOWER], ['minimum', LOWER], ['exclusiveMinimum', LOWER],
  ['const', CONST], ['enum', ENUM], ['type', TYPE], ['allOf', ALL_OF],
]);

/**
 * Which of those keywords the node has, in one pass over its own keys: asked of every node the
 * walk meets, which has two or three keys and rarely any of these, where asking for each of ten
 * keywords by name took ten calls.
 */
function keywordsRead(node: Node): number {
  let found = 0;
  for (const k in node) found |= READ.get(k) ?? 0;
  return found;
}

/** The ranges of this node that no value of their type lies in (usually none). */
export function crossedRanges(node: Node): CrossedRange[] {
  const out: CrossedRange[] = [];
  if ((keywordsRead(node) & LOWER) === 0) return out;
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
  const read = keywordsRead(node);
  // Most nodes have none of the keywords read here.
  if (read === 0 || read === TYPE) return undefined;
  if ((read & CONST) !== 0 && (read & ENUM) !== 0 && Array.isArray(node.enum) && !node.enum.some((v) => jsonEqual(v, node.const))) {
    return `its const ${short(node.const)} is not one of its enum values`;
  }
  if (values && (read & TYPE) !== 0 && (read & (ENUM | CONST)) !== 0 && typeRefusesAllValues(node)) {
    return `its type ${JSON.stringify(node.type)} admits none of its ${(read & ENUM) !== 0 ? 'enum' : 'const'} values`;
  }
  if (ranges && (read & LOWER) !== 0) {
    const types = admittedTypes(node);
    if (types !== undefined) {
      for (const r of crossedRanges(node)) {
        if (types.every((t) => t === r.type || (t === 'integer' && r.type === 'number'))) return r.reason;
      }
    }
  }
  if ((read & ALL_OF) === 0) return undefined;
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
