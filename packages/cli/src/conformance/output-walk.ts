/** Reading a converted output without the converter: its keys, its descriptions, its schemas. */
import { escapeToken as escape } from '@redouble/dialects/core';

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

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const SCHEMA_ONE = new Set(['additionalProperties', 'unevaluatedProperties', 'items', 'contains', 'propertyNames', 'not', 'if', 'then', 'else', 'unevaluatedItems', 'additionalItems']);
const SCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);

/**
 * Visits every schema object in `schema` with its JSON pointer, following only the keywords that
 * hold schemas (so property names and enum values are never taken for keywords). `definitions` names
 * the extra keyword a dialect gathers its definitions under, if any.
 */
export function eachSchemaNode(schema: unknown, visit: (node: Record<string, unknown>, pointer: string) => void, definitions?: string): void {
  const maps = definitions === undefined ? SCHEMA_MAPS : new Set([...SCHEMA_MAPS, definitions]);
  const stack: { node: unknown; pointer: string }[] = [{ node: schema, pointer: '' }];
  while (stack.length > 0) {
    const { node, pointer } = stack.pop()!;
    if (!isRecord(node)) continue;
    visit(node, pointer);
    for (const [k, v] of Object.entries(node)) {
      const at = `${pointer}/${escape(k)}`;
      if (maps.has(k) && isRecord(v)) for (const [name, s] of Object.entries(v)) stack.push({ node: s, pointer: `${at}/${escape(name)}` });
      else if (SCHEMA_LIST.has(k) && Array.isArray(v)) v.forEach((s, i) => stack.push({ node: s, pointer: `${at}/${i}` }));
      else if (SCHEMA_ONE.has(k)) stack.push({ node: v, pointer: at });
    }
  }
}

/** The schema itself and every node reached from it through `properties` alone, with their pointers. */
export function propertyChainNodes(schema: unknown): { pointer: string; node: Record<string, unknown> }[] {
  const out: { pointer: string; node: Record<string, unknown> }[] = [];
  const stack: { node: unknown; pointer: string }[] = [{ node: schema, pointer: '' }];
  while (stack.length > 0) {
    const { node, pointer } = stack.pop()!;
    if (!isRecord(node)) continue;
    out.push({ pointer, node });
    if (isRecord(node.properties)) for (const [name, s] of Object.entries(node.properties)) stack.push({ node: s, pointer: `${pointer}/properties/${escape(name)}` });
  }
  return out;
}
