import { DIALECT_META_KEY, DIALECT_URL_PARAMETER, INVALID_REQUEST } from './constants.js';
import { RequestError } from './request-error.js';

/**
 * Copies `?dialect=NAME` from the request URL into `params._meta["ai.redouble/dialect"]` of every
 * JSON-RPC request in the body that does not name a dialect itself: the request's own naming
 * wins. Notifications and responses are left alone, and so is a request whose params or _meta is
 * not an object (the envelope check refuses it). Returns the body unchanged when the URL has
 * no such parameter, and otherwise a copy: the caller's body is never mutated. A URL that names
 * two different dialects says nothing one could pick without guessing: it throws a RequestError
 * (-32600, `data.path` "?dialect"), which createDialectHttpHandler answers with 400 (the CLI
 * refuses a repeated option too).
 */
export function forwardUrlDialect<T>(body: T, url: URL | string): T {
  return withDialect(body, dialectInUrl(url));
}

/** The dialect `?dialect=` names, or undefined; a URL naming two different ones throws (above). */
export function dialectInUrl(url: URL | string): string | undefined {
  const parsed = typeof url === 'string' ? new URL(url, 'http://localhost') : url;
  const named = parsed.searchParams.getAll(DIALECT_URL_PARAMETER);
  if (named.length === 0) return undefined;
  const distinct = [...new Set(named)];
  if (distinct.length > 1) {
    throw new RequestError(INVALID_REQUEST, `Invalid Request: the URL names the dialect ${distinct.length} times (${distinct.map((n) => JSON.stringify(n)).join(', ')}); name it once, as ?${DIALECT_URL_PARAMETER}=NAME.`, { path: `?${DIALECT_URL_PARAMETER}`, named: distinct });
  }
  return distinct[0];
}

/** The body with `dialect` in the `_meta` slot of each request that names none (unchanged when undefined). */
export function withDialect<T>(body: T, dialect: string | undefined): T {
  if (dialect === undefined) return body;
  if (Array.isArray(body)) return body.map((message) => fill(message, dialect)) as T;
  return fill(body, dialect);
}

function fill<T>(message: T, dialect: string): T {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return message;
  const m = message as Record<string, unknown>;
  if (typeof m.method !== 'string' || m.id === undefined) return message;
  // Malformed params or _meta are left as they are, for the envelope check to refuse, never replaced.
  if (m.params !== undefined && !isRecord(m.params)) return message;
  const params = (m.params ?? {}) as Record<string, unknown>;
  if (params._meta !== undefined && !isRecord(params._meta)) return message;
  const meta = (params._meta ?? {}) as Record<string, unknown>;
  if (meta[DIALECT_META_KEY] !== undefined) return message;
  return { ...m, params: { ...params, _meta: { ...meta, [DIALECT_META_KEY]: dialect } } } as T;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
