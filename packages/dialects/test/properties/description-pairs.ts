// Pairs each input schema node with the output node that stands for it, following only the
// structure both sides still share (properties, items, branches, definitions) and looking through
// references and the null wrappers a dialect adds. A pair exists only where the node survives.
import { escapeToken, isObject, resolvePointer } from './json-tools.js';

export interface NodePair {
  /** JSON pointer of the input node (inside the converted schema's input). */
  path: string;
  input: Record<string, unknown>;
  /** The output node, then what it refers to; the last is the most resolved. */
  outputs: Record<string, unknown>[];
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

/**
 * The output union is the input's own (same branches, null ones in the same places, perhaps a
 * null branch added last), not a wrapper around the whole node.
 */
function sameUnion(out: readonly unknown[], input: readonly unknown[] | undefined): boolean {
  if (input === undefined) return false;
  const own = out.length === input.length + 1 && isNullSchema(out[out.length - 1]) ? out.slice(0, -1) : out;
  return own.length === input.length && own.every((b, n) => isNullSchema(b) === isNullSchema(input[n]));
}

/**
 * The output node and what it stands for: through references and an added wrapper
 * (`anyOf: [X, {type: null}]`, `anyOf: [{ref}]`), most resolved last. A kept reference may carry the
 * site's own sentences while the author's words stay in the definition, so any of them may hold them.
 */
function throughOutput(root: unknown, node: Record<string, unknown>, inputUnion: readonly unknown[] | undefined, inputWasRef: boolean): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = [];
  let current = node;
  for (;;) {
    if (chain.includes(current)) return chain;
    chain.push(current);
    const ref = refOf(current);
    if (ref !== undefined && ref.startsWith('#')) {
      const target = resolvePointer(root, ref);
      if (!isObject(target)) return chain;
      current = target;
      continue;
    }
    const branches = current.anyOf;
    // the input stood for a reference: a union around the output's reference is the dialect's wrapper
    if (Array.isArray(branches) && (inputWasRef || !sameUnion(branches, inputUnion)) && !('properties' in current) && !('type' in current)) {
      const real = branches.filter((b) => !isNullSchema(b));
      if (real.length === 1 && isObject(real[0])) {
        current = real[0];
        continue;
      }
    }
    return chain;
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

/** `false`, or a `not` of every value: a schema no value passes. */
function acceptsNothing(s: unknown): boolean {
  if (s === false) return true;
  if (!isObject(s)) return false;
  return s.not === true || (isObject(s.not) && Object.keys(s.not).length === 0);
}

export function nodePairs(inputRoot: unknown, outputRoot: unknown, prefix = ''): NodePair[] {
  const pairs: NodePair[] = [];
  const visited = new Map<string, Set<object>>();
  const walk = (inNode: unknown, outNode: unknown, path: string): void => {
    if (!isObject(inNode) || !isObject(outNode)) return;
    const i = throughInput(inputRoot, inNode, path, new Set());
    const union = Array.isArray(i.node.anyOf) ? i.node.anyOf : Array.isArray(i.node.oneOf) ? i.node.oneOf : undefined;
    const outputs = throughOutput(outputRoot, outNode, union, i.node !== inNode);
    const o = outputs[outputs.length - 1] as Record<string, unknown>;
    let outs = visited.get(i.path);
    if (!outs) visited.set(i.path, (outs = new Set()));
    if (outs.has(o) || visited.size > 5000) return;
    outs.add(o);
    pairs.push({ path: prefix + i.path, input: i.node, outputs });
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
      // A branch that accepts nothing (false, {not: true}) adds nothing to a union and may be left
      // out: the branches after it then stand one place earlier.
      const kept = list.map((s, n) => [s, n] as const).filter(([s]) => !acceptsNothing(s));
      const fits = (n: number): boolean => out.length === n || (out.length === n + 1 && isNullSchema(out[out.length - 1]));
      if (kept.length < list.length && fits(kept.length)) kept.forEach(([s, n], j) => walk(s, out[j], `${i.path}/${k}/${n}`));
      else if (fits(list.length)) list.forEach((s, n) => walk(s, out[n], `${i.path}/${k}/${n}`));
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
