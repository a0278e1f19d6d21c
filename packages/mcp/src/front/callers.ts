import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SubscribeRequestSchema, UnsubscribeRequestSchema, type Notification, type Request, type Result, type ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../logger.js';
import { askCaller } from './caller-requests.js';
import { forwardRequest, type ForwardContext } from './forward-request.js';
import { relatedCaller } from './request-context.js';
import { Subscriptions } from './subscriptions.js';
import type { UpstreamExtra } from './upstream-link.js';

/** The one upstream session, as the callers' side needs it. */
export interface UpstreamSession {
  readonly connected: boolean;
  client(): Client;
}

/**
 * A front's downstream callers, and how what the upstream sends reaches them: its requests to the
 * caller they belong to, its notifications to that caller, to a resource's subscribers, or to every
 * caller that has a standing connection (stdio, in-process, HTTP sessions).
 */
export class Callers {
  /** Every downstream Server not yet closed, stateless ones (one per HTTP request) included. */
  private readonly live = new Set<Server>();
  /** Callers that can be sent notifications and asked requests: stdio and in-process connections, HTTP sessions. */
  private readonly standing = new Set<Server>();
  private readonly subscriptions = new Subscriptions();
  private readonly upstream: UpstreamSession;
  private readonly forwarding: ForwardContext;
  private readonly logger: Logger;

  constructor(upstream: UpstreamSession, forwarding: ForwardContext, logger: Logger) {
    this.upstream = upstream;
    this.forwarding = forwarding;
    this.logger = logger;
  }

  /** How many standing callers there are. */
  get standingCount(): number {
    return this.standing.size;
  }

  /** Tracks a new downstream Server until it closes; an HTTP session's counts as standing once initialized. */
  track(server: Server): void {
    this.live.add(server);
    server.oninitialized = () => {
      if (server.transport?.sessionId !== undefined) this.standing.add(server);
    };
    const gone = (): void => {
      this.live.delete(server);
      this.standing.delete(server);
      for (const uri of this.subscriptions.drop(server)) this.unsubscribeUpstream(uri);
    };
    server.onclose = gone;
    // A Server closed before it was ever connected (its HTTP caller hung up first) gets no onclose.
    const close = server.close.bind(server);
    server.close = () => {
      gone();
      return close();
    };
  }

  /** A stdio or in-process connection's Server: standing from the start. */
  addStanding(server: Server): void {
    this.standing.add(server);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.standing].map((server) => server.close()));
  }

  /** A request the upstream sent: asked of the caller it belongs to (see askCaller). */
  ask(request: Request, extra: UpstreamExtra): Promise<Result> {
    return askCaller(request, extra, { callers: this.standing, connected: this.live.size, waiting: this.forwarding.waiting });
  }

  /**
   * Sends a notification on to its caller (an in-process upstream's, sent while serving a request)
   * or a resource's subscribers; true when it was one of those, false when it is for everyone.
   */
  route(notification: Notification): boolean {
    const caller = relatedCaller(notification);
    if (caller) {
      caller.sendNotification(notification as ServerNotification).catch((error: unknown) => this.lost(notification, error));
      return true;
    }
    if (notification.method !== 'notifications/resources/updated') return false;
    const subscribers = this.subscriptions.subscribers(String((notification.params as { uri?: unknown } | undefined)?.uri));
    // Updates nobody here asked for (an upstream that sends them unasked) go to everyone.
    if (!subscribers) return false;
    for (const server of subscribers) this.notify(server, notification);
    return true;
  }

  broadcast(notification: Notification): void {
    for (const server of this.standing) this.notify(server, notification);
  }

  /**
   * resources/subscribe and unsubscribe on `server`, counted: the one upstream session is subscribed
   * while any caller is (the first subscription is forwarded, the last unsubscription too), so one
   * caller's unsubscribe does not end another's updates.
   */
  shareSubscriptions(server: Server): void {
    server.setRequestHandler(SubscribeRequestSchema, async (request, extra) => {
      const uri = request.params.uri;
      const result = this.subscriptions.has(uri) ? {} : await forwardRequest(this.upstream.client(), request.method, request.params, extra, this.forwarding);
      this.subscriptions.add(server, uri);
      return result;
    });
    server.setRequestHandler(UnsubscribeRequestSchema, async (request, extra) => {
      if (!this.subscriptions.remove(server, request.params.uri)) return {};
      return forwardRequest(this.upstream.client(), request.method, request.params, extra, this.forwarding);
    });
  }

  /** A new upstream session knows nothing of the subscriptions callers still hold. */
  async resubscribe(client: Client): Promise<void> {
    await Promise.all(this.subscriptions.uris().map((uri) => client.subscribeResource({ uri })));
  }

  private unsubscribeUpstream(uri: string): void {
    if (!this.upstream.connected) return;
    this.upstream.client().unsubscribeResource({ uri }).catch((error: unknown) => {
      this.logger.warn(`upstream: could not unsubscribe ${uri}: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  private notify(server: Server, notification: Notification): void {
    server.notification(notification as ServerNotification).catch((error: unknown) => this.lost(notification, error));
  }

  private lost(notification: Notification, error: unknown): void {
    this.logger.warn(`could not forward ${notification.method}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
