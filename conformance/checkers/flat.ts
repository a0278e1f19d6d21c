/**
 * The `flat` target: clients that cannot follow references, and the MCP TypeScript SDK 1.x client.
 *
 * Sources, read on 2026-12-02 (through /work/shared/research/vendors.md section 6 and mcp.md 2.5):
 * clients that drop or mis-read `$ref`/`$defs` (https://github.com/openai/codex/issues/3152,
 * https://github.com/github/copilot-cli/issues/1876, https://github.com/anthropics/claude-ai-mcp/issues/591,
 * https://github.com/google-gemini/gemini-cli/issues/13326), and the SDK 1.32 client's `tools/list`
 * shape (sdk@1.32.2 dist/esm/types.js ToolSchema): root `type: "object"`, every value under
 * `properties` an object.
 *
 * Refused: `$ref`, `$dynamicRef`, `$recursiveRef`, `$defs`, `definitions` anywhere; a root that is
 * not `type: "object"`; a boolean (or other non-object) property subschema at any depth.
 */
import { child, isObject, jsonSchemaVocabulary, problem, walk } from './walk.js';

export const name = 'flat';

const REFERENCE_KEYWORDS = ['$ref', '$dynamicRef', '$recursiveRef', '$defs', 'definitions'];

export function check(schema: unknown): string[] {
  if (!isObject(schema)) return [problem('', 'the root schema must be a JSON object')];
  const out: string[] = [];
  if (schema['type'] !== 'object') out.push(problem('/type', "the root must have type 'object'"));
  walk(schema, jsonSchemaVocabulary, ({ node, pointer }) => {
    if (!isObject(node)) return;
    for (const key of REFERENCE_KEYWORDS) if (key in node) out.push(problem(child(pointer, key), `'${key}' is not allowed: a flat schema has no references`));
    const properties = node['properties'];
    if (isObject(properties)) {
      for (const [key, value] of Object.entries(properties)) {
        if (!isObject(value)) out.push(problem(child(child(pointer, 'properties'), key), 'a property subschema must be an object, not a boolean'));
      }
    }
  });
  return out;
}
