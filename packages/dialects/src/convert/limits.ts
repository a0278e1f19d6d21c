/**
 * Pass 5: the property-name rule and the vendor's size limits, checked on the spelled output and
 * reported (never enforced by cutting).
 */
import { diagnostic, type Diagnostic } from '../diagnostics.js';
import { escapeToken } from '../json-pointer.js';
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
  const limits = plan.limits;
  const names = plan.propertyNames;
  if (!limits && !names) return;
  const refs = plan.references;
  const defsKeyword = refs?.definitionsKeyword ?? '$defs';
  const counts: Counts = { properties: 0, depth: 0, enumValues: 0, stringLength: 0, optional: 0, unions: 0 };
  const largeEnum = limits?.largeEnum;

  const tokens: string[] = [];
  const at = (...extra: string[]): string => {
    let p = prefix;
    for (const t of tokens) p += '/' + escapeToken(t);
    for (const t of extra) p += '/' + escapeToken(t);
    return p;
  };

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
      if (largeEnum && en.length > largeEnum.over && chars > largeEnum.maxChars && en.every((v) => typeof v === 'string')) {
        diags.push(diagnostic('limit-exceeded', 'error', `a string enum of ${en.length} values totals ${chars} characters; this dialect allows ${largeEnum.maxChars} for an enum over ${largeEnum.over} values`, at('enum')));
      }
    }
    if (typeof node.const === 'string') counts.stringLength += node.const.length;
    if (isPlainObject(props)) {
      const required = Array.isArray(node.required) ? (node.required as unknown[]) : undefined;
      for (const name in props) {
        counts.properties++;
        counts.stringLength += name.length;
        if (required === undefined || !required.includes(name)) counts.optional++;
        const p = props[name];
        if (isPlainObject(p) && (Array.isArray(p.anyOf) || Array.isArray(p.oneOf) || (Array.isArray(p.type) && p.type.length > 1))) counts.unions++;
        if (names && !names.test(name)) {
          diags.push(diagnostic('property-name-rejected', 'error', `the property name ${JSON.stringify(name)} does not match ${plan.propertyNamesSource}; renaming it would change what callers send, so it is reported`, at('properties', name)));
        }
      }
    }
    const defs = node[defsKeyword];
    if (isPlainObject(defs)) for (const name in defs) counts.stringLength += name.length;
    for (const k in node) {
      const kind = k === defsKeyword ? Kind.Map : KEYWORD_KIND.get(k);
      if (kind === undefined) continue;
      const v = node[k];
      tokens.push(k);
      if (kind === Kind.Sub) visit(v, level);
      else if (kind === Kind.Arr && Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
          tokens.push(String(i));
          visit(v[i], level);
          tokens.pop();
        }
      } else if (kind === Kind.Map && isPlainObject(v)) {
        for (const name in v) {
          tokens.push(name);
          visit(v[name], level);
          tokens.pop();
        }
      }
      tokens.pop();
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
