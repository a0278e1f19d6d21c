import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ClientCapabilities, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { MessageExtra } from './wire-pair.js';

/** A started connection whose messages wait for a Server, and what the caller's first message declared. */
export interface Held {
  /** The same connection, to connect a Server to; it delivers what was held first. */
  transport: Transport;
  /**
   * Settles with the client capabilities of the caller's initialize once its first message is in
   * (undefined when that message is something else, or the connection closed first).
   */
  greeting: Promise<ClientCapabilities | undefined>;
  /** True when the caller hung up before any Server was connected: nothing to serve. */
  gone(): boolean;
}

/**
 * Starts `inner` and holds what arrives until a Server is connected to the returned transport, so
 * a front can connect its upstream declaring the caller's own client capabilities before it
 * answers the caller's initialize. Resolves once `inner` is started, not when the caller speaks:
 * a caller may connect after the server side (the SDK's usual order).
 */
export async function holdMessages(inner: Transport): Promise<Held> {
  const held = new HeldTransport(inner);
  let greeted!: (capabilities: ClientCapabilities | undefined) => void;
  const greeting = new Promise<ClientCapabilities | undefined>((resolve) => (greeted = resolve));
  held.onFirst = (message) => {
    const first = message as { method?: string; params?: { capabilities?: ClientCapabilities } } | undefined;
    greeted(first?.method === 'initialize' ? (first.params?.capabilities ?? {}) : undefined);
  };
  await inner.start();
  return { transport: held, greeting, gone: () => held.closedEarly };
}

/** `inner`, already started, queueing its messages (and its close) until a Server starts this. */
class HeldTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  /** Told of the first message, or of the close when none came (undefined). */
  onFirst?: (message: JSONRPCMessage | undefined) => void;
  private readonly inner: Transport;
  private readonly queue: [JSONRPCMessage, MessageExtra][] = [];
  private readonly errors: Error[] = [];
  private closed = false;
  private started = false;

  get closedEarly(): boolean {
    return this.closed && !this.started;
  }

  constructor(inner: Transport) {
    this.inner = inner;
    inner.onmessage = (message, extra) => {
      if (this.onFirst) this.first(message);
      if (this.started) this.onmessage?.(message, extra);
      else this.queue.push([message, extra]);
    };
    inner.onclose = () => {
      if (this.onFirst) this.first(undefined);
      if (this.started) this.onclose?.();
      else this.closed = true;
    };
    // Errors too wait for the Server (a stdio line it could not read, before the caller's first message).
    inner.onerror = (error) => {
      if (this.started) this.onerror?.(error);
      else this.errors.push(error);
    };
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  async start(): Promise<void> {
    this.started = true;
    for (const error of this.errors.splice(0)) this.onerror?.(error);
    for (const [message, extra] of this.queue.splice(0)) this.onmessage?.(message, extra);
    if (this.closed) this.onclose?.();
  }

  send(message: JSONRPCMessage, options?: Parameters<Transport['send']>[1]): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private first(message: JSONRPCMessage | undefined): void {
    const tell = this.onFirst!;
    this.onFirst = undefined;
    tell(message);
  }
}
