import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, McpError, ResultSchema, type ClientCapabilities, type Request, type Result } from '@modelcontextprotocol/sdk/types.js';
import { RequestError } from '../request-error.js';
import { relatedCaller } from './request-context.js';
import { unprefixed } from './upstream-error.js';
import type { UpstreamExtra } from './upstream-link.js';

/** The client capability a caller must have declared to be asked each method (the others are asked as they come). */
const NEEDS: Readonly<Record<string, keyof ClientCapabilities>> = {
  'sampling/createMessage': 'sampling',
  'elicitation/create': 'elicitation',
  'roots/list': 'roots',
};

/**
 * No caller timer: a sampling or elicitation answer may wait on a person. The upstream bounds its
 * own wait and cancels, which cancels the caller's request; a caller that goes away fails it at once.
 */
const NO_TIMEOUT_MS = 2_147_483_647;

/** The JSON-RPC code for a request no caller here can answer: what a client without the capability says. */
export const NOT_ROUTABLE = ErrorCode.MethodNotFound;

/**
 * Sends a request the upstream made (sampling, elicitation, roots, ...) on to the caller it belongs
 * to, unchanged, and returns that caller's answer. The caller is the one whose request the upstream
 * was handling, when its transport says so; otherwise the only caller connected, when it can be
 * asked. Any other case is answered with a JSON-RPC error saying why, never left waiting.
 *
 * @param callers the callers that can answer requests (stdio, in-process, HTTP sessions)
 * @param connected how many callers are connected now, stateless HTTP requests in progress included
 */
export async function askCaller(request: Request, upstream: UpstreamExtra, callers: ReadonlySet<Server>, connected: number): Promise<Result> {
  const message = { method: request.method, params: request.params };
  const options = { signal: upstream.signal, timeout: NO_TIMEOUT_MS };
  const related = relatedCaller(request);
  try {
    if (related) {
      // Over stateless HTTP the caller's answer would reach a fresh server that never asked.
      if (related.sessionId === undefined && related.requestInfo !== undefined) {
        throw new RequestError(NOT_ROUTABLE, `Cannot ask the caller ${request.method}: it is connected over stateless HTTP, where it cannot answer (it needs a session).`);
      }
      return await related.sendRequest(message as never, ResultSchema, options);
    }
    const server = onlyCaller(request.method, callers, connected);
    const needed = NEEDS[request.method];
    if (needed !== undefined && server.getClientCapabilities()?.[needed] === undefined) {
      throw new RequestError(NOT_ROUTABLE, `Cannot ask the caller ${request.method}: it did not declare the ${needed} capability.`);
    }
    return await server.request(message as never, ResultSchema, options);
  } catch (error) {
    throw callerError(request.method, error);
  }
}

function onlyCaller(method: string, callers: ReadonlySet<Server>, connected: number): Server {
  if (callers.size === 1 && connected === 1) return callers.values().next().value!;
  throw new RequestError(
    NOT_ROUTABLE,
    connected > 1
      ? `Cannot ask ${method}: ${connected} callers are connected and the request does not say which of them it is for.`
      : `Cannot ask ${method}: no caller that can answer requests is connected (a stateless HTTP caller cannot).`,
  );
}

/** The caller's own error goes back as it sent it; a caller that went away is said to have. */
function callerError(method: string, error: unknown): RequestError {
  if (error instanceof RequestError) return error;
  if (error instanceof McpError) {
    if (error.code === ErrorCode.ConnectionClosed) return new RequestError(error.code, `The caller went away before answering ${method}.`);
    return new RequestError(error.code, unprefixed(error), error.data);
  }
  return new RequestError(ErrorCode.InternalError, `Could not ask the caller ${method}: ${error instanceof Error ? error.message : String(error)}`);
}
