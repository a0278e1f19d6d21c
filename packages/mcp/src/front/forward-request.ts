import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { McpError, ResultSchema, type ServerNotification, type ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { DIALECT_META_KEY, INTERNAL_ERROR, INVALID_PARAMS } from '../constants.js';
import { MAX_NESTING, tooDeepAt } from '../nesting.js';
import { RequestError } from '../request-error.js';
import { downstreamRequest } from './request-context.js';
import { upstreamError } from './upstream-error.js';

/** The zod schema the SDK client parses an answer with (the SDK's own schemas; loose ResultSchema passes anything through). */
export type ResultShape = Parameters<Client['request']>[1];

export type DownstreamExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** What a forwarded request needs besides itself: its time limit, who hears of a broken link, and who waits. */
export interface ForwardContext {
  /** Milliseconds without an answer or progress before the request fails (reset by each progress notification); default 60 s (the SDK's). */
  requestTimeoutMs?: number;
  /** Told when the transport itself failed (not an MCP error, not the caller's cancellation): the link is broken. */
  linkFailed?: (error: unknown) => void;
  /**
   * Asked when the upstream refused the request because the session it was sent in is gone (an
   * HTTP upstream that restarted answers 404: nothing ran there): a client on a new session to
   * send it once more, or undefined (another failure, or no new session could be opened).
   */
  renew?: (client: Client, error: unknown) => Promise<Client | undefined>;
  /**
   * The callers' requests with the upstream now: each is added while it waits for its answer, so a
   * request the upstream makes without naming a caller can go to the one caller waiting on it.
   */
  waiting?: Set<DownstreamExtra>;
}

/**
 * Sends one caller's request to the upstream and returns its answer. The caller's progress token
 * is kept on this side: the SDK client asks the upstream with its own token, and each progress
 * notification it gets back is re-sent to this caller under the caller's token, on the caller's
 * own stream. The caller's cancellation (extra.signal) cancels the upstream request. The dialect
 * key is not forwarded: the upstream is spoken to in canonical terms only.
 */
export async function forwardRequest(
  client: Client,
  method: string,
  params: Record<string, unknown> | undefined,
  extra: DownstreamExtra,
  forwarding: ForwardContext,
  resultSchema: ResultShape = ResultSchema,
): Promise<Record<string, unknown>> {
  const { _meta, ...rest } = params ?? {};
  const out: Record<string, unknown> = rest;
  let progressToken: string | number | undefined;
  if (_meta !== null && typeof _meta === 'object') {
    const { progressToken: token, [DIALECT_META_KEY]: _dialect, ...meta } = _meta as Record<string, unknown>;
    if (typeof token === 'string' || typeof token === 'number') progressToken = token;
    if (Object.keys(meta).length > 0) out._meta = meta;
  }
  const options: RequestOptions = {
    signal: extra.signal,
    timeout: forwarding.requestTimeoutMs,
    resetTimeoutOnProgress: true,
  };
  if (progressToken !== undefined) {
    const token = progressToken;
    options.onprogress = (progress) => {
      extra.sendNotification({ method: 'notifications/progress', params: { ...progress, progressToken: token } }).catch(() => {
        // The caller hung up; its request is being cancelled through extra.signal.
      });
    };
  }
  // A message that cannot be written again (see nesting.ts) is the caller's fault, not a broken link.
  const deep = tooDeepAt(out, '/params');
  if (deep !== undefined) {
    throw new RequestError(INVALID_PARAMS, `The request nests deeper than ${MAX_NESTING} levels (at ${deep}); it is not forwarded.`, { path: deep });
  }
  forwarding.waiting?.add(extra);
  // Run in the caller's context, so an in-process upstream can give its handlers the caller's auth and request info.
  const send = (to: Client) => downstreamRequest.run(extra, () => to.request({ method, params: out }, resultSchema, options)) as Promise<Record<string, unknown>>;
  let result: Record<string, unknown>;
  try {
    try {
      result = await send(client);
    } catch (error) {
      // Sent in a session the upstream no longer knows: it ran nothing, so it is sent once more on a new one.
      const renewed = extra.signal.aborted ? undefined : await forwarding.renew?.(client, error);
      if (renewed === undefined) throw error;
      result = await send(renewed);
    }
  } catch (error) {
    if (!extra.signal.aborted && !(error instanceof McpError)) forwarding.linkFailed?.(error);
    throw upstreamError(error);
  } finally {
    forwarding.waiting?.delete(extra);
  }
  const deepAnswer = tooDeepAt(result, '/result');
  if (deepAnswer !== undefined) {
    throw new RequestError(INTERNAL_ERROR, `The upstream's answer nests deeper than ${MAX_NESTING} levels (at ${deepAnswer}); it is not passed on.`, { path: deepAnswer });
  }
  return result;
}
