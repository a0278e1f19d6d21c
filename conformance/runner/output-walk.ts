/** Reading a converted output without the engine: its keys, its descriptions, its schemas. */

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Visits every own key of every object in `value` (depth-first, no recursion); `visit` returning true stops the walk. */
function eachEntry(value: unknown, visit: (key: string, v: unknown) => boolean | void): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (isRecord(v)) {
      for (const k of Object.keys(v)) {
        if (visit(k, v[k]) === true) return true;
        stack.push(v[k]);
      }
    }
  }
  return false;
}

/** True when any object anywhere in `value` has one of `keys` as an own key. */
export function hasKeyAnywhere(value: unknown, keys: readonly string[]): boolean {
  return eachEntry(value, (k) => keys.includes(k));
}

/** Every string under a `description` key. */
export function descriptions(value: unknown): string[] {
  const out: string[] = [];
  eachEntry(value, (k, v) => {
    if (k === 'description' && typeof v === 'string') out.push(v);
  });
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
