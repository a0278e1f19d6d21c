import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InitializeRequestSchema, type InitializeRequest, type InitializeResult } from '@modelcontextprotocol/sdk/types.js';
import type { DialectSelection } from './dialect-selection.js';

/** The SDK Server's own initialize answer: private in its types, the handler its constructor installs (every 1.x release). */
type OwnInitialize = (request: InitializeRequest) => Promise<InitializeResult>;

/**
 * Makes `server` refuse an initialize whose `_meta["ai.redouble/dialect"]` names a dialect it does
 * not serve, or is not a string, with the -32602 any other request gets (DialectSelection): the
 * SDK's own handler answered it as if nothing were named, and the caller heard of its misspelt
 * name only at its first tools/list. A known name is accepted and remembered nowhere: a dialect is
 * chosen per request, so a later request that names none is answered in the default.
 */
export function refuseUnknownDialectAtInitialize(server: Server, selection: DialectSelection): void {
  const own = (server as unknown as { _oninitialize?: OwnInitialize })._oninitialize;
  // An SDK without it would lose its initialize answer if replaced: left as it is, a wrong name is then refused at tools/list.
  if (typeof own !== 'function') return;
  server.setRequestHandler(InitializeRequestSchema, (request) => {
    selection.select(request.params._meta);
    return own.call(server, request);
  });
}
