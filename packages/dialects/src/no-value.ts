/**
 * Why a schema object accepts no value although no single keyword says so: its `type` and the
 * types of its `allOf` branches have no value in common (`allOf: [{type: string}, {type:
 * integer}]`), or its `const` is not among its `enum` values. Read from the node and its plain
 * allOf branches only (a reference is not followed): a cheap answer for the walk and for lint, so
 * both say it where it stands. An empty range of one type lint reads itself (its accepts-nothing
 * rule); an enum its type refuses, convert reports where it drops the values (walk-node.ts).
 */
import { jsonEqual } from './convert/data.js';
import { admittedTypes, commonTypes } from './type-names.js';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The reason, in words that follow "accepts no value: ", or undefined when a value may pass. */
export function noValueReason(node: Node): string | undefined {
  if (Object.prototype.hasOwnProperty.call(node, 'const') && Array.isArray(node.enum) && !node.enum.some((v) => jsonEqual(v, node.const))) {
    return `its const ${short(node.const)} is not one of its enum values`;
  }
  // Asked of every node the walk meets: most have no allOf, told by hasOwnProperty (a missing key read by name is dear).
  if (!Object.prototype.hasOwnProperty.call(node, 'allOf')) return undefined;
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
    if (isNode(b) && meet(admittedTypes(b), `allOf/${i}'s type`)) return `${from.join(' and ')} have no value in common`;
  }
  return undefined;
}

function short(v: unknown): string {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
