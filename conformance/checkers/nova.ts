/**
 * Amazon Nova (understanding models) tool use through Converse `ToolInputSchema`.
 *
 * Source: https://docs.aws.amazon.com/nova/latest/userguide/tool-use-definition.html (Nova v1 user
 * guide), read on 2026-12-02 through /work/shared/research/vendors.md section 4: "only a subset" of
 * JSON Schema; the top-level schema must be of type object; only three fields are allowed in the
 * top-level object: `type` (= "object"), `properties`, `required`. Rules below the root are not
 * stated. Consequences checked here: no root keyword beyond the three; with no root `$defs` a
 * reference has nothing to point at, so `$ref`/`$defs`/`definitions` are refused anywhere; property
 * subschemas are objects (the MCP SDK client needs that too).
 */
import { child, isObject, jsonSchemaVocabulary, problem, walk } from './walk.js';

export const name = 'nova';

const ROOT_FIELDS = ['type', 'properties', 'required'];
const REFERENCE_KEYWORDS = ['$ref', '$dynamicRef', '$recursiveRef', '$defs', 'definitions'];

export function check(schema: unknown): string[] {
  if (!isObject(schema)) return [problem('', 'the root schema must be a JSON object')];
  const out: string[] = [];
  if (schema['type'] !== 'object') out.push(problem('/type', "the top-level schema must be of type 'object'"));
  for (const key of Object.keys(schema)) {
    if (!ROOT_FIELDS.includes(key)) out.push(problem(child('', key), `'${key}' is not allowed in the top-level object (only type, properties, required)`));
  }
  if ('required' in schema && !(Array.isArray(schema['required']) && schema['required'].every((r) => typeof r === 'string'))) {
    out.push(problem('/required', "'required' must be an array of names"));
  }
  walk(schema, jsonSchemaVocabulary, ({ node, pointer }) => {
    if (!isObject(node)) return;
    for (const key of REFERENCE_KEYWORDS) if (key in node) out.push(problem(child(pointer, key), `'${key}' is not allowed: nothing can be referenced`));
    const properties = node['properties'];
    if (isObject(properties)) {
      for (const [key, value] of Object.entries(properties)) {
        if (!isObject(value)) out.push(problem(child(child(pointer, 'properties'), key), 'a property subschema must be an object'));
      }
    }
  });
  return out;
}
