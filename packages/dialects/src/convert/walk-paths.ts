/**
 * Diagnostics and pointers for the walk (docs/architecture.md, all passes): every pass reports
 * through these, and the pointer rules (an origin map for objects built from several input places)
 * must be one rule everywhere, so they stand apart from any one pass.
 */
import { diagnostic, type Severity } from '../diagnostics.js';
import { escapeToken } from '../json-pointer.js';
import { Fatal, isPlainObject, type JsonObject } from './data.js';
import type { WalkState } from './walk-state.js';

/** Tokens of the value of `key` in `node` (which may be an object the walk built). */
export function tokensOf(s: WalkState, node: object, key: string): readonly string[] {
  const origin = s.origins?.get(node)?.get(key);
  return origin ?? [...s.tokens, key];
}

/** Pointer of `node[key]`, and below it `extra`. */
export function at(s: WalkState, node: object, key: string, ...extra: string[]): string {
  const origin = s.origins?.get(node)?.get(key);
  if (origin === undefined) return pointer(s, [key, ...extra]);
  let p = s.prefix;
  for (const t of origin) p += '/' + escapeToken(t);
  for (const t of extra) p += '/' + escapeToken(t);
  return p;
}

/** Pointer of `node.properties[name]`, also when those properties were merged from several places. */
export function propertyPointer(s: WalkState, node: JsonObject, name: string): string {
  const props = node.properties;
  const origin = isPlainObject(props) ? s.origins?.get(props)?.get(name) : undefined;
  return origin === undefined ? at(s, node, 'properties', name) : tokensPointer(s, origin);
}

/** Pointer of input tokens that stand from the document's root. */
export function tokensPointer(s: WalkState, tokens: readonly string[]): string {
  let p = s.prefix;
  for (const t of tokens) p += '/' + escapeToken(t);
  return p;
}

export function recordOrigin(s: WalkState, obj: object, key: string, tokens: readonly string[]): void {
  const origins = (s.origins ??= new WeakMap());
  let m = origins.get(obj);
  if (!m) origins.set(obj, (m = new Map()));
  m.set(key, tokens);
}

export function pointer(s: WalkState, extra?: readonly string[]): string {
  let p = s.prefix;
  for (const t of s.tokens) p += '/' + escapeToken(t);
  if (extra) for (const t of extra) p += '/' + escapeToken(t);
  return p;
}

export function report(s: WalkState, code: string, severity: Severity, message: string, path: string): void {
  s.diags.push(diagnostic(code, severity, message, path));
}

export function fatal(code: string, message: string, path: string): never {
  throw new Fatal(diagnostic(code, 'error', message, path));
}

export function tooDeep(s: WalkState): never {
  const seen = new Set<unknown>();
  for (const o of s.path) {
    if (seen.has(o)) fatal('cyclic-object', 'the schema is a JavaScript object that contains itself, so it is not JSON data', cycleEntry(s));
    seen.add(o);
  }
  const outer = s.inlining[0];
  if (outer !== undefined) {
    // The schema itself may be shallow: writing its references out in place is what nests.
    const chain = s.inlining.map((t) => t.name);
    const through = chain.length > 6 ? [...chain.slice(0, 3), `... ${chain.length - 6} more ...`, ...chain.slice(-3)] : chain;
    fatal('too-deep', `writing references out in place nests deeper than ${s.limits.maxDepth} levels here (through ${through.join(' > ')}, from ${s.prefix + outer.pointer || '/'}); conversion stopped`, pointer(s));
  }
  fatal('too-deep', `the schema nests deeper than ${s.limits.maxDepth} levels; conversion stopped here`, pointer(s));
}

/**
 * Where an object cycle closes: the first place on the walk's path whose value is an object met
 * before on it (`/properties/a` for `o.properties.a = o`), rather than where the depth guard
 * stopped, hundreds of levels on. Found by following the path's tokens from the root again, only
 * once a cycle is known; where they cannot be followed, the guard's own pointer is kept.
 */
function cycleEntry(s: WalkState): string {
  let node: unknown = s.path[0];
  const met = new Set<unknown>([node]);
  let at = s.prefix;
  for (const t of s.tokens) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, t)) break;
    node = (node as Record<string, unknown>)[t];
    at += '/' + escapeToken(t);
    if (node !== null && typeof node === 'object') {
      if (met.has(node)) return at;
      met.add(node);
    }
  }
  return pointer(s);
}

export function tooLarge(s: WalkState): never {
  const outer = s.inlining[0];
  const chain = s.inlining.map((t) => t.name);
  const where = outer ? s.prefix + outer.pointer : pointer(s);
  const because = outer
    ? `inlining ${outer.name}${chain.length > 1 ? ` (through ${chain.slice(1).join(' > ')})` : ''} makes the output pass ${s.limits.maxNodes} schema nodes`
    : `the output passes ${s.limits.maxNodes} schema nodes`;
  fatal('output-too-large', `${because}; the conversion is refused`, where);
}
