import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ClientCapabilities, ClientNotification, ClientRequest, Notification, Request, Result } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../logger.js';
import { RequestError } from '../request-error.js';
import { deliverResponsesAfterNotifications } from './ordered-delivery.js';
import { httpStatusOf, UPSTREAM_UNAVAILABLE } from './upstream-error.js';
import { startFailure } from './start-failure.js';

export interface UpstreamLinkOptions {
  /** Opens a fresh transport to the upstream server; called for the first connection and each restart. */
  open: () => Transport | Promise<Transport>;
  /** Reconnect after the upstream drops; default true. */
  restart?: boolean;
  /** First restart delay, doubled on each consecutive failure up to `maxDelayMs`; default 250 ms and 8 s. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /**
   * Milliseconds the upstream may take to answer initialize, a command's start included (an npx
   * install can take most of it); default the SDK's 60 s. Not the request timeout: a short one for
   * tool calls must not refuse an upstream that is slow to start.
   */
  startTimeoutMs?: number;
  /** How the proxy introduces itself to the upstream. */
  clientInfo?: { name: string; version: string };
  logger: Logger;
  /** Runs after each (re)connection, before the link counts as up (the front re-reads the tools here). */
  onConnected: (client: Client, reconnected: boolean) => Promise<void>;
  /** Every notification the upstream sends, except progress and cancellation (the SDK routes those per request). */
  onNotification: (notification: Notification) => void;
  /** The client capabilities to declare at each (re)connection: what the callers can answer. */
  capabilities?: () => ClientCapabilities;
  /** Every request the upstream sends (sampling, elicitation, roots, ...), except ping, which the client answers itself. */
  onRequest?: (request: Request, extra: UpstreamExtra) => Promise<Result>;
}

/** What the SDK client hands a handler of a request from the upstream. */
export type UpstreamExtra = RequestHandlerExtra<ClientRequest, ClientNotification>;

/** A connection that stayed up this long counts as healthy: the next drop restarts at the first delay again. */
const HEALTHY_MS = 10_000;

/** How long the upstream may take to answer the ping that checks it after its transport reported an error. */
const PROBE_MS = 5_000;

/** An HTTP upstream's answer to a request in a session it no longer knows (it restarted): 404, nothing ran. */
function sessionGone(error: unknown): boolean {
  return httpStatusOf(error)?.status === 404;
}

/**
 * One MCP client connection to the upstream server, restarted with backoff when it drops. While it
 * is down every request is refused at once with -32000 saying why, and requests that were in flight
 * when it dropped are failed by the SDK client (ConnectionClosed): nothing waits for an answer that
 * cannot come.
 */
export class UpstreamLink {
  private readonly options: UpstreamLinkOptions;
  private current: Client | undefined;
  private down = 'not connected yet';
  private attempts = 0;
  private connectedAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** The ping under way after a transport error, if one is. */
  private probing: Client | undefined;
  /** A new session being opened for requests the upstream refused as sent in a lost one. */
  private renewing: Promise<Client | undefined> | undefined;

  constructor(options: UpstreamLinkOptions) {
    this.options = options;
  }

  /** The first connection: rejects when it fails, so a host can report a broken upstream and exit. */
  async start(): Promise<void> {
    await this.connect(false);
  }

  /**
   * Closes the connection and opens a fresh one (a command upstream is started again), declaring
   * the capabilities as they are now: the client capabilities of a connection cannot change.
   */
  async reconnect(): Promise<void> {
    await this.replace(this.current, 'reconnecting to declare the caller\'s capabilities', 'reconnecting');
  }

  /** The connected client, or a -32000 refusal saying why there is none. */
  client(): Client {
    if (this.current) return this.current;
    throw new RequestError(UPSTREAM_UNAVAILABLE, `Upstream server unavailable: ${this.down}.`);
  }

  get connected(): boolean {
    return this.current !== undefined;
  }

  /**
   * The transport failed under a request (an HTTP upstream that went away never closes a stream, so
   * this is how its drop is noticed): close the connection, which restarts it with backoff.
   */
  fail(error: unknown): void {
    const client = this.current;
    if (!client) return;
    this.options.logger.warn(`upstream: request failed at the transport (${error instanceof Error ? error.message : String(error)}); reconnecting.`);
    // Counted as dropped now, not when (or whether) the broken transport reports its close.
    this.dropped(client);
    client.close().catch(() => {
      // Closing a broken transport may fail too; the restart is already scheduled.
    });
  }

  /**
   * A client on a new session after the upstream refused `client`'s session as gone (an HTTP
   * upstream that restarted answers 404 to a session it no longer knows, and ran nothing): opened at
   * once, without the backoff of a drop, and shared by every request that met the same loss.
   * Undefined for any other failure, or when no new session could be opened (then a restart with
   * backoff is under way, as after a drop).
   */
  async renew(client: Client, error: unknown): Promise<Client | undefined> {
    if (!sessionGone(error) || this.closed) return undefined;
    if (this.current !== client) return this.renewing ?? this.current;
    this.options.logger.warn('upstream: the upstream no longer knows the session (it restarted?); opening a new one.');
    this.renewing = this.replace(client, 'opening a new session (the upstream no longer knew the last one)', 'opening a new session').finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  /**
   * Closes `client` and connects afresh at once, without the backoff of a drop. No longer current
   * first, so its close is not counted as a drop to restart from; callers meanwhile are refused
   * with `down`. When the new connection fails, a restart with backoff is scheduled, as after a
   * drop, and the answer is undefined.
   */
  private async replace(client: Client | undefined, down: string, doing: string): Promise<Client | undefined> {
    this.current = undefined;
    this.down = down;
    await client?.close().catch(() => undefined);
    try {
      await this.connect(true);
      return this.current;
    } catch (error) {
      if (!this.closed) this.schedule(`${doing} failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  /**
   * The transport reported an error (an HTTP upstream's stream that ended mid-answer, a reconnection
   * given up): ask the upstream with a ping. One that does not answer is gone, and the link is
   * dropped now, so the calls in flight fail with -32000 at once rather than at their timeout.
   */
  private probe(client: Client): void {
    if (this.probing === client || this.current !== client || this.closed) return;
    this.probing = client;
    client
      .ping({ timeout: PROBE_MS })
      .then(
        () => undefined,
        (error: unknown) => {
          if (this.current === client) this.fail(error);
        },
      )
      .finally(() => {
        if (this.probing === client) this.probing = undefined;
      });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const client = this.current;
    this.current = undefined;
    await client?.close();
  }

  private async connect(reconnected: boolean): Promise<void> {
    const capabilities = this.options.capabilities?.() ?? {};
    const client = new Client(this.options.clientInfo ?? { name: 'dialects-mcp-proxy', version: '0.1.0' }, { capabilities });
    client.fallbackNotificationHandler = async (notification) => this.options.onNotification(notification);
    // A fallback, not per-method handlers: the SDK client would check (and reshape) what it forwards.
    const onRequest = this.options.onRequest;
    if (onRequest) client.fallbackRequestHandler = (request, extra) => onRequest(request, extra as UpstreamExtra);
    // While connecting, an error is the start's failure, worded once by startFailure (the raw
    // transport line before it said the same thing less clearly); once connected, it is logged.
    let connecting = true;
    client.onerror = (error) => {
      if (connecting) return;
      this.options.logger.warn(`upstream: ${error.message}`);
      this.probe(client);
    };
    const transport = await this.options.open();
    try {
      await client.connect(transport, { timeout: this.options.startTimeoutMs });
    } catch (error) {
      // An upstream that refused or never answered initialize is stopped, not left running on its own.
      await transport.close().catch(() => undefined);
      throw startFailure(error, transport, 'initialize', this.options.startTimeoutMs);
    }
    connecting = false;
    deliverResponsesAfterNotifications(transport);
    // A close while starting fails this connect, whose caller schedules the one restart; counted
    // as a drop too, it started a second backoff chain, and every crash doubled the chains.
    let starting = true;
    let lost = false;
    client.onclose = () => {
      lost = true;
      if (!starting) this.dropped(client);
    };
    // Current already while onConnected reads the tools: an upstream that announces list changes
    // during its own start-up is re-read through it.
    this.current = client;
    this.connectedAt = Date.now();
    try {
      await this.options.onConnected(client, reconnected);
      if (lost) throw new Error('the connection closed while starting');
    } catch (error) {
      if (this.current === client) this.current = undefined;
      await client.close();
      throw startFailure(error, transport, 'tools', this.options.startTimeoutMs);
    } finally {
      starting = false;
    }
    if (this.closed) {
      this.current = undefined;
      await client.close();
    }
  }

  private dropped(client: Client): void {
    if (this.current !== client || this.closed) return;
    this.current = undefined;
    if (Date.now() - this.connectedAt >= HEALTHY_MS) this.attempts = 0;
    if (this.options.restart === false) {
      this.down = 'the connection closed';
      this.options.logger.warn('upstream: the connection closed.');
      return;
    }
    this.schedule('the connection closed');
  }

  private schedule(reason: string): void {
    const initial = this.options.initialDelayMs ?? 250;
    const delay = Math.min(initial * 2 ** this.attempts, this.options.maxDelayMs ?? 8_000);
    this.attempts++;
    this.down = `${reason}; restart attempt ${this.attempts} in ${delay} ms`;
    this.options.logger.warn(`upstream: ${this.down}.`);
    // One restart pending at a time, whatever asked for it.
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.connect(true).catch((error: unknown) => {
        if (!this.closed) this.schedule(`restart failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    }, delay);
    this.timer.unref();
  }
}
