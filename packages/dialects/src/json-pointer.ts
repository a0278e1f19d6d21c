/** RFC 6901 JSON pointers, with the URI-fragment form used inside `$ref`. */

export function escapeToken(token: string | number): string {
  const s = String(token);
  return s.includes('~') || s.includes('/') ? s.replace(/~/g, '~0').replace(/\//g, '~1') : s;
}

export function unescapeToken(token: string): string {
  return token.includes('~') ? token.replace(/~1/g, '/').replace(/~0/g, '~') : token;
}

export function join(pointer: string, token: string | number): string {
  return `${pointer}/${escapeToken(token)}`;
}

export function toPointer(tokens: readonly (string | number)[]): string {
  let out = '';
  for (const t of tokens) out += '/' + escapeToken(t);
  return out;
}

/** A "~" not followed by 0 or 1, which RFC 6901 does not allow in a pointer. */
const BAD_ESCAPE = /~(?![01])/;

/** Whether a pointer breaks RFC 6901's escapes (`~2`, a trailing `~`): it then names nothing. */
export function hasBadEscape(pointer: string): boolean {
  return pointer.includes('~') && BAD_ESCAPE.test(pointer);
}

/** Splits a pointer ("" or "/a/b") into unescaped tokens; returns undefined when malformed. */
export function parsePointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/') || hasBadEscape(pointer)) return undefined;
  return pointer.slice(1).split('/').map(unescapeToken);
}

/**
 * Decodes the fragment of a `$ref` ("#/a%20b/c") to a JSON pointer ("/a b/c").
 * Returns undefined when the percent-encoding is malformed.
 */
export function fragmentToPointer(fragment: string): string | undefined {
  const f = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (!f.includes('%')) return f;
  try {
    return decodeURIComponent(f);
  } catch {
    return undefined;
  }
}

/** Looks a pointer up in a JSON document; undefined when any step is missing. */
export function getAt(document: unknown, pointer: string): unknown {
  const tokens = parsePointer(pointer);
  if (tokens === undefined) return undefined;
  let node: unknown = document;
  for (const t of tokens) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9]\d*)$/.test(t)) return undefined;
      node = node[Number(t)];
    } else if (node !== null && typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, t)) {
      node = (node as Record<string, unknown>)[t];
    } else {
      return undefined;
    }
    if (node === undefined) return undefined;
  }
  return node;
}
