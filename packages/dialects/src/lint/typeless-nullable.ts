/**
 * OpenAPI's `nullable: true` on a schema with no `type`: JSON Schema ignores the keyword, but Ajv
 * (which judges every call here, as in the MCP SDK) refuses to compile such a schema, so no call
 * could be judged against it. One finder, one wording, for the linter
 * (json-schema.tool-schema.openapi-nullable) and for convert, which refuses it as `invalid-schema`
 * in every dialect, as an MCP server refuses the tool.
 */
import { walkSchema } from './schema-walk.js';

export const TYPELESS_NULLABLE_MESSAGE =
  '"nullable" (OpenAPI\'s keyword) stands here without a "type": Ajv, which judges the calls, cannot compile the schema, so no call could be judged; write the type with "null" in it, or leave "nullable" out.';

/** Whether this one schema object is a typeless `nullable: true`. */
export function isTypelessNullable(node: Record<string, unknown>): boolean {
  return node.nullable === true && !Object.prototype.hasOwnProperty.call(node, 'type');
}

/** Every typeless `nullable: true` in `schema`, each at its `nullable` keyword under `path`. */
export function typelessNullables(schema: unknown, path: string): { path: string; message: string }[] {
  const found: { path: string; message: string }[] = [];
  // A schema too deep or cyclic to walk is refused on other grounds (the walk's guards, the meta check).
  walkSchema(schema, path, (node, at) => {
    if (isTypelessNullable(node)) found.push({ path: `${at}/nullable`, message: TYPELESS_NULLABLE_MESSAGE });
    return undefined;
  });
  return found;
}
