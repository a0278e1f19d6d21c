/**
 * How much work judging one value can cost, once a schema's references are written out. A
 * validator applies a referenced schema afresh wherever a reference stands, so definitions that
 * reach one another along several paths applied to the same value multiply: 18 levels of
 * `anyOf: [{$ref: prev}, {$ref: prev}]` are 90 JSON values, well within the judge's size bound, and
 * a million subschemas applied to the one value that fails them (a second of blocked event loop;
 * 29 levels ran the server out of memory). Two measures, both from the schema alone:
 *
 * - evaluations: the most subschemas applied to any one part of a value (the value itself, a
 *   property, an item, ...), references written out and recursion counted once (how deep it goes
 *   is the value's depth, which the judge bounds). Definitions that reach each other through
 *   different properties (a tree) apply one schema per part, whatever their count;
 * - a recursion that applies itself to the same part of a value twice or more (`anyOf: [{properties:
 *   {a: Self}}, {properties: {a: Self}}]`): each level of the value doubles the work, exponential
 *   in its depth, which the caller chooses.
 */
import { isRecord } from './is-record.js';
import { PLACEHOLDER_BASE, type ResourceIndex } from '../resource-index.js';

/** The most subschemas applied to one part of a value: as many as a schema of the judge's size bound holds. */
export const JUDGE_MAX_EVALUATIONS = 10_000;

/** One step from a schema to the part of the value its subschema applies to; undefined: the same value. */
type Step = string | undefined;

/** Keywords whose subschemas apply to the same value. */
const IN_PLACE_ONE = new Set(['not', 'if', 'then', 'else']);
const IN_PLACE_LIST = new Set(['allOf', 'anyOf', 'oneOf']);
const IN_PLACE_MAP = new Set(['dependentSchemas', 'dependencies']);
/** Keywords whose one subschema applies to any property value, or any item. */
const ANY_PROPERTY = new Set(['additionalProperties', 'unevaluatedProperties']);
const ANY_ITEM = new Set(['items', 'additionalItems', 'contains', 'unevaluatedItems']);

/** The subschemas a node applies, each with the step to the part of the value it judges. */
function children(node: Record<string, unknown>): [unknown, Step][] {
  const out: [unknown, Step][] = [];
  for (const k in node) {
    const v = node[k];
    if (v === null || typeof v !== 'object') continue;
    if (IN_PLACE_ONE.has(k)) out.push([v, undefined]);
    else if (IN_PLACE_LIST.has(k) && Array.isArray(v)) for (const b of v) out.push([b, undefined]);
    else if (IN_PLACE_MAP.has(k) && isRecord(v)) {
      // draft-07 `dependencies` also holds lists of names, which are no subschemas.
      for (const name in v) if (isRecord(v[name])) out.push([v[name], undefined]);
    } else if (k === 'properties' && isRecord(v)) {
      // A named property is `p:=name`, so one named "*" is not read as any property.
      for (const name in v) out.push([v[name], `p:=${name}`]);
    } else if (k === 'patternProperties' && isRecord(v)) for (const name in v) out.push([v[name], 'p:*']);
    else if (ANY_PROPERTY.has(k)) out.push([v, 'p:*']);
    else if (k === 'propertyNames') out.push([v, 'n']);
    else if (k === 'prefixItems' && Array.isArray(v)) v.forEach((b, i) => out.push([b, `i:${i}`]));
    // draft-07 `items` as a list: positions.
    else if (k === 'items' && Array.isArray(v)) v.forEach((b, i) => out.push([b, `i:${i}`]));
    else if (ANY_ITEM.has(k)) out.push([v, 'i:*']);
  }
  return out;
}

/** Whether two steps can reach the same part of a value (`p:*` is any property, `i:*` any item). */
function stepsMeet(a: string, b: string): boolean {
  if (a === b) return true;
  if (a === 'n' || b === 'n') return false;
  return a[0] === b[0] && (a.endsWith(':*') || b.endsWith(':*'));
}

function pathsMeet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!stepsMeet(a[i]!, b[i]!)) return false;
  return true;
}

export interface JudgeWork {
  /** Subschemas applied to one part of a value at most (capped far above the bound: only a comparison reads it). */
  evaluations: number;
  /** The reference whose target costs the most, where evaluations pass the bound. */
  heaviest?: { holder: object; evaluations: number };
  /** A recursion that applies itself more than once to one part of a value: the schema it re-enters, and that part. */
  doubling?: { schema: object; part: readonly string[] };
}

/** What one schema, applied once to a value, costs: at the value itself, per part of it, and at worst. */
interface Cost {
  /** Subschemas applied to the value itself (the schema and what it applies in place). */
  here: number;
  /** Per step (`p:=name`, `p:*`, `i:0`, `i:*`, `n`): the worst cost its subschemas bring to that part. */
  parts: Map<string, number>;
  /** The most subschemas applied to any one part of the value, this one included. */
  worst: number;
}

interface Frame {
  node: Record<string, unknown>;
  step: Step;
  children: [unknown, Step][];
  next: number;
  here: number;
  parts: Map<string, number>;
  /** Re-entries into this node while it was being expanded: the steps from it to each. */
  reentries?: string[][];
}

// Far past any bound, so sums stay finite numbers however the references multiply.
const CAP = 1e12;
const add = (a: number, b: number): number => Math.min(CAP, a + b);

/**
 * The most subschemas applied to one part of a value, from the cost of each step: a named
 * property also gets what applies to any property (patternProperties, conservatively), an item at
 * a position what applies to any item.
 */
function worstPart(parts: ReadonlyMap<string, number>): number {
  const anyProperty = parts.get('p:*') ?? 0;
  const anyItem = parts.get('i:*') ?? 0;
  let worst = Math.max(anyProperty, anyItem);
  for (const [step, cost] of parts) {
    const also = step.startsWith('p:') && step !== 'p:*' ? anyProperty : step.startsWith('i:') && step !== 'i:*' ? anyItem : 0;
    worst = Math.max(worst, add(cost, also));
  }
  return worst;
}

/**
 * The work of judging against `root`; `target(node)` is where a node's `$ref` (or `$dynamicRef`
 * read as one) leads inside the document, when it does. A validator applies every subschema a
 * part of the value meets, each afresh: what costs is how many meet one part (references shared
 * along several in-place paths multiply there), not how large the value is, which the judge's
 * own bounds limit. Iterative: reference chains may be longer than the stack.
 */
export function judgeWork(root: unknown, target: (node: Record<string, unknown>) => unknown): JudgeWork {
  if (!isRecord(root)) return { evaluations: 1 };
  const costs = new Map<object, Cost>();
  const onStack = new Map<object, number>();
  const result: JudgeWork = { evaluations: 0 };
  let heaviest: { holder: object; evaluations: number } | undefined;
  const frame = (node: Record<string, unknown>, step: Step): Frame => {
    const kids = children(node);
    const t = target(node);
    if (t !== undefined) kids.push([t, undefined]);
    return { node, step, children: kids, next: 0, here: 1, parts: new Map() };
  };
  /** What a finished child adds to the frame applying it: in place, or at the part its step names. */
  const take = (f: Frame, cost: Cost, step: Step): void => {
    if (step === undefined) {
      f.here = add(f.here, cost.here);
      for (const [k, v] of cost.parts) f.parts.set(k, add(f.parts.get(k) ?? 0, v));
    } else {
      f.parts.set(step, add(f.parts.get(step) ?? 0, cost.worst));
    }
  };
  const stack: Frame[] = [frame(root, undefined)];
  onStack.set(root, 0);
  while (stack.length > 0) {
    const f = stack[stack.length - 1]!;
    if (f.next < f.children.length) {
      const [child, step] = f.children[f.next++]!;
      if (!isRecord(child)) {
        take(f, { here: 1, parts: new Map(), worst: 1 }, step);
        continue;
      }
      const known = costs.get(child);
      if (known !== undefined) {
        take(f, known, step);
        continue;
      }
      const at = onStack.get(child);
      if (at !== undefined) {
        // Recursion: counted once here (how deep it goes is the value's depth); which parts of the
        // value it reaches again is kept, for the doubling check below.
        take(f, { here: 1, parts: new Map(), worst: 1 }, step);
        const part: string[] = [];
        for (let i = at + 1; i < stack.length; i++) if (stack[i]!.step !== undefined) part.push(stack[i]!.step!);
        if (step !== undefined) part.push(step);
        const entered = stack[at]!;
        // A re-entry at the same part of the value (no step between) is a cycle with no way out, which refs.ts refuses.
        if (part.length > 0 && (entered.reentries ??= []).length < 64) entered.reentries.push(part);
        continue;
      }
      onStack.set(child, stack.length);
      stack.push(frame(child, step));
      continue;
    }
    stack.pop();
    onStack.delete(f.node);
    const cost: Cost = { here: f.here, parts: f.parts, worst: Math.max(f.here, worstPart(f.parts)) };
    costs.set(f.node, cost);
    if (result.doubling === undefined && f.reentries !== undefined && f.reentries.length > 1) {
      const r = f.reentries;
      outer: for (let i = 0; i < r.length; i++) {
        for (let j = i + 1; j < r.length; j++) {
          if (pathsMeet(r[i]!, r[j]!)) {
            result.doubling = { schema: f.node, part: r[i]! };
            break outer;
          }
        }
      }
    }
    const t = target(f.node);
    if (isRecord(t)) {
      const tw = costs.get(t)?.worst;
      if (tw !== undefined && (heaviest === undefined || tw > heaviest.evaluations)) heaviest = { holder: f.node, evaluations: tw };
    }
    const parent = stack[stack.length - 1];
    if (parent !== undefined) take(parent, cost, f.step);
    else result.evaluations = cost.worst;
  }
  if (result.evaluations > JUDGE_MAX_EVALUATIONS && heaviest !== undefined) result.heaviest = heaviest;
  return result;
}

/** A number as people read it: 262145 as "262,145". */
const count = (n: number): string => (n >= CAP ? 'more than a trillion' : Math.round(n).toLocaleString('en-US'));

/** The part of a value that the steps name, in words. */
function partInWords(part: readonly string[]): string {
  return part.map((s) => (s === 'p:*' ? 'any property' : s === 'i:*' ? 'any item' : s === 'n' ? 'a property name' : s.startsWith('p:=') ? `property ${JSON.stringify(s.slice(3))}` : `item ${s.slice(2)}`)).join(', then ');
}

/**
 * The problem of a schema (at `path` in its document) whose judging costs past the bound, if any:
 * said at the reference that costs most, or at the schema a doubling recursion re-enters. One
 * answer for lint (json-schema.tool-schema.judge-size) and the judge, which refuses to compile
 * such a schema when it is handed one directly. References that leave the document or name
 * nothing are not followed (lint reports them).
 */
export function judgeWorkProblem(schema: unknown, path: string, index: ResourceIndex): { path: string; message: string } | undefined {
  const refKeyword = (node: Record<string, unknown>): '$ref' | '$dynamicRef' | undefined =>
    typeof node.$ref === 'string' ? '$ref' : typeof node.$dynamicRef === 'string' && index.dynamicRefsReadAsRefs ? '$dynamicRef' : undefined;
  const target = (node: Record<string, unknown>): unknown => {
    const k = refKeyword(node);
    if (k === undefined) return undefined;
    const found = index.lookup(node[k] as string, index.locOf(node)?.base ?? PLACEHOLDER_BASE);
    return found.kind === 'found' && typeof found.loc.schema === 'object' ? found.loc.schema : undefined;
  };
  const w = judgeWork(schema, target);
  const at = (node: object): string => path + (index.locOf(node)?.pointer ?? '');
  if (w.doubling !== undefined) {
    return {
      path: at(w.doubling.schema),
      message: `This schema applies itself again, through references, more than once to the same part of a value (${partInWords(w.doubling.part)}), so judging a value costs twice as much or more at each level of the value's depth, which the caller chooses: one call could block the server for minutes. Give each part of the value one schema (merge the branches that recurse into the same property).`,
    };
  }
  if (w.heaviest !== undefined) {
    const holder = w.heaviest.holder as Record<string, unknown>;
    return {
      path: `${at(holder)}/${refKeyword(holder) ?? '$ref'}`,
      message: `Judging a value against this schema can apply ${count(w.evaluations)} subschemas to one part of it once references are written out (the judge's bound is ${count(JUDGE_MAX_EVALUATIONS)}); this reference alone brings ${count(w.heaviest.evaluations)}: definitions reach each other along many paths applied to the same value, and every call that fails them would block the server that long. Reference each definition from fewer places, or merge the branches that reference the same one.`,
    };
  }
  return undefined;
}
