/**
 * json-schema.tool-schema.openapi-nullable: OpenAPI's `nullable: true` in a tool schema. JSON Schema
 * does not know the keyword, but Ajv (which judges every call here, as in the MCP SDK) reads it:
 * beside a `type` it adds null, and without one it refuses to compile the schema. So a typeless
 * `nullable: true` is an error (no call could be judged), and beside a type without "null" it is a
 * warning: validators other than Ajv refuse the null its author meant to accept.
 */
import { RULE } from '../rule-catalog.js';
import type { LintRule } from '../rule-context.js';
import { walkSchema } from '../schema-walk.js';
import { typeNames } from '../../type-names.js';
import { isTypelessNullable, TYPELESS_NULLABLE_MESSAGE } from '../typeless-nullable.js';

export const openapiNullable: LintRule = (tool, ctx) => {
  for (const schema of [tool.inputSchema, tool.outputSchema]) {
    if (!schema) continue;
    // A schema too deep or cyclic to walk is reported by json-schema.tool-schema.valid.
    walkSchema(schema.value, schema.path, (node, at) => {
      if (node.nullable !== true) return undefined;
      if (isTypelessNullable(node)) {
        ctx.report(RULE.openapiNullable, 'error', TYPELESS_NULLABLE_MESSAGE, `${at}/nullable`);
        return undefined;
      }
      const types = typeNames(node.type);
      // An empty list is no type at all (json-schema.tool-schema.valid says so).
      if (types && types.length > 0 && !types.includes('null')) {
        ctx.report(
          RULE.openapiNullable,
          'warning',
          `"nullable" is OpenAPI's keyword: Ajv reads it as adding null to the type, but JSON Schema does not know it and other validators refuse null here; write "type": ${JSON.stringify([...types, 'null'])}.`,
          `${at}/nullable`,
        );
      }
      return undefined;
    });
  }
};
