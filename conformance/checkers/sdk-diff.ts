/**
 * Runs a vendor SDK's own schema code over a dialect output and lists what it changes, so a
 * checker can say: the output passes the vendor's code unchanged, or differs only where a written
 * decision (docs/dialects/decisions.md, "What the vendors' SDKs change") says so.
 *
 * A difference is one place where the SDK's result departs from the input: a keyword it removed,
 * added, or whose value it changed. Each is offered to the checker's decisions in turn; one that
 * no decision covers is a problem. A throw is always a problem, at the pointer the message names.
 */
import { child, isObject, problem, type JsonObject } from './walk.js';

export interface Difference {
  /** Pointer (URI-fragment form, without '#') of the changed keyword. */
  pointer: string;
  kind: 'removed' | 'added' | 'changed';
  keyword: string;
  /** The node holding the keyword, in the dialect output (undefined under an added subtree). */
  node: JsonObject | undefined;
  ours: unknown;
  theirs: unknown;
}

/** A written decision: true when it covers the difference. */
export type Decision = (d: Difference) => boolean;

/** Every difference between the output and the SDK's result, node by node. */
export function differences(ours: unknown, theirs: unknown, pointer = '', node?: JsonObject, keyword = '', out: Difference[] = []): Difference[] {
  if (Object.is(ours, theirs)) return out;
  if (isObject(ours) && isObject(theirs)) {
    for (const k of Object.keys(ours)) {
      const at = child(pointer, k);
      if (!Object.prototype.hasOwnProperty.call(theirs, k)) out.push({ pointer: at, kind: 'removed', keyword: k, node: ours, ours: ours[k], theirs: undefined });
      else differences(ours[k], theirs[k], at, ours, k, out);
    }
    for (const k of Object.keys(theirs)) {
      if (!Object.prototype.hasOwnProperty.call(ours, k)) out.push({ pointer: child(pointer, k), kind: 'added', keyword: k, node: ours, ours: undefined, theirs: theirs[k] });
    }
    return out;
  }
  if (Array.isArray(ours) && Array.isArray(theirs) && ours.length === theirs.length && keyword !== 'required') {
    ours.forEach((item, i) => differences(item, theirs[i], child(pointer, i), node, keyword, out));
    return out;
  }
  if (JSON.stringify(ours) !== JSON.stringify(theirs)) out.push({ pointer, kind: 'changed', keyword, node, ours, theirs });
  return out;
}

/** "Schema at `properties/a/items` ..." -> "/properties/a/items"; "" when the message names no path. */
export function pointerInMessage(message: string): string {
  const match = /`([^`]*)`/.exec(message);
  if (!match || match[1] === '<root>' || /\s/.test(match[1] as string)) return '';
  return `/${match[1]}`;
}

/** The checker's problems: the SDK's throw, or each difference no decision covers. */
export function sdkProblems(sdkName: string, run: (schema: unknown) => unknown, decisions: readonly Decision[], schema: unknown): string[] {
  let result: unknown;
  try {
    result = run(schema);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return [problem(pointerInMessage(message), `${sdkName} refuses it: ${message}`)];
  }
  return differences(schema, result)
    .filter((d) => !decisions.some((decide) => decide(d)))
    .map((d) => problem(d.pointer, `${sdkName} ${d.kind === 'removed' ? 'removes' : d.kind === 'added' ? 'adds' : 'changes'} '${d.keyword}' (${JSON.stringify(d.kind === 'removed' ? d.ours : d.theirs)?.slice(0, 120)}), and no written decision says why the dialect differs`));
}

// Decisions shared by both SDK checkers (spelling only: the SDK's form accepts exactly the same values).

/** `required` is a set: the SDK lists it in property order. */
export const requiredOrder: Decision = (d) =>
  d.keyword === 'required' && d.kind === 'changed' && Array.isArray(d.ours) && Array.isArray(d.theirs) &&
  d.ours.length === d.theirs.length && d.ours.every((n) => (d.theirs as unknown[]).includes(n));

/** `type` beside enum or const: the values already say it (the dialect keeps it; the SDK leaves it out). */
export const typeBesideLiterals: Decision = (d) =>
  d.kind === 'removed' && d.keyword === 'type' && d.node !== undefined && ('enum' in d.node || 'const' in d.node);

/** `type` beside a union whose every branch states its own type or reference. */
export const typeBesideTypedUnion: Decision = (d) => {
  if (d.kind !== 'removed' || d.keyword !== 'type' || d.node === undefined) return false;
  const branches = Array.isArray(d.node['anyOf']) ? d.node['anyOf'] : Array.isArray(d.node['allOf']) ? d.node['allOf'] : undefined;
  return branches !== undefined && branches.every((b) => isObject(b) && ('type' in b || '$ref' in b || 'enum' in b || 'const' in b || 'anyOf' in b));
};
