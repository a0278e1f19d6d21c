import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * Makes the SDK client on `transport` see each response after the notifications that came before it.
 * The SDK's Protocol hands a notification to its handler one microtask late but settles a response
 * at once; when the upstream writes a request's last progress notification and its answer in one
 * chunk, the answer wins, the request's progress handler is gone, and the notification is dropped as
 * "unknown token" (the conformance suite's progress scenario lost its 100/100 about half the time).
 * Handing responses over one macrotask late restores the upstream's order. Call after `connect`.
 */
export function deliverResponsesAfterNotifications(transport: Transport): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message, extra) => {
    if (isResponse(message)) setImmediate(() => deliver(message, extra));
    else deliver(message, extra);
  };
}

function isResponse(message: JSONRPCMessage): boolean {
  return !('method' in message) && ('result' in message || 'error' in message);
}
