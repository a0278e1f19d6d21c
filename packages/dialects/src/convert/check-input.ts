/**
 * Every schema of an input is checked against its meta-schema (2020-12 or draft-07, by its
 * `$schema`) with the linter's own check (lint/meta-check.ts), so an invalid schema is refused in
 * every dialect, canonical included: `invalid-schema` errors at the offending values. So is what
 * the meta-schemas allow but no call could be judged against (a typeless OpenAPI `nullable: true`,
 * lint/typeless-nullable.ts), as an MCP server refuses such a tool. Run after the walk, whose
 * guards have already refused cyclic objects and runaway nesting.
 */
import type { Diagnostic } from '../diagnostics.js';
import { checkSchemaDocument } from '../lint/meta-check.js';

export function checkInputSchemas(schemas: readonly (readonly [unknown, string])[], diags: Diagnostic[]): void {
  for (let i = 0; i < schemas.length; i++) {
    const entry = schemas[i] as readonly [unknown, string];
    checkInputSchema(entry[0], entry[1], diags);
  }
}

/** One schema of the input at its pointer (a bare schema: the input itself, at ''). */
export function checkInputSchema(schema: unknown, prefix: string, diags: Diagnostic[]): void {
  try {
    const problems = checkSchemaDocument(schema, prefix, true);
    for (let i = 0; i < problems.length; i++) {
      const p = problems[i] as (typeof problems)[number];
      diags.push({ code: 'invalid-schema', severity: 'error', message: p.message, path: p.path });
    }
  } catch (err) {
    // Only a caller who raised maxDepth far past the default can nest deeper than the stack.
    if (!(err instanceof RangeError)) throw err;
    diags.push({ code: 'too-deep', severity: 'error', message: 'the schema nests too deep to be checked against its meta-schema', path: prefix });
  }
}

/**
 * The entries of a tools/list input: each one an MCP Tool, an object with a non-empty string name
 * and an inputSchema (as lint's mcp.tool.shape and mcp.tool.input-schema.present say). Anything
 * else is copied through as it is, and an `invalid-tool` error says so: it is no tool any dialect
 * could serve.
 */
export function checkToolEntries(tools: readonly unknown[], diags: Diagnostic[]): void {
  for (let i = 0; i < tools.length; i++) {
    const t = tools[i];
    const at = `/tools/${i}`;
    const problem =
      t === null || typeof t !== 'object' || Array.isArray(t)
        ? `got ${t === null ? 'null' : Array.isArray(t) ? 'an array' : `a ${typeof t}`}`
        : typeof (t as Record<string, unknown>).name !== 'string' || (t as Record<string, unknown>).name === ''
          ? 'it has no name (a non-empty string)'
          : Object.hasOwn(t, 'inputSchema')
            ? undefined
            : 'it has no inputSchema';
    if (problem) diags.push({ code: 'invalid-tool', severity: 'error', message: `tools/list entry ${i} is not an MCP Tool (an object with a name and an inputSchema): ${problem}; copied as it is`, path: at });
  }
}

/**
 * A Tool's inputSchema is a schema object: MCP gives it `type: "object"`, and no client reads a
 * boolean there. A dialect that spells the root as an object reports its own narrowing; the
 * identity copy would pass `true` through with no word, so every dialect says it here.
 */
export function checkToolInputRoots(tools: readonly (readonly [unknown, string])[], diags: Diagnostic[]): void {
  for (let i = 0; i < tools.length; i++) {
    const [tool, prefix] = tools[i] as readonly [unknown, string];
    const schema = tool !== null && typeof tool === 'object' ? (tool as Record<string, unknown>).inputSchema : undefined;
    if (typeof schema === 'boolean') {
      diags.push({ code: 'invalid-tool', severity: 'error', message: `inputSchema is the boolean schema ${String(schema)}; an MCP Tool's inputSchema is a JSON Schema object with type "object"`, path: `${prefix}/inputSchema` });
    }
  }
}

