import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { DownstreamExtra } from './forward-request.js';
import { messageText } from '../message-text.js';
import { downstreamRequest, RELATED_CALLER } from './request-context.js';

/** What one end hands the other with each message: the SDK's MessageExtraInfo (authInfo, requestInfo). */
export type MessageExtra = Parameters<NonNullable<Transport['onmessage']>>[1];

/**
 * One end of an in-process transport pair. Unlike the SDK's in-memory pair, each message crosses as
 * JSON would carry it (a handler's `title: undefined` or a Date arrives as on a wire), and the
 * sending end may attach what the receiving server's handlers see as `extra.authInfo` and
 * `extra.requestInfo`. A message the server sends while handling one of the client end's requests
 * (its relatedRequestId) arrives marked with the caller that request was made for (RELATED_CALLER),
 * so a front can send it on to that caller only.
 */
class WireEnd implements Transport {
  other: WireEnd | undefined;
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private started = false;
  private readonly queue: [JSONRPCMessage, MessageExtra][] = [];
  private readonly extra: () => MessageExtra;
  /** Client end only: our outgoing request ids, each with the caller it was made for. */
  private readonly callers: Map<string | number, DownstreamExtra> | undefined;

  constructor(extra: () => MessageExtra, tracksCallers: boolean) {
    this.extra = extra;
    this.callers = tracksCallers ? new Map() : undefined;
  }

  async start(): Promise<void> {
    this.started = true;
    for (const [message, extra] of this.queue.splice(0)) this.onmessage?.(message, extra);
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const other = this.other;
    if (!other) throw new Error('Not connected');
    // Crosses as JSON text, as on a wire; one that JSON cannot carry is refused or answered (messageText).
    const copy = JSON.parse(messageText(message)) as JSONRPCMessage;
    const caller = this.callers && 'method' in message && 'id' in message ? downstreamRequest.getStore() : undefined;
    if (caller) this.callers!.set((message as { id: string | number }).id, caller);
    other.receive(copy, this.extra(), options?.relatedRequestId);
  }

  async close(): Promise<void> {
    const other = this.other;
    this.other = undefined;
    this.callers?.clear();
    await other?.close();
    this.onclose?.();
  }

  private receive(message: JSONRPCMessage, extra: MessageExtra, related: string | number | undefined): void {
    if (this.callers) {
      if (!('method' in message)) this.callers.delete((message as { id: string | number }).id);
      else if (related !== undefined) {
        const caller = this.callers.get(related);
        if (caller) Object.defineProperty(message, RELATED_CALLER, { value: caller });
      }
    }
    if (this.started && this.onmessage) this.onmessage(message, extra);
    else this.queue.push([message, extra]);
  }
}

/** A linked pair: `front` (a client's end) sends with `frontExtra()`; `back` (a server's end) sends plain. */
export function wirePair(frontExtra: () => MessageExtra): [Transport, Transport] {
  const front = new WireEnd(frontExtra, true);
  const back = new WireEnd(() => undefined, false);
  front.other = back;
  back.other = front;
  return [front, back];
}
