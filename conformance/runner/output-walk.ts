/** Reading a converted output without the engine: its keys, its descriptions, its schemas. */

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** True when any object anywhere in `value` has one of `keys` as an own key. */
export function hasKeyAnywhere(value: unknown, keys: readonly string[]): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (isRecord(v)) {
      for (const k of Object.keys(v)) {
        if (keys.includes(k)) return true;
        stack.push(v[k]);
      }
    }
  }
  return false;
}

/** Every string under a `description` key. */
export function descriptions(value: unknown): string[] {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (isRecord(v)) {
      for (const k of Object.keys(v)) {
        if (k === 'description' && typeof v[k] === 'string') out.push(v[k]);
        stack.push(v[k]);
      }
    }
  }
  return out;
}

/** The schemas of a converted input, with where they sit: tools/list, Tool, or a bare schema. */
export function schemasIn(value: unknown): { at: string; schema: unknown }[] {
  const ofTool = (t: Record<string, unknown>, at: string) =>
    (['inputSchema', 'outputSchema'] as const).filter((k) => k in t).map((k) => ({ at: `${at}/${k}`, schema: t[k] }));
  if (isRecord(value) && Array.isArray(value.tools)) return value.tools.flatMap((t, i) => (isRecord(t) ? ofTool(t, `/tools/${i}`) : []));
  if (isRecord(value) && 'inputSchema' in value) return ofTool(value, '');
  return [{ at: '', schema: value }];
}
