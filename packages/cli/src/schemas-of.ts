/**
 * The schemas inside an input, with the JSON pointer of each: a tools/list result
 * (`/tools/3/inputSchema`), a Tool (`/inputSchema`, `/outputSchema`) or a bare schema (``).
 * The same three shapes `convert` accepts, so `explain` paths point into the file as given.
 */
export function schemasOf(input: unknown): { pointer: string; schema: unknown }[] {
  if (isRecord(input) && Array.isArray(input.tools)) {
    return input.tools.flatMap((tool, i) => (isRecord(tool) ? toolSchemas(tool, `/tools/${i}`) : []));
  }
  if (isRecord(input) && 'inputSchema' in input) return toolSchemas(input, '');
  return [{ pointer: '', schema: input }];
}

function toolSchemas(tool: Record<string, unknown>, at: string): { pointer: string; schema: unknown }[] {
  const out: { pointer: string; schema: unknown }[] = [];
  if ('inputSchema' in tool) out.push({ pointer: `${at}/inputSchema`, schema: tool.inputSchema });
  if ('outputSchema' in tool) out.push({ pointer: `${at}/outputSchema`, schema: tool.outputSchema });
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
