import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ClientCapabilities, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { MessageExtra } from './wire-pair.js';

/** A transport whose first message has been read: the caller's `initialize`, when it sent one. */
export interface Greeted {
  /** The same connection, to connect a Server to; it replays what was read first. */
  transport: Transport;
  /** What the caller's initialize declared; undefined when its first message was something else. */
  capabilities: ClientCapabilities | undefined;
}

/**
 * Starts `inner` and waits for its first message, so a front can connect its upstream declaring
 * the caller's own client capabilities before it answers the caller's initialize. Resolves
 * undefined-capabilities when the connection closes first or the first message is not initialize.
 */
export function awaitGreeting(inner: Transport): Promise<Greeted> {
  const held: [JSONRPCMessage, MessageExtra][] = [];
  let closed = false;
  let outer: HeldTransport | undefined;
  return new Promise<Greeted>((resolve, reject) => {
    const done = (capabilities: ClientCapabilities | undefined): void => {
      if (outer) return;
      outer = new HeldTransport(inner, held, () => closed);
      resolve({ transport: outer, capabilities });
    };
    inner.onmessage = (message, extra) => {
      held.push([message, extra]);
      const first = held[0]![0] as { method?: string; params?: { capabilities?: ClientCapabilities } };
      done(first.method === 'initialize' ? (first.params?.capabilities ?? {}) : undefined);
    };
    inner.onclose = () => {
      closed = true;
      done(undefined);
    };
    inner.onerror = () => {
      // A line that is not JSON-RPC: the Server reports such errors once connected.
    };
    inner.start().catch(reject);
  });
}

/** `inner`, already started, with the messages read so far delivered again when a Server starts it. */
class HeldTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private readonly inner: Transport;

  constructor(inner: Transport, held: [JSONRPCMessage, MessageExtra][], closed: () => boolean) {
    this.inner = inner;
    this.pending = held;
    this.wasClosed = closed;
  }

  private readonly pending: [JSONRPCMessage, MessageExtra][];
  private readonly wasClosed: () => boolean;

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => this.onmessage?.(message, extra);
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    for (const [message, extra] of this.pending.splice(0)) this.onmessage?.(message, extra);
    if (this.wasClosed()) this.onclose?.();
  }

  send(message: JSONRPCMessage, options?: Parameters<Transport['send']>[1]): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
