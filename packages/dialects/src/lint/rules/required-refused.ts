/**
 * json-schema.tool-schema.required-refused: an object schema that lists a property in `required`
 * and refuses that same property, by a `false` property schema or by `additionalProperties:
 * false` when the name is neither declared nor matched by a pattern. Such a schema accepts no
 * object at all: as an inputSchema, no call can ever be accepted. Valid under the meta-schema, so
 * only a rule finds it. A warning, not an error: the schema means what it says and every call is
 * refused with its reason, and a tool an author disabled this way still registers.
 */
import { IN_PLACE_APPLICATORS } from '../../in-place.js';
import { RULE } from '../rule-catalog.js';
import type { LintRule } from '../rule-context.js';
import { walkSchema } from '../schema-walk.js';
import { join } from '../../json-pointer.js';
import { isRecord } from '../is-record.js';

export const requiredRefused: LintRule = (tool, ctx) => {
  for (const schema of [tool.inputSchema, tool.outputSchema]) {
    if (!schema) continue;
    // A schema too deep or cyclic to walk is reported by json-schema.tool-schema.valid.
    walkSchema(schema.value, schema.path, (node, at) => {
      const required = node.required;
      if (!Array.isArray(required)) return undefined;
      required.forEach((name, i) => {
        const why = typeof name === 'string' ? refusedBy(node, name) : undefined;
        if (why === undefined) return;
        ctx.report(
          RULE.requiredRefused,
          'warning',
          `${JSON.stringify(name)} is required, but ${why}, so this schema accepts no object${at === schema.path && schema === tool.inputSchema ? ': no call of this tool can be accepted' : ''}.`,
          join(join(at, 'required'), i),
        );
      });
      return undefined;
    });
  }
};


/** Why the node refuses every object holding `name`; undefined when it may accept one. */
function refusedBy(node: Record<string, unknown>, name: string): string | undefined {
  const properties = isRecord(node.properties) ? node.properties : undefined;
  const declared = properties !== undefined && Object.prototype.hasOwnProperty.call(properties, name);
  if (declared) return properties[name] === false ? 'its property schema is false' : undefined;
  // A pattern might match the name; whether it does is left alone rather than run an author's regex here.
  if (isRecord(node.patternProperties) && Object.keys(node.patternProperties).length > 0) return undefined;
  if (node.additionalProperties === false) return 'it is not among the declared properties and additionalProperties is false';
  // unevaluatedProperties stands for the closure when nothing beside it evaluates properties in place.
  if (node.additionalProperties === undefined && node.unevaluatedProperties === false && !IN_PLACE_APPLICATORS.some((k) => Object.prototype.hasOwnProperty.call(node, k))) {
    return 'it is not among the declared properties and unevaluatedProperties is false';
  }
  return undefined;
}
