import { INVALID_PARAMS } from './constants.js';
import { RequestError } from './request-error.js';
import { valueKind } from './value-kind.js';

export interface CallParams {
  name: string;
  args: Record<string, unknown> | undefined;
  meta: unknown;
  /** The params object as the caller sent it. */
  sent: Record<string, unknown>;
}


/**
 * Reads the params of a tools/call request as the caller sent them. A malformed request is the
 * caller's mistake: JSON-RPC -32602 with one plain sentence naming the JSON pointer into the request
 * (also `error.data.path`), not a validator's dump and not -32603.
 */
export function readCallParams(params: unknown): CallParams {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) {
    throw new RequestError(INVALID_PARAMS, `tools/call needs params, an object with the tool's "name"; got ${valueKind(params)} at /params.`, { path: '/params' });
  }
  const p = params as Record<string, unknown>;
  if (typeof p.name !== 'string') {
    throw new RequestError(INVALID_PARAMS, `tools/call needs params.name, the name of a tool as a string; got ${valueKind(p.name)} at /params/name.`, { path: '/params/name' });
  }
  const args = p.arguments;
  if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) {
    throw new RequestError(INVALID_PARAMS, `tools/call params.arguments must be an object of argument values by name; got ${valueKind(args)} at /params/arguments.`, { tool: p.name, path: '/params/arguments' });
  }
  return { name: p.name, args: args as Record<string, unknown> | undefined, meta: p._meta, sent: p };
}
