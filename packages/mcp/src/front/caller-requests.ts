import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, McpError, ResultSchema, type ClientCapabilities, type Request, type Result } from '@modelcontextprotocol/sdk/types.js';
import { RequestError } from '../request-error.js';
import { relatedCaller } from './request-context.js';
import { unprefixed } from './upstream-error.js';
import type { DownstreamExtra } from './forward-request.js';
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

/** Who can be asked: what the front knows of its callers when a request from the upstream arrives. */
export interface CallerChoice {
  /** The callers that can answer requests (stdio, in-process, HTTP sessions). */
  callers: ReadonlySet<Server>;
  /** How many callers are connected now, stateless HTTP requests in progress included. */
  connected: number;
  /** The callers' requests with the upstream now (see ForwardContext.waiting). */
  waiting?: ReadonlySet<DownstreamExtra>;
}

/**
 * Sends a request the upstream made (sampling, elicitation, roots, ...) on to the caller it belongs
 * to, unchanged, and returns that caller's answer. The caller is, in this order: the one whose
 * request the upstream was handling, when its transport says so (only the in-process pair can); the
 * only caller connected; the only caller with requests waiting on the upstream. The last is how a
 * stdio or HTTP upstream's request finds its caller among several sessions: MCP asks a server's
 * requests to relate to the request it is handling, and only one caller has any. Any other case is
 * answered with a JSON-RPC error saying why, never left waiting, and never sent to a caller chosen
 * at random, whose answer (or whose view of the request) could belong to another.
 */
export async function askCaller(request: Request, upstream: UpstreamExtra, choice: CallerChoice): Promise<Result> {
  const message = { method: request.method, params: request.params };
  const options = { signal: upstream.signal, timeout: NO_TIMEOUT_MS };
  try {
    const marked = relatedCaller(request);
    const related = marked ?? onlyWaiting(request.method, choice);
    if (related) {
      if (marked === undefined) declared(request.method, sessionServer(choice.callers, related.sessionId));
      // Over stateless HTTP the caller's answer would reach a fresh server that never asked.
      if (related.sessionId === undefined && related.requestInfo !== undefined) {
        throw new RequestError(NOT_ROUTABLE, `Cannot ask the caller ${request.method}: it is connected over stateless HTTP, where it cannot answer (it needs a session).`);
      }
      return await related.sendRequest(message as never, ResultSchema, options);
    }
    const server = onlyCaller(request.method, choice);
    declared(request.method, server);
    return await server.request(message as never, ResultSchema, options);
  } catch (error) {
    throw callerError(request.method, error);
  }
}

/**
 * With several callers connected, the one caller whose requests are with the upstream (an HTTP
 * session's requests share its session id; any other request counts as its own caller). Undefined
 * with one caller connected (onlyCaller answers, checking its capabilities) or none waiting; an
 * error when several callers wait, since the request could be for any of them.
 */
function onlyWaiting(method: string, { connected, waiting }: CallerChoice): DownstreamExtra | undefined {
  if (connected <= 1 || waiting === undefined || waiting.size === 0) return undefined;
  let first: DownstreamExtra | undefined;
  for (const extra of waiting) {
    if (first === undefined) first = extra;
    else if (extra.sessionId === undefined || extra.sessionId !== first.sessionId) {
      throw new RequestError(
        NOT_ROUTABLE,
        `Cannot ask ${method}: ${connected} callers are connected, several of them wait on the upstream, and the request does not say which of them it is for.`,
      );
    }
  }
  return first;
}

/** Refuses to ask a caller that did not declare the capability the method needs (when its Server is known). */
function declared(method: string, server: Server | undefined): void {
  const needed = NEEDS[method];
  if (server !== undefined && needed !== undefined && server.getClientCapabilities()?.[needed] === undefined) {
    throw new RequestError(NOT_ROUTABLE, `Cannot ask the caller ${method}: it did not declare the ${needed} capability.`);
  }
}

/** The standing Server of an HTTP session, found by its id. */
function sessionServer(callers: ReadonlySet<Server>, sessionId: string | undefined): Server | undefined {
  if (sessionId === undefined) return undefined;
  for (const server of callers) if (server.transport?.sessionId === sessionId) return server;
  return undefined;
}

function onlyCaller(method: string, { callers, connected }: CallerChoice): Server {
  if (callers.size === 1 && connected === 1) return callers.values().next().value!;
  throw new RequestError(
    NOT_ROUTABLE,
    connected > 1
      ? `Cannot ask ${method}: ${connected} callers are connected, none of them waits on the upstream, and the request does not say which of them it is for.`
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
