/**
 * Where the judge's validator (Ajv 8) does not apply a 2020-12 schema as JSON Schema defines it, so
 * calls would be judged against something else than the canonical schema (law 1): the JSON-Schema-
 * Test-Suite cases it fails, and round 27's reproductions. Ajv works out what `unevaluatedItems` and
 * `unevaluatedProperties` see partly from the schema rather than from what passed:
 *
 * - `contains` marks no items as evaluated, or every item: `unevaluatedItems` beside one accepted
 *   items it refuses ("tags": ["a", 1] with contains string, unevaluatedItems false);
 * - an `if` with no `then` and `else` is not applied at all, and with them, what it evaluates counts
 *   even when it fails: `unevaluatedProperties` refused `{"foo": "a"}` under `if: {patternProperties}`;
 * - a branch that may fail (anyOf, oneOf, if/then/else) and evaluates by position or pattern
 *   (`items`, `prefixItems`, `patternProperties`) counts as evaluating even when it fails, where a
 *   passing branch beside it evaluates nothing that way.
 *
 * And `$dynamicRef`: Ajv follows one only to a `$dynamicAnchor` at the root of a resource, and in a
 * document of several resources its dynamic scope is not the one JSON Schema walks (the suite's
 * "typical dynamic resolution" refused every valid call). In a document of one resource the judge
 * reads it as a `$ref` (ajv-reading.ts); in one of several, it is such a gap.
 *
 * A schema with a gap is refused where its author hears of it (lint's
 * json-schema.tool-schema.judge-reads; createJudge does not compile it) rather than judged wrongly.
 * No corpus tool has one. The test runs every suite case through both: each case this finds a gap in
 * is one the judge fails, and each unevaluated or dynamic case the judge fails is found here.
 */
import { PLACEHOLDER_BASE, type ResourceIndex } from '../resource-index.js';

export interface JudgeGap {
  /** Pointer of the keyword the judge cannot apply, from the document's root. */
  pointer: string;
  message: string;
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Applicators whose subschemas apply to the same value and may fail without failing it. */
const CONDITIONAL_LIST = ['anyOf', 'oneOf'];

/** The node and every schema it applies to the same value (through allOf, anyOf, oneOf, if/then/else, dependentSchemas, references). */
function inPlace(start: Node, index: ResourceIndex): Node[] {
  const seen = new Set<Node>();
  const stack: Node[] = [start];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    const push = (v: unknown): void => {
      if (isNode(v)) stack.push(v);
    };
    for (const k of ['allOf', ...CONDITIONAL_LIST]) if (Array.isArray(n[k])) for (const b of n[k] as unknown[]) push(b);
    for (const k of ['if', 'then', 'else']) push(n[k]);
    if (isNode(n.dependentSchemas)) for (const name in n.dependentSchemas) push(n.dependentSchemas[name]);
    for (const k of ['$ref', '$dynamicRef']) {
      const ref = n[k];
      if (typeof ref !== 'string') continue;
      const found = index.lookup(ref, index.locOf(n)?.base ?? PLACEHOLDER_BASE);
      if (found.kind === 'found') push(found.loc.schema);
    }
  }
  return [...seen];
}

const hasOwn = (n: Node, k: string): boolean => Object.prototype.hasOwnProperty.call(n, k);

const ITEM_KEYWORDS = ['items', 'prefixItems'];
const PATTERN_KEYWORDS = ['patternProperties'];

/**
 * A union or a condition whose branches differ in whether they evaluate with `keywords`: measured,
 * the validator counts what a failed branch evaluated when a passing one evaluates nothing that way
 * (`anyOf: [{prefixItems: [string]}, {type: array}]` let `[1]` past `unevaluatedItems: false`), and
 * reads it right when every branch does.
 */
function mixedBranches(n: Node, keywords: readonly string[]): boolean {
  const evaluates = (b: unknown): boolean => isNode(b) && keywords.some((k) => hasOwn(b, k));
  const groups: unknown[][] = [];
  for (const k of CONDITIONAL_LIST) if (Array.isArray(n[k])) groups.push(n[k] as unknown[]);
  if (hasOwn(n, 'if')) groups.push([n.if, n.then, n.else]);
  return groups.some((g) => g.some(evaluates) && !g.every(evaluates));
}

const EVALUATES_PROPERTIES = ['properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties'];
const declaresProperties = (v: unknown): boolean => isNode(v) && EVALUATES_PROPERTIES.some((k) => hasOwn(v, k));

/**
 * Whether the judge's validator reads what an `if` evaluates as JSON Schema does: measured, it
 * does with a `then` (and any `else`) that declare properties of their own, and not with no `then`
 * or one that declares none.
 */
function ifReadAlike(n: Node): boolean {
  return declaresProperties(n.then) && (!hasOwn(n, 'else') || declaresProperties(n.else));
}

/** The first gap of a 2020-12 document, in document order; undefined when the judge reads it all as JSON Schema does. */
export function judgeGap(index: ResourceIndex): JudgeGap | undefined {
  if (index.draft !== '2020-12') return undefined;
  for (const loc of index.locations()) {
    const n = loc.schema;
    if (!isNode(n)) continue;
    if (typeof n.$dynamicRef === 'string' && !index.dynamicRefsReadAsRefs) {
      return {
        pointer: `${loc.pointer}/$dynamicRef`,
        message: 'The judge follows $dynamicRef only in a schema of one resource; this one embeds others ($id below the root), where the dynamic scope decides what it names, which the judge\'s validator does not walk as JSON Schema does: calls would be judged against another schema. Use $ref to the schema meant, or keep the document one resource.',
      };
    }
    if (hasOwn(n, 'unevaluatedItems')) {
      for (const p of inPlace(n, index)) {
        if (hasOwn(p, 'contains')) {
          return { pointer: `${loc.pointer}/unevaluatedItems`, message: 'What unevaluatedItems refuses here depends on the items a contains beside it matched, which the judge\'s validator does not track (it counted every item, or none): calls would be judged against another schema. Say with items or prefixItems which items are accepted.' };
        }
        if (mixedBranches(p, ITEM_KEYWORDS)) {
          return { pointer: `${loc.pointer}/unevaluatedItems`, message: 'What unevaluatedItems refuses here depends on the items some branches beside it evaluate (items, prefixItems) and others do not, which the judge\'s validator counts even when such a branch fails: calls could be judged against another schema. Give every branch the same positions, or say with items or prefixItems beside unevaluatedItems which items are accepted.' };
        }
      }
    }
    if (hasOwn(n, 'unevaluatedProperties')) {
      for (const p of inPlace(n, index)) {
        if (hasOwn(p, 'if') && !ifReadAlike(p)) {
          return { pointer: `${loc.pointer}/unevaluatedProperties`, message: 'What unevaluatedProperties refuses here depends on what an if evaluates, which the judge\'s validator reads otherwise than JSON Schema unless a then, and any else, declare properties of their own (an if alone is not applied at all; beside a then or else that declares none, a failed if still counts): calls could be judged against another schema. Declare the properties with properties beside it, or use anyOf branches.' };
        }
        if (mixedBranches(p, PATTERN_KEYWORDS)) {
          return { pointer: `${loc.pointer}/unevaluatedProperties`, message: 'What unevaluatedProperties refuses here depends on the properties some branches beside it evaluate by pattern and others do not, which the judge\'s validator counts even when such a branch fails: calls could be judged against another schema. Declare those properties with properties, or move the pattern beside unevaluatedProperties.' };
        }
      }
    }
  }
  return undefined;
}
