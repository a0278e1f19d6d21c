/**
 * json-schema.tool-schema.required-refused: an object schema that lists a property in `required`
 * and refuses that same property: a schema that accepts no value (`false`, `{not: {}}`) applies to
 * it (its `properties` entry, a `patternProperties` entry whose pattern matches it, or the closure
 * where neither does), `propertyNames` refuses the name, or `maxProperties` is below the number of
 * names required; or a name an allOf branch (inline or a local $ref) requires is refused by the
 * object's closure, which does not see the branch's properties. Such a schema accepts no object at all: as an inputSchema, no call can ever be
 * accepted. Valid under the meta-schema, so only a rule finds it. A warning, not an error: the
 * schema means what it says and every call is refused with its reason, and a tool an author
 * disabled this way still registers.
 *
 * What applies to a name is the one answer convert reads too (src/name-schemas.ts); a pattern runs
 * there only on the judge's linear-time engine, and one it declines is taken to match nothing
 * decided here (no finding rather than a guess).
 */
import { closureOf, nameRefusedBy, nameSchemas } from '../../name-schemas.js';
import { inPlaceBranches } from '../in-place-branches.js';
import { acceptsNoValue } from '../../accepts-no-value.js';
import { RULE } from '../rule-catalog.js';
import type { LintRule } from '../rule-context.js';
import { walkSchema } from '../schema-walk.js';
import { join } from '../../json-pointer.js';

export const requiredRefused: LintRule = (tool, ctx) => {
  for (const schema of [tool.inputSchema, tool.outputSchema]) {
    if (!schema) continue;
    // A schema too deep or cyclic to walk is reported by json-schema.tool-schema.valid.
    walkSchema(schema.value, schema.path, (node, at) => {
      const tail = `so this schema accepts no object${at === schema.path && schema === tool.inputSchema ? ': no call of this tool can be accepted' : ''}`;
      const required = node.required;
      if (Array.isArray(required)) {
        required.forEach((name, i) => {
          const why = typeof name === 'string' ? refusedBy(node, name) : undefined;
          if (why === undefined) return;
          ctx.report(RULE.requiredRefused, 'warning', `${JSON.stringify(name)} is required, but ${why}, ${tail}.`, join(join(at, 'required'), i));
        });
        const names = new Set(required.filter((n) => typeof n === 'string')).size;
        const max = node.maxProperties;
        if (typeof max === 'number' && names > max) {
          ctx.report(RULE.requiredRefused, 'warning', `${names} properties are required, but maxProperties is ${max}, ${tail}.`, join(at, 'maxProperties'));
        }
      }
      // A name an allOf branch requires is required of this object too, and this object's closure
      // does not see the branch's properties: `allOf: [{$ref: Base}]` beside additionalProperties: false.
      if (refusingClosure(node)) {
        for (const b of inPlaceBranches(node, at, schema.value, schema.path)) {
          if (!b.always || !Array.isArray(b.node.required)) continue;
          b.node.required.forEach((name, i) => {
            const why = typeof name === 'string' && !ownRequired(node, name) ? refusedBy(node, name) : undefined;
            if (why === undefined) return;
            ctx.report(RULE.requiredRefused, 'warning', `${JSON.stringify(name)} is required by ${b.via}, but ${why} (additionalProperties sees only the properties declared beside it, not those of branches), ${tail}.`, join(join(b.path, 'required'), i));
          });
        }
      }
      return undefined;
    });
  }
};

/** The object closes its names with a schema that accepts nothing (`additionalProperties: false`). */
export function refusingClosure(node: Record<string, unknown>): boolean {
  const closure = closureOf(node);
  return closure !== undefined && acceptsNoValue(closure.schema);
}

/** Already said at the object's own required entry. */
const ownRequired = (node: Record<string, unknown>, name: string): boolean => Array.isArray(node.required) && node.required.includes(name);

/** Why the node refuses every object holding `name`; undefined when it may accept one. */
function refusedBy(node: Record<string, unknown>, name: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(node, 'propertyNames')) {
    const why = nameRefusedBy(node.propertyNames, name);
    if (why !== undefined) return why;
  }
  const reading = nameSchemas(node, name);
  if (reading === undefined) return undefined;
  const refusing = reading.applied.find((a) => acceptsNoValue(a.schema));
  if (refusing === undefined) return undefined;
  const what = refusing.schema === false ? 'is false' : 'accepts no value';
  if (refusing.keyword === 'properties') return `its property schema ${what}`;
  if (refusing.keyword === 'patternProperties') return `its name matches the pattern ${refusing.key}, whose schema ${what}`;
  const patterns = node.patternProperties;
  const unmatched = typeof patterns === 'object' && patterns !== null && Object.keys(patterns).length > 0 ? ', no pattern matches it,' : '';
  return `it is not among the declared properties${unmatched} and ${refusing.keyword} ${what}`;
}
