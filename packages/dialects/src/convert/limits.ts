/**
 * Pass 5: the vendor's size limits. The walk counts each output node as it finishes it (so no
 * second traversal), and the totals are compared here and reported at the schema's root (never
 * enforced by cutting). Property names are checked during the walk.
 * Counting: properties = names in every `properties` object, definitions included; depth = object
 * levels, the root object is 1 and each definition starts again at 1; optional = a property not in
 * its object's `required`; union = a property whose schema has anyOf/oneOf or several types.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.js';
import type { LimitsRule } from '../rules/schema.js';
import { own, type JsonObject } from './data.js';
import { indexOfIn } from './node-rules.js';
import type { Plan } from './plan.js';

/**
 * What the walk counts for a dialect's limits, worked out once per plan: a dialect that sets none
 * of them (or an empty `limits`) counts nothing, one that limits only optional and union
 * properties never reads enum values or definition names, and one that limits the property
 * count never asks which properties are optional or unions. Why: counting ran at every output node
 * of every strict dialect, a few per cent of a conversion, whether or not a limit would read it.
 */
export interface Counting {
  /** names in `properties`: their count (and their length, for the string total) */
  readonly properties: boolean;
  /** properties not listed in `required` */
  readonly optional: boolean;
  /** properties whose schema is a union */
  readonly unions: boolean;
  /** enum and const values: their count and string length */
  readonly values: boolean;
  /** definition names, for the string total */
  readonly definitionNames: boolean;
  /** levels of object nesting */
  readonly depth: boolean;
}

export function countingFor(limits: LimitsRule | undefined): Counting | undefined {
  if (limits === undefined) return undefined;
  const strings = limits.totalStringLength !== undefined;
  const optional = limits.optionalProperties !== undefined;
  const unions = limits.unionProperties !== undefined;
  const counting: Counting = {
    properties: strings || optional || unions || limits.properties !== undefined,
    optional,
    unions,
    values: strings || limits.enumValues !== undefined,
    definitionNames: strings,
    depth: limits.depth !== undefined,
  };
  return counting.properties || counting.values || counting.depth ? counting : undefined;
}

export class LimitCounts {
  properties = 0;
  depth = 0;
  enumValues = 0;
  stringLength = 0;
  optional = 0;
  unions = 0;

  reset(): void {
    this.properties = this.depth = this.enumValues = this.stringLength = this.optional = this.unions = 0;
  }

  /**
   * Counts one finished output node (its own values and its properties' final schemas). Plain
   * indexed loops, no for-of or includes: this runs at every node, so it is among the first
   * functions optimized, and those builtins made its optimizing compile cost more than a pass.
   */
  countNode(out: JsonObject, defsKeyword: string, counting: Counting): void {
    if (counting.values) {
      const en = own(out, 'enum');
      if (Array.isArray(en)) {
        this.enumValues += en.length;
        for (let i = 0; i < en.length; i++) this.stringLength += textLength(en[i]);
      }
      // Asked at every node, not only under a string const: a read of c.length first reached after
      // countNode was optimized (a string const is rare) threw that compile away.
      this.stringLength += textLength(own(out, 'const'));
    }
    const props = counting.properties ? own(out, 'properties') : undefined;
    if (props !== null && typeof props === 'object' && !Array.isArray(props)) {
      const optional = counting.optional;
      const unions = counting.unions;
      const listed = optional ? own(out, 'required') : undefined;
      const req = Array.isArray(listed) ? (listed as unknown[]) : undefined;
      const required = req !== undefined && req.length > 16 ? new Set(req) : undefined;
      for (const name in props as JsonObject) {
        this.properties++;
        this.stringLength += name.length;
        if (optional && (req === undefined || !(required ? required.has(name) : indexOfIn(req as string[], name, req.length) >= 0))) this.optional++;
        if (unions) {
          const p = (props as JsonObject)[name] as JsonObject;
          if (p !== null && typeof p === 'object' && isUnion(p)) this.unions++;
        }
      }
    }
    const defs = counting.definitionNames ? own(out, defsKeyword) : undefined;
    if (defs !== null && typeof defs === 'object' && !Array.isArray(defs)) for (const name in defs as JsonObject) this.stringLength += name.length;
  }
}

/** A string's length; 0 for any other value. */
function textLength(v: unknown): number {
  return typeof v === 'string' ? v.length : 0;
}

/**
 * A property schema with anyOf/oneOf or several types. Every read goes through own(): a named
 * read such as p.type is specialised to the object shapes seen before countNode is optimized,
 * and the first other shape threw that compile away during a process's first pass.
 */
function isUnion(p: JsonObject): boolean {
  if (own(p, 'anyOf') !== undefined || own(p, 'oneOf') !== undefined) return true;
  const type = own(p, 'type');
  return Array.isArray(type) && type.length > 1;
}

export function checkLimits(counts: LimitCounts, plan: Plan, prefix: string, diags: Diagnostic[]): void {
  const limits = plan.limits;
  if (!limits) return;
  const check = (limit: number | undefined, actual: number, what: string): void => {
    if (limit !== undefined && actual > limit) diags.push(diagnostic('limit-exceeded', 'error', `${what}: ${actual}, over this dialect's limit of ${limit}`, prefix));
  };
  check(limits.properties, counts.properties, 'object properties in total');
  check(limits.depth, counts.depth, 'levels of object nesting');
  check(limits.enumValues, counts.enumValues, 'enum values in total');
  check(limits.totalStringLength, counts.stringLength, 'characters of property names, definition names, enum and const values');
  check(limits.optionalProperties, counts.optional, 'optional properties');
  check(limits.unionProperties, counts.unions, 'properties with a union type');
}

/** What the input schemas of a tools/list add up to, for the limits a vendor counts per request. */
export interface RequestTotals {
  tools: number;
  optional: number;
  unions: number;
}

export function requestTotals(plan: Plan): RequestTotals | undefined {
  return plan.limits?.tools !== undefined || plan.limits?.summed !== undefined ? { tools: 0, optional: 0, unions: 0 } : undefined;
}

export function addTotals(totals: RequestTotals | undefined, counts: LimitCounts): void {
  if (totals === undefined) return;
  totals.optional += counts.optional;
  totals.unions += counts.unions;
}

/**
 * A vendor that counts some limits per request, summed over the tools it carries: a tools/list past
 * them is a warning at /tools, not an error of any one tool, since a client may send fewer tools
 * per request than the server lists.
 */
export function checkRequestTotals(plan: Plan, totals: RequestTotals, diags: Diagnostic[]): void {
  const limits = plan.limits!;
  const over = (what: string, actual: number, limit: number): void => {
    diags.push(diagnostic('request-limit-exceeded', 'warning', `a request that carries every one of these ${totals.tools} tools has ${actual} ${what}, over this dialect's limit of ${limit} per request; send fewer tools per request`, '/tools'));
  };
  if (limits.tools !== undefined && totals.tools > limits.tools) {
    diags.push(diagnostic('request-limit-exceeded', 'warning', `a request that carries every one of these ${totals.tools} tools passes this dialect's limit of ${limits.tools} tools per request; send at most ${limits.tools} per request`, '/tools'));
  }
  const summed = limits.summed ?? [];
  if (summed.includes('optionalProperties') && limits.optionalProperties !== undefined && totals.optional > limits.optionalProperties) over('optional properties in total', totals.optional, limits.optionalProperties);
  if (summed.includes('unionProperties') && limits.unionProperties !== undefined && totals.unions > limits.unionProperties) over('properties with a union type in total', totals.unions, limits.unionProperties);
}

export function exceedsLimit(diags: readonly Diagnostic[], from: number): boolean {
  for (let i = from; i < diags.length; i++) if ((diags[i] as Diagnostic).code === 'limit-exceeded') return true;
  return false;
}
