// Independent JSON helpers for the property tests. They do not reuse the engine's own pointer code,
// so a bug there cannot hide itself by agreeing with its own test.

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type { Json };

export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * True when an RFC 6901 pointer names an existing own member of `doc` (a member holding
 * `undefined` exists: diagnostics about non-JSON values point at it).
 */
export function pointerResolves(doc: unknown, pointer: string): boolean {
  if (pointer === '') return true;
  if (!pointer.startsWith('/')) return false;
  let node: unknown = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= node.length) return false;
      node = node[Number(token)];
    } else if (node !== null && typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, token)) {
      node = (node as Record<string, unknown>)[token];
    } else {
      return false;
    }
  }
  return true;
}

/** The value a pointer (or `#`-fragment of a local `$ref`) names, or undefined. */
export function resolvePointer(doc: unknown, pointer: string): unknown {
  let p = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  try {
    p = decodeURIComponent(p);
  } catch {
    return undefined;
  }
  if (!pointerResolves(doc, p)) return undefined;
  let node: unknown = doc;
  if (p === '') return node;
  for (const raw of p.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = Array.isArray(node) ? node[Number(token)] : (node as Record<string, unknown>)[token];
  }
  return node;
}

export function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Every object and array reachable from `v` (by identity). */
export function objectsIn(v: unknown, into: Set<object> = new Set()): Set<object> {
  const stack: unknown[] = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (x === null || typeof x !== 'object' || into.has(x)) continue;
    into.add(x);
    for (const child of Object.values(x)) stack.push(child);
  }
  return into;
}

/** True when `v` is only plain objects, arrays, strings, finite numbers, booleans and null. */
export function isPlainJson(v: unknown): boolean {
  const stack: unknown[] = [v];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const x = stack.pop();
    if (x === null || typeof x === 'string' || typeof x === 'boolean') continue;
    if (typeof x === 'number') {
      if (!Number.isFinite(x)) return false;
      continue;
    }
    if (typeof x !== 'object' || seen.has(x)) return false;
    seen.add(x);
    if (Array.isArray(x)) {
      for (let i = 0; i < x.length; i++) {
        if (!(i in x)) return false;
        stack.push(x[i]);
      }
      continue;
    }
    const proto = Object.getPrototypeOf(x) as unknown;
    if (proto !== Object.prototype && proto !== null) return false;
    for (const key of Reflect.ownKeys(x)) {
      if (typeof key !== 'string') return false;
      const d = Object.getOwnPropertyDescriptor(x, key);
      if (!d || !('value' in d) || !d.enumerable) return false;
      stack.push(d.value);
    }
  }
  return true;
}

/** Deep equality that also compares key order (what JSON.stringify would show), own keys only. */
export function orderedEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Object.is(a, b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i] as string;
    if (k !== kb[i]) return false;
    if (!orderedEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}
