/**
 * Pass 5: the vendor's size limits, counted on the spelled output and reported at the schema's
 * root (never enforced by cutting). Property names are checked during the walk.
 * Counting: properties = names in every `properties` object, definitions included; depth = object
 * levels, the root object is 1 and each definition starts again at 1; optional = a property not in
 * its object's `required`; union = a property whose schema has anyOf/oneOf or several types.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.js';
import { isPlainObject, type JsonObject } from './data.js';
import { KEYWORD_KIND, Kind } from './keywords.js';
import type { Plan } from './plan.js';

interface Counts {
  properties: number;
  depth: number;
  enumValues: number;
  stringLength: number;
  optional: number;
  unions: number;
}

export function checkLimits(out: unknown, plan: Plan, prefix: string, diags: Diagnostic[]): void {
  // Property names and the large-enum rule are checked during the walk, where input paths are known.
  const limits = plan.limits;
  if (!limits) return;
  const refs = plan.references;
  const defsKeyword = refs?.definitionsKeyword ?? '$defs';
  const counts: Counts = { properties: 0, depth: 0, enumValues: 0, stringLength: 0, optional: 0, unions: 0 };

  const visit = (node: unknown, objectDepth: number): void => {
    if (!isPlainObject(node)) return;
    const props = node.properties;
    const isObject = node.type === 'object' || isPlainObject(props);
    const level = isObject ? objectDepth + 1 : objectDepth;
    if (level > counts.depth) counts.depth = level;
    const en = node.enum;
    if (Array.isArray(en)) {
      counts.enumValues += en.length;
      let chars = 0;
      for (const v of en) if (typeof v === 'string') chars += v.length;
      counts.stringLength += chars;
    }
    if (typeof node.const === 'string') counts.stringLength += node.const.length;
    if (isPlainObject(props)) {
      const required = Array.isArray(node.required) ? new Set(node.required as unknown[]) : undefined;
      for (const name in props) {
        counts.properties++;
        counts.stringLength += name.length;
        if (required === undefined || !required.has(name)) counts.optional++;
        const p = props[name];
        if (isPlainObject(p) && (Array.isArray(p.anyOf) || Array.isArray(p.oneOf) || (Array.isArray(p.type) && p.type.length > 1))) counts.unions++;
      }
    }
    const defs = node[defsKeyword];
    if (isPlainObject(defs)) for (const name in defs) counts.stringLength += name.length;
    for (const k in node) {
      const kind = k === defsKeyword ? Kind.Map : KEYWORD_KIND.get(k);
      if (kind === undefined) continue;
      const v = node[k];
      // Each definition counts its nesting from 1 again, as the vendors do.
      const below = k === defsKeyword ? 0 : level;
      if (kind === Kind.Sub) visit(v, below);
      else if (kind === Kind.Arr && Array.isArray(v)) for (let i = 0; i < v.length; i++) visit(v[i], below);
      else if (kind === Kind.Map && isPlainObject(v)) for (const name in v) visit(v[name], below);
    }
  };
  visit(out, 0);
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
