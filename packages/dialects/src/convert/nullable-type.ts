/**
 * Pass 3 epilogue, for dialects that spell null as a `nullable` flag that lands beside an anyOf.
 * Where every branch is a typed schema of its own (no reference, which may carry no siblings), the
 * flag moves into each branch, which every reader takes. Beside an anyOf of references two readers
 * disagree: a vendor's client (named in the rule file that sets typeArrays any-of-only) refuses a `type` beside `anyOf`
 * ("type and anyOf cannot be both populated", round 17), and Ajv refuses `nullable` without a
 * `type`, which loses the MCP TypeScript SDK 1.x client's whole tool list, since it compiles every
 * tool's outputSchema. So in an inputSchema (a bare schema too) the flag stands alone beside the
 * anyOf, as the vendor's client takes it; in an outputSchema, read by the MCP client, the branches'
 * one common type is written beside it (known only once the definitions are emitted, so this runs
 * after them); where they share none, the flag cannot stand there, is taken out, and the narrowing
 * is reported.
 */
import { isPlainObject, type JsonObject } from './data.js';
import { fragmentToPointer, unescapeToken } from '../json-pointer.js';
import type { WalkState } from './walk-state.js';
import { report } from './walk-paths.js';

export function typeNullables(s: WalkState, root: JsonObject): void {
  const refs = s.plan.references;
  const defs = refs !== undefined ? root[refs.definitionsKeyword] : undefined;
  for (const [node, path] of s.typelessNullables) {
    if (typedBranches(node.anyOf as unknown[], refs?.refKeyword)) {
      delete node.nullable;
      flagBranches(node.anyOf as JsonObject[]);
      continue;
    }
    if (!s.output) continue;
    const type = commonType(node.anyOf as unknown[], isPlainObject(defs) ? defs : undefined, refs?.refKeyword, refs?.refPrefix);
    if (type !== undefined) node.type = type;
    else {
      delete node.nullable;
      report(s, 'type-spelling', 'warning', 'null is accepted here, but a nullable flag needs a type beside it and the alternatives share none, so the spelled schema leaves null out (the server still accepts it)', path);
    }
  }
  s.typelessNullables.length = 0;
}

/**
 * Every branch is a typed schema with no reference, or a typeless union (only anyOf beside its
 * words) whose own branches are, at any depth: a nested oneOf spelled as anyOf carries the flag
 * in its leaves, as a one-level list would.
 */
function typedBranches(branches: unknown[], refKeyword: string | undefined, depth = 0): boolean {
  return branches.every((b) => isPlainObject(b) && (refKeyword === undefined || b[refKeyword] === undefined) && (typeof b.type === 'string' || (depth < MAX_NESTED && b.type === undefined && Array.isArray(b.anyOf) && Object.keys(b).every((k) => k === 'anyOf' || k === 'description' || k === 'title') && typedBranches(b.anyOf, refKeyword, depth + 1))));
}

/** Unions nested deeper than this keep their flag out (reported): a guard, not a limit met in practice. */
const MAX_NESTED = 16;

function flagBranches(branches: JsonObject[]): void {
  for (const b of branches) {
    if (typeof b.type === 'string') b.nullable = true;
    else flagBranches(b.anyOf as JsonObject[]);
  }
}

function commonType(branches: unknown[], defs: JsonObject | undefined, refKeyword: string | undefined, refPrefix: string | undefined): string | undefined {
  let found: string | undefined;
  for (const b of branches) {
    if (!isPlainObject(b)) return undefined;
    let t: unknown = b.type;
    if (t === undefined && refKeyword !== undefined && typeof b[refKeyword] === 'string') t = definitionType(b[refKeyword] as string, defs, refPrefix);
    if (typeof t !== 'string' || (found !== undefined && found !== t)) return undefined;
    found = t;
  }
  return found;
}

function definitionType(ref: string, defs: JsonObject | undefined, refPrefix: string | undefined): unknown {
  if (defs === undefined || refPrefix === undefined || !ref.startsWith(refPrefix)) return undefined;
  const pointer = fragmentToPointer(ref.slice(refPrefix.length));
  if (pointer === undefined || pointer.includes('/')) return undefined;
  const def = defs[unescapeToken(pointer)];
  return isPlainObject(def) ? def.type : undefined;
}
