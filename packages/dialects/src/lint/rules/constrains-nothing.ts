/**
 * json-schema.tool-schema.constrains-nothing: a keyword JSON Schema reads, but that constrains
 * nothing where it stands, so the rule its author meant is not applied:
 * - a keyword for values of another type (`minimum` beside `type: string`, `maxLength` beside
 *   `type: integer`, `format: email` beside `type: integer`): every value the type admits passes it;
 * - `then` or `else` with no `if` (ignored), and `if` with neither (it decides nothing, unless an
 *   `unevaluatedProperties` or `unevaluatedItems` in the schema reads what it evaluates);
 * - `minContains` or `maxContains` with no `contains` (ignored);
 * - a `format` that is a known one but for case and punctuation (`e-mail`, `date_time`): an
 *   unknown format is only an annotation, so nothing is checked;
 * - a `required` name that is not declared, where a declared one differs from it only in case
 *   (`required: ["S"]` beside `properties: {s}`): the object must then hold a property no author meant.
 * A warning: the schema is valid and means what it says; a dialect that writes the rule in words
 * leaves it out for the same reason (it would state a rule the schema does not have).
 */
import { RULE } from '../rule-catalog.js';
import type { LintRule } from '../rule-context.js';
import { walkSchema } from '../schema-walk.js';
import { join } from '../../json-pointer.js';
import { constrainsNoValueHere, KNOWN_FORMATS, typeConstrained } from '../../convert/keywords.js';
import { admittedTypes } from '../../type-names.js';
import { isRecord } from '../is-record.js';
import { hasOwn } from '../../convert/data.js';

const NUMERIC = /^(min|max|exclusiveM)|^multipleOf$/;

/** The value is of the kind its keyword holds: a list of names for `required`, a string for `format` and `pattern`, a number for a bound. */
function wellFormed(key: string, value: unknown): boolean {
  if (key === 'required') return Array.isArray(value);
  if (key === 'format' || key === 'pattern') return typeof value === 'string';
  return NUMERIC.test(key) ? typeof value === 'number' : true;
}

/**
 * A format name without case and punctuation: `e-mail`, `date_time` and `DateTime` are a known
 * format misspelt; `uint64` (schemars' own) is another format, not one near int64.
 */
const bare = (f: string): string => f.toLowerCase().replace(/[^a-z0-9]/g, '');

export const constrainsNothing: LintRule = (tool, ctx) => {
  for (const schema of [tool.inputSchema, tool.outputSchema]) {
    if (!schema) continue;
    // An `if` alone still evaluates what it matches for an unevaluated* keyword around it.
    const evaluates = usesUnevaluated(schema.value);
    // A schema too deep or cyclic to walk is reported by json-schema.tool-schema.valid.
    walkSchema(schema.value, schema.path, (node, at) => {
      const say = (key: string, why: string): void => ctx.report(RULE.constrainsNothing, 'warning', why, join(at, key));
      const types = admittedTypes(node);
      for (const key in node) {
        // A value its keyword cannot hold (draft-04's `required: true`) is json-schema.tool-schema.valid's.
        if (types === undefined || !wellFormed(key, node[key]) || !constrainsNoValueHere(node, key)) continue;
        const only = typeConstrained(key, node[key]);
        say(key, `${key === 'format' ? `format ${JSON.stringify(node[key])}` : key} constrains ${only === 'number' ? 'numbers' : `${only}s`} only, and this schema admits ${types.join(' or ')} values, so it constrains nothing here.`);
      }
      for (const key of ['then', 'else']) if (hasOwn(node, key) && !hasOwn(node, 'if')) say(key, `${key} has no if beside it, so it is ignored.`);
      if (hasOwn(node, 'if') && !hasOwn(node, 'then') && !hasOwn(node, 'else') && !evaluates) say('if', 'if has no then or else beside it, so it decides nothing.');
      for (const key of ['minContains', 'maxContains']) if (hasOwn(node, key) && !hasOwn(node, 'contains')) say(key, `${key} has no contains beside it, so it is ignored.`);
      const format = node.format;
      if (typeof format === 'string' && !KNOWN_FORMATS.includes(format)) {
        const near = KNOWN_FORMATS.find((f) => bare(f) === bare(format));
        if (near !== undefined) say('format', `format ${JSON.stringify(format)} is no known format, so nothing is checked; did you mean "${near}"?`);
      }
      const required = node.required;
      const props = node.properties;
      if (Array.isArray(required) && isRecord(props)) {
        const declared = Object.keys(props);
        required.forEach((name, i) => {
          if (typeof name !== 'string' || hasOwn(props, name)) return;
          const other = declared.find((d) => d.toLowerCase() === name.toLowerCase());
          if (other !== undefined) ctx.report(RULE.constrainsNothing, 'warning', `${JSON.stringify(name)} is required but not declared; the declared ${JSON.stringify(other)} differs from it only in case, so an object must hold a property no declaration describes. Did you mean ${JSON.stringify(other)}?`, join(join(at, 'required'), i));
        });
      }
      return undefined;
    });
  }
};

/** Whether an unevaluated* keyword stands anywhere in the schema (walked, never stringified: a huge schema must not be copied). */
function usesUnevaluated(schema: unknown): boolean {
  let found = false;
  walkSchema(schema, '', (node) => {
    if (hasOwn(node, 'unevaluatedProperties') || hasOwn(node, 'unevaluatedItems')) found = true;
    return undefined;
  });
  return found;
}
