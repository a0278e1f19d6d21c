import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { answerableId } from './check-json-rpc.js';
import { DIALECT_META_KEY, DIALECT_URL_PARAMETER } from './constants.js';
import { dialectRefusal } from './dialect-selection.js';
import type { RequestError } from './request-error.js';

/**
 * The initialize requests of a POST body: the body itself, or the elements of a batch. A batch is
 * read as its messages are, so a batched initialize opens a session and is checked as a lone one
 * (the SDK's transport takes a batch of one initialize, and refuses one with more beside it).
 */
export function initializeRequests(body: unknown): Record<string, unknown>[] {
  const messages = Array.isArray(body) ? body : [body];
  return messages.filter((m): m is Record<string, unknown> => m !== null && typeof m === 'object' && !Array.isArray(m) && (m as { method?: unknown }).method === 'initialize');
}

/**
 * Why an initialize in `body` (the body as sent, before `?dialect=` was copied in) is refused for
 * its dialect, or undefined: the URL names one that is not served, or the request's own `_meta`
 * names one that is not (or names it with something other than a string). Refused by the host
 * before any Server or session exists, a misspelt name fails the connect and opens no session;
 * the error is the -32602 any request naming that dialect gets, under the initialize's id.
 */
export function initializeDialectRefusal(body: unknown, urlDialect: string | undefined, accepted: readonly string[]): { id: string | number | null; error: RequestError } | undefined {
  for (const request of initializeRequests(body)) {
    const id = answerableId(request) ?? null;
    if (urlDialect !== undefined && !accepted.includes(urlDialect)) {
      return { id, error: dialectRefusal(`Unknown dialect ${JSON.stringify(urlDialect)} in the URL (?${DIALECT_URL_PARAMETER}=)`, urlDialect, accepted) };
    }
    const named = namedInMeta(request);
    if (named === undefined) continue;
    if (typeof named !== 'string') return { id, error: dialectRefusal(`params._meta["${DIALECT_META_KEY}"] must be a string`, named, accepted) };
    if (!accepted.includes(named)) return { id, error: dialectRefusal(`Unknown dialect ${JSON.stringify(named)}`, named, accepted) };
  }
  return undefined;
}

function namedInMeta(request: Record<string, unknown>): unknown {
  const params = request.params;
  if (params === null || typeof params !== 'object') return undefined;
  const meta = (params as Record<string, unknown>)._meta;
  if (meta === null || typeof meta !== 'object') return undefined;
  return (meta as Record<string, unknown>)[DIALECT_META_KEY];
}

/**
 * Whether the Server behind `transport` has answered an initialize in `body` with an error. The
 * SDK's transport opens the session before its Server answers, so an initialize the Server refused
 * (a dialect the host could not check, given no `dialects`) would leave a session nobody can
 * initialize again; the host ends it once the answer is out. Call before the Server connects.
 */
export function watchInitializeRefusal(transport: Pick<Transport, 'send'>, body: unknown): () => boolean {
  const ids = new Set(initializeRequests(body).map((request) => JSON.stringify(request.id)));
  let refused = false;
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if ('error' in message && ids.has(JSON.stringify(message.id))) refused = true;
    return send(message, options);
  };
  return () => refused;
}
