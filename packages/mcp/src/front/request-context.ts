import type { DownstreamExtra } from './forward-request.js';

let sending: DownstreamExtra | undefined;

/**
 * Runs `send` as the forwarding of the caller's request `extra`. An in-process upstream
 * (withDialects) reads it with `callerOfSend()` to hand its tool handlers the caller's authInfo
 * and HTTP request info, as if unwrapped. The SDK's Client hands a request to its transport within
 * the synchronous part of `request()` (every 1.x release), and the in-process transport reads the
 * caller there too, so a plain variable carries it: an async context store would make every
 * promise of the process pay a hook.
 */
export function sendingFor<T>(extra: DownstreamExtra, send: () => T): T {
  const outer = sending;
  sending = extra;
  try {
    return send();
  } finally {
    sending = outer;
  }
}

/** The caller whose request is being sent right now, if any. */
export function callerOfSend(): DownstreamExtra | undefined {
  return sending;
}
