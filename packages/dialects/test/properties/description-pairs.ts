// Pairs each input schema node with the output node that stands for it, following only the
// structure both sides still share (properties, items, branches, definitions) and looking through
// references and the null wrappers a dialect adds. A pair exists only where the node survives.
import { escapeToken, isObject, resolvePointer } from './json-tools.js';

export interface NodePair {
  /** JSON pointer of the input node (inside the converted schema's input). */
  path: string;
  input: Record<string, unknown>;
  output: Record<string, unknown>;
}

const DEFINITION_KEYS = ['$defs', 'definitions', 'defs'];
const REF_KEYS = ['$ref', 'ref'];

function refOf(node: Record<string, unknown>): string | undefined {
  for (const k of REF_KEYS) if (typeof node[k] === 'string') return node[k] as string;
  return undefined;
}

function isNullSchema(v: unknown): boolean {
  return isObject(v) && v.type === 'null' && Object.keys(v).length === 1;
}

/** The output union is the input's own (same length, null branches in the same places), not a wrapper. */
function sameUnion(out: readonly unknown[], input: readonly unknown[] | undefined): boolean {
  return input !== undefined && input.length === out.length && out.every((b, n) => isNullSchema(b) === isNullSchema(input[n]));
}

/** Looks through a pure reference and an added null wrapper (`anyOf: [X, {type: null}]`), when they carry no description of their own. */
function throughOutput(root: unknown, node: Record<string, unknown>, seen: Set<unknown>, inputUnion: readonly unknown[] | undefined): Record<string, unknown> {
  let current = node;
  for (;;) {
    if (seen.has(current) || 'description' in current) return current;
    seen.add(current);
    const ref = refOf(current);
    if (ref !== undefined && ref.startsWith('#')) {
      const target = resolvePointer(root, ref);
      if (!isObject(target)) return current;
      current = target;
      continue;
    }
    const branches = current.anyOf;
    if (Array.isArray(branches) && !sameUnion(branches, inputUnion) && !('properties' in current) && !('type' in current)) {
      const real = branches.filter((b) => !isNullSchema(b));
      if (real.length === 1 && isObject(real[0])) {
        current = real[0];
        continue;
      }
    }
    return current;
  }
}

/** A pure `$ref` input node (no description) stands for its target. */
function throughInput(root: unknown, node: Record<string, unknown>, path: string, seen: Set<unknown>): { node: Record<string, unknown>; path: string } {
  let current = node;
  let at = path;
  while (!('description' in current) && typeof current.$ref === 'string' && current.$ref.startsWith('#') && !seen.has(current)) {
    seen.add(current);
    const ref: string = current.$ref;
    const target = resolvePointer(root, ref);
    if (!isObject(target)) break;
    try {
      at = decodeURIComponent(ref.slice(1));
    } catch {
      break;
    }
    current = target;
  }
  return { node: current, path: at };
}

export function nodePairs(inputRoot: unknown, outputRoot: unknown, prefix = ''): NodePair[] {
  const pairs: NodePair[] = [];
  const visited = new Map<string, Set<object>>();
  const walk = (inNode: unknown, outNode: unknown, path: string): void => {
    if (!isObject(inNode) || !isObject(outNode)) return;
    const i = throughInput(inputRoot, inNode, path, new Set());
    const union = Array.isArray(i.node.anyOf) ? i.node.anyOf : Array.isArray(i.node.oneOf) ? i.node.oneOf : undefined;
    const o = throughOutput(outputRoot, outNode, new Set(), union);
    let outs = visited.get(i.path);
    if (!outs) visited.set(i.path, (outs = new Set()));
    if (outs.has(o) || visited.size > 5000) return;
    outs.add(o);
    pairs.push({ path: prefix + i.path, input: i.node, output: o });
    const a = i.node;
    const b = o;
    for (const k of ['properties', 'patternProperties']) {
      if (isObject(a[k]) && isObject(b[k])) {
        for (const name of Object.keys(a[k])) if (Object.prototype.hasOwnProperty.call(b[k], name)) walk((a[k] as Record<string, unknown>)[name], (b[k] as Record<string, unknown>)[name], `${i.path}/${k}/${escapeToken(name)}`);
      }
    }
    for (const k of ['additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalItems']) walk(a[k], b[k], `${i.path}/${k}`);
    if (isObject(a.items)) walk(a.items, b.items, `${i.path}/items`);
    const inPrefix = Array.isArray(a.prefixItems) ? { k: 'prefixItems', v: a.prefixItems } : Array.isArray(a.items) ? { k: 'items', v: a.items } : undefined;
    const outPrefix = Array.isArray(b.prefixItems) ? b.prefixItems : Array.isArray(b.items) ? b.items : undefined;
    if (inPrefix && outPrefix && inPrefix.v.length === outPrefix.length) inPrefix.v.forEach((s, n) => walk(s, outPrefix[n], `${i.path}/${inPrefix.k}/${n}`));
    for (const k of ['anyOf', 'oneOf', 'allOf']) {
      const list = a[k];
      if (!Array.isArray(list)) continue;
      // a rename (oneOf -> anyOf) keeps the branches in order; an added null branch comes last
      const out = Array.isArray(b[k]) ? b[k] : k === 'oneOf' && Array.isArray(b.anyOf) && !Array.isArray(a.anyOf) ? b.anyOf : undefined;
      if (!Array.isArray(out)) continue;
      if (out.length === list.length || (out.length === list.length + 1 && isNullSchema(out[out.length - 1]))) list.forEach((s, n) => walk(s, out[n], `${i.path}/${k}/${n}`));
    }
    for (const k of DEFINITION_KEYS) {
      const defs = a[k];
      if (!isObject(defs)) continue;
      const outDefs = DEFINITION_KEYS.map((d) => b[d]).find(isObject);
      if (!outDefs) continue;
      for (const name of Object.keys(defs)) if (Object.prototype.hasOwnProperty.call(outDefs, name)) walk(defs[name], outDefs[name], `${i.path}/${k}/${escapeToken(name)}`);
    }
  };
  walk(inputRoot, outputRoot, '');
  return pairs;
}
