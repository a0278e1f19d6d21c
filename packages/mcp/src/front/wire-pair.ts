import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/** What one end hands the other with each message: the SDK's MessageExtraInfo (authInfo, requestInfo). */
export type MessageExtra = Parameters<NonNullable<Transport['onmessage']>>[1];

/**
 * One end of an in-process transport pair. Unlike the SDK's in-memory pair, each message crosses as
 * JSON would carry it (a handler's `title: undefined` or a Date arrives as on a wire), and the
 * sending end may attach what the receiving server's handlers see as `extra.authInfo` and
 * `extra.requestInfo`.
 */
class WireEnd implements Transport {
  other: WireEnd | undefined;
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private started = false;
  private readonly queue: [JSONRPCMessage, MessageExtra][] = [];
  private readonly extra: () => MessageExtra;

  constructor(extra: () => MessageExtra) {
    this.extra = extra;
  }

  async start(): Promise<void> {
    this.started = true;
    for (const [message, extra] of this.queue.splice(0)) this.onmessage?.(message, extra);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const other = this.other;
    if (!other) throw new Error('Not connected');
    other.receive(JSON.parse(JSON.stringify(message)) as JSONRPCMessage, this.extra());
  }

  async close(): Promise<void> {
    const other = this.other;
    this.other = undefined;
    await other?.close();
    this.onclose?.();
  }

  private receive(message: JSONRPCMessage, extra: MessageExtra): void {
    if (this.started && this.onmessage) this.onmessage(message, extra);
    else this.queue.push([message, extra]);
  }
}

/** A linked pair: `front` (a client's end) sends with `frontExtra()`; `back` (a server's end) sends plain. */
export function wirePair(frontExtra: () => MessageExtra): [Transport, Transport] {
  const front = new WireEnd(frontExtra);
  const back = new WireEnd(() => undefined);
  front.other = back;
  back.other = front;
  return [front, back];
}
