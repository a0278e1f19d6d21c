import { AsyncLocalStorage } from 'node:async_hooks';
import type { DownstreamExtra } from './forward-request.js';

/**
 * The caller's request a forwarded request is made for. An in-process upstream (withDialects) reads
 * it to hand its tool handlers the caller's authInfo and HTTP request info, as if unwrapped.
 */
export const downstreamRequest = new AsyncLocalStorage<DownstreamExtra>();

/**
 * Set by an upstream transport that can tell (the in-process pair can; stdio and HTTP upstreams
 * cannot) on a request or notification the upstream sent while handling one of our requests: the
 * caller whose request that was. A symbol, so it never reaches a wire.
 */
export const RELATED_CALLER = Symbol('dialects-mcp related caller');

/** The caller a message from the upstream belongs to, when its transport said. */
export function relatedCaller(message: object): DownstreamExtra | undefined {
  return (message as { [RELATED_CALLER]?: DownstreamExtra })[RELATED_CALLER];
}
