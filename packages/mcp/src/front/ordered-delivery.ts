import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * Makes the SDK client on `transport` see each response after the notifications that came before it.
 * The SDK's Protocol hands a notification to its handler one microtask late but settles a response
 * at once; when the upstream writes a request's last progress notification and its answer in one
 * chunk, the answer wins, the request's progress handler is gone, and the notification is dropped as
 * "unknown token" (the conformance suite's progress scenario lost its 100/100 about half the time).
 * Handing responses over one macrotask late restores the upstream's order. Call after `connect`.
 *
 * Only a response that may overtake something is held back: one that arrives while a message
 * delivered before it may still be waiting for its handler (since the last check phase), or while
 * an earlier response is still held (responses keep their order too). A plain call's answer, with no
 * notification before it, is handed over at once: a macrotask per call was most of what a front
 * added to an in-process tools/call.
 */
export function deliverResponsesAfterNotifications(transport: Transport): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  // Messages delivered since the last check phase, plus responses still held: while non-zero, a response waits.
  let recent = 0;
  const settle = (): void => {
    recent--;
  };
  transport.onmessage = (message, extra) => {
    if (!isResponse(message)) {
      deliver(message, extra);
      recent++;
      setImmediate(settle);
      return;
    }
    if (recent === 0) {
      deliver(message, extra);
      return;
    }
    recent++;
    setImmediate(() => {
      recent--;
      deliver(message, extra);
    });
  };
}

function isResponse(message: JSONRPCMessage): boolean {
  return !('method' in message) && ('result' in message || 'error' in message);
}
