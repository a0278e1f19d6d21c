import type { DownstreamExtra } from './forward-request.js';

let sending: DownstreamExtra | undefined;

/**
 * The caller's request a forwarded request is made for, while it is being sent. An in-process
 * upstream (withDialects) reads it to hand its tool handlers the caller's authInfo and HTTP request
 * info, as if unwrapped. The SDK's Client hands a request to its transport within the synchronous
 * part of `request()` (every 1.x release), and the in-process transport reads the caller right
 * there, so a plain variable carries it. It was an AsyncLocalStorage (same `run`/`getStore`): its
 * promise hooks made every promise of the process slower, the proxy's and the host's alike.
 */
export const downstreamRequest = {
  /** Runs `send` (synchronous up to handing its message over) as the forwarding of `extra`'s request. */
  run<T>(extra: DownstreamExtra, send: () => T): T {
    const outer = sending;
    sending = extra;
    try {
      return send();
    } finally {
      sending = outer;
    }
  },
  /** The caller whose request is being handed to a transport right now, if any. */
  getStore(): DownstreamExtra | undefined {
    return sending;
  },
};

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
