/**
 * What the MCP TypeScript SDK 1.32 client accepts in `tools/list` (Client.listTools()).
 *
 * Source: @modelcontextprotocol/sdk 1.32.2 itself (installed here), read on 2026-12-02:
 * dist/esm/types.js `ToolSchema` (inputSchema and outputSchema: `type: z.literal('object')`,
 * `properties` a record of objects, `required` a string array, other keys allowed) and
 * dist/esm/client/index.js `cacheToolMetadata()`, which compiles every outputSchema with the
 * default validator (dist/esm/validation/ajv-provider.js: draft-07 Ajv, strict:false,
 * validateSchema:false, ajv-formats). Any failure makes the whole listTools() throw
 * (/work/shared/research/mcp.md 2.5). This checker runs the SDK's own code for both steps, so it
 * is exactly the client's acceptance, not a restatement of it.
 */
import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { child, isObject, problem } from './walk.js';

export const name = 'mcp-client-v1';

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

/**
 * The SDK's default validator instance, option for option (ajv-provider.js createDefaultAjvInstance),
 * except its logger: the client prints "unknown format ... ignored" for formats such as `uint`, which
 * changes nothing it accepts and would only bury the suite's output.
 */
function clientValidator(): AjvJsonSchemaValidator {
  const ajv = new Ajv({ strict: false, validateFormats: true, validateSchema: false, allErrors: true, logger: false });
  addFormats(ajv);
  return new AjvJsonSchemaValidator(ajv);
}

/** The schema as a tool's inputSchema; pointers are relative to the schema. */
export function check(schema: unknown): string[] {
  return checkTool({ name: 'probe', inputSchema: schema }).map((p) => p.replace(/^#\/inputSchema/, '#'));
}

/** The schema as a tool's outputSchema (shape, then compilation by the client's validator); pointers relative to the schema. */
export function checkOutputSchema(schema: unknown): string[] {
  return checkTool({ name: 'probe', inputSchema: { type: 'object' }, outputSchema: schema }).map((p) => p.replace(/^#\/outputSchema/, '#'));
}

/** A whole Tool, pointers relative to the tool ("#/inputSchema/type"). */
export function checkTool(tool: unknown): string[] {
  const parsed = ToolSchema.safeParse(tool);
  const out: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const pointer = issue.path.reduce<string>((p, token) => child(p, String(token)), '');
      out.push(problem(pointer, issue.message));
    }
    return out;
  }
  const outputSchema = isObject(tool) ? tool['outputSchema'] : undefined;
  if (isObject(outputSchema)) {
    try {
      // A fresh validator per tool: the SDK's shared instance would refuse a repeated $id across tools.
      clientValidator().getValidator(outputSchema);
    } catch (error) {
      out.push(problem('/outputSchema', `the client cannot compile it: ${(error as Error).message}`));
    }
  }
  return out;
}
