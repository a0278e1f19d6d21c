import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  McpError,
  RootsListChangedNotificationSchema,
  type CallToolResult,
  type ClientCapabilities,
  type Implementation,
  type ListToolsResult,
  type Notification,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import { loadDialects, type Dialect, type DialectRegistry } from '@redouble/dialects';
import { dialectAdvertisement, dialectCapabilities } from '../advertise.js';
import { answerTools } from '../answer-tools.js';
import type { CallParams } from '../call-params.js';
import { defaultDialectName } from '../default-dialect.js';
import { INVALID_PARAMS } from '../constants.js';
import { DialectSelection } from '../dialect-selection.js';
import { refuseUnknownDialectAtInitialize } from '../initialize-dialect.js';
import { RequestError } from '../request-error.js';
import { stderrLogger, type Logger } from '../logger.js';
import type { ToolHandler } from '../tool-definition.js';
import { OMITTED_META_KEY, type DialectToolList } from '../tool-list-cache.js';
import { Callers } from './callers.js';
import { forwardRequest, type DownstreamExtra, type ForwardContext } from './forward-request.js';
import { holdMessages } from './held-transport.js';
import { passThrough } from './pass-through.js';
import { listAllTools, ToolCatalog } from './tool-catalog.js';
import { unprefixed, upstreamError } from './upstream-error.js';
import { UpstreamLink, type UpstreamLinkOptions } from './upstream-link.js';

export interface DialectFrontOptions {
  /** Milliseconds a forwarded request waits without an answer or progress before it fails; default 60 s (the SDK's). */
  requestTimeoutMs?: number;
  /** The dialects to serve; default: the bundled rule files. */
  registry?: DialectRegistry;
  /** The dialect for requests that name none; default: the registry's identity dialect. */
  defaultDialect?: string;
  /** Tools per tools/list page; default: every tool in one answer. */
  pageSize?: number;
  /** Warnings, upstream drops and restarts; default: stderr. */
  logger?: Logger;
  /**
   * The client capabilities declared to the upstream until a long-lived caller (connect()) declares
   * its own; default none. The proxy over HTTP declares sampling, elicitation and roots here, which
   * its session callers can answer.
   */
  clientCapabilities?: ClientCapabilities;
}

/** Where the upstream is and how to reach it again after a drop. */
export type UpstreamOptions = Pick<UpstreamLinkOptions, 'open' | 'restart' | 'initialDelayMs' | 'maxDelayMs' | 'clientInfo' | 'startTimeoutMs'>;

/** What the upstream said about itself at its last (re)connection. */
interface UpstreamFacts {
  info: Implementation;
  capabilities: ServerCapabilities;
  instructions: string | undefined;
}

/**
 * An MCP server that serves another MCP server's tools in every dialect: tools/list from the
 * upstream's canonical tools, converted per dialect; tools/call judged against the canonical schema
 * and forwarded canonical; everything else passed through. The upstream may be a process, an HTTP
 * endpoint, or an McpServer in this process: the front only speaks MCP to it.
 */
export class DialectFront {
  readonly defaultDialect: string;
  private readonly link: UpstreamLink;
  private readonly selection: DialectSelection;
  private readonly catalog: ToolCatalog;
  private readonly logger: Logger;
  private readonly forwarding: ForwardContext;
  private readonly dialectCaps: ReturnType<typeof dialectCapabilities>;
  // One validator for every downstream Server (it only checks elicitation replies): building Ajv per HTTP request costs.
  private validator: unknown;
  private readonly callers: Callers;
  private declared: ClientCapabilities;
  /** connect()ed transports whose caller has not spoken yet. */
  private readonly pending = new Set<Transport>();
  private facts: UpstreamFacts | undefined;
  private started: Promise<void> | undefined;
  private refreshing: Promise<void> | undefined;
  private refreshAgain = false;
  /** The error the upstream answered its own tools/list with, while it does (see readTools). */
  private listFailure: RequestError | undefined;

  constructor(upstream: UpstreamOptions, options: DialectFrontOptions = {}) {
    this.logger = options.logger ?? stderrLogger;
    const registry = options.registry ?? loadDialects();
    this.selection = new DialectSelection(registry, options.defaultDialect ?? defaultDialectName(registry));
    this.defaultDialect = this.selection.defaultName;
    this.forwarding = {
      requestTimeoutMs: options.requestTimeoutMs,
      linkFailed: (error) => this.link.fail(error),
      renew: (client, error) => this.link.renew(client, error),
      waiting: new Set(),
    };
    this.dialectCaps = dialectCapabilities(dialectAdvertisement(this.defaultDialect, this.selection.accepted()));
    this.declared = withoutTasks(options.clientCapabilities ?? {});
    this.catalog = new ToolCatalog((name) => this.forwardCall(name), this.logger, options.pageSize);
    this.link = new UpstreamLink({
      ...upstream,
      logger: this.logger,
      onConnected: (client, reconnected) => this.connected(client, reconnected),
      onNotification: (notification) => this.upstreamNotified(notification),
      capabilities: () => this.declared,
      onRequest: (request, extra) => this.callers.ask(request, extra),
    });
    this.callers = new Callers(this.link, this.forwarding, this.logger);
  }

  /** Connects to the upstream and reads its tools; once, however often it is called. Rejects when the first connection fails. */
  start(): Promise<void> {
    this.started ??= Promise.all([this.link.start(), this.shareValidator()]).then(() => undefined);
    return this.started;
  }

  /** SDK releases that build a validator per Server (and export it, from 1.2x on) get one shared instance; older ones need none. */
  private async shareValidator(): Promise<void> {
    try {
      const ajv = (await import('@modelcontextprotocol/sdk/validation/ajv')) as { AjvJsonSchemaValidator?: new () => unknown };
      if (ajv.AjvJsonSchemaValidator) this.validator = new ajv.AjvJsonSchemaValidator();
    } catch {
      // Not in this SDK release: each Server keeps its own default.
    }
  }

  /** Every accepted dialect value: plain names and name@version pins. */
  accepted(): string[] {
    return this.selection.accepted();
  }

  /** The whole tools/list answer in a dialect (default when omitted), as served now. */
  listTools(dialect?: string): DialectToolList {
    return this.catalog.current.lists.get(this.selection.configured(dialect ?? this.defaultDialect));
  }

  /** A fresh downstream Server for one connection (stateless HTTP: one per request). Waits for the upstream. */
  async createServer(): Promise<Server> {
    await this.start();
    return this.newServer();
  }

  /**
   * Serves one long-lived connection (stdio, or an in-process transport). It also gets the upstream's
   * notifications (list changes, log messages, resource updates) and its requests (sampling,
   * elicitation, roots). The first such caller's initialize is read before the upstream is
   * connected: the upstream is told exactly the client capabilities that caller declared (an
   * upstream already connected declaring others is connected again). Resolves once the transport
   * is started, so the caller may connect after this; the Server is made when it speaks. If the
   * upstream cannot be reached then, the connection is closed and the reason logged.
   */
  async connect(transport: Transport): Promise<void> {
    const held = await holdMessages(transport);
    this.pending.add(held.transport);
    const serve = async (): Promise<void> => {
      const capabilities = await held.greeting;
      if (held.gone()) return;
      if (capabilities !== undefined && this.callers.standingCount === 0) await this.declare(capabilities);
      const server = await this.createServer();
      // What the connection itself cannot read (a stdio line that is not JSON-RPC) is skipped; the
      // caller hears nothing of it, so the log does.
      server.onerror = (error) => this.logger.warn(`caller connection: ${error.message}`);
      this.callers.addStanding(server);
      await server.connect(held.transport);
    };
    serve()
      .catch((error: unknown) => {
        this.logger.warn(`could not serve a caller: ${error instanceof Error ? error.message : String(error)}`);
        return held.transport.close();
      })
      .catch(() => {
        // Closing a connection that is already gone.
      })
      .finally(() => this.pending.delete(held.transport));
  }

  /** Connects the upstream declaring `capabilities` (without tasks, which are not forwarded), reconnecting when it declared others. */
  private async declare(capabilities: ClientCapabilities): Promise<void> {
    const wanted = withoutTasks(capabilities);
    const same = JSON.stringify(wanted) === JSON.stringify(this.declared);
    this.declared = wanted;
    if (this.started === undefined || same) return;
    await this.start();
    await this.link.reconnect();
  }

  async close(): Promise<void> {
    await Promise.all([...this.pending].map((transport) => transport.close()));
    await this.callers.closeAll();
    await this.link.close();
  }

  private newServer(): Server {
    const facts = this.facts!;
    const upstream = facts.capabilities;
    const capabilities: ServerCapabilities = { ...upstream };
    // Tasks are not forwarded (docs/architecture.md says why): advertising them would promise methods nobody answers.
    delete (capabilities as Record<string, unknown>).tasks;
    capabilities.tools = { ...upstream.tools, listChanged: true };
    capabilities.experimental = { ...upstream.experimental, ...this.dialectCaps.experimental };
    const extensions = (upstream as Record<string, unknown>).extensions as Record<string, unknown> | undefined;
    (capabilities as Record<string, unknown>).extensions = { ...extensions, ...this.dialectCaps.extensions };
    const options = { capabilities, instructions: facts.instructions, ...(this.validator === undefined ? {} : { jsonSchemaValidator: this.validator }) };
    const server = new Server(facts.info, options as ConstructorParameters<typeof Server>[1]);
    refuseUnknownDialectAtInitialize(server, this.selection);
    answerTools(server, {
      list: (meta, cursor) => {
        const dialect = this.selection.select(meta);
        // Asked again, as a bare server would be on each tools/list: it may list now.
        if (this.listFailure) return this.refresh().then(() => this.page(dialect, cursor));
        return this.page(dialect, cursor);
      },
      call: (params, extra) => this.call(params, extra),
    });
    passThrough(server, upstream, () => this.link.client(), this.forwarding);
    if (upstream.resources?.subscribe) this.callers.shareSubscriptions(server);
    server.setNotificationHandler(RootsListChangedNotificationSchema, (notification) => this.rootsChanged(notification));
    this.callers.track(server);
    return server;
  }

  private page(dialect: Dialect, cursor: unknown): ListToolsResult | Promise<ListToolsResult> {
    if (this.listFailure) throw this.listFailure;
    const generation = this.catalog.current;
    // A first build for the dialect runs in slices (tool-list-cache.ts): other requests go on meanwhile.
    return generation.lists.withList(dialect, (list) => generation.pager.page(list, dialect.id, cursor) as ListToolsResult);
  }

  /** tools/call: judged here when the upstream listed the tool, else forwarded for the upstream to answer. */
  private async call(params: CallParams, extra: DownstreamExtra): Promise<CallToolResult> {
    const dialect = this.selection.select(params.meta);
    const generation = this.catalog.current;
    // A tool the upstream did not list is its business, not ours: it answers as it would unproxied.
    const standing = generation.standing(params.name);
    if (standing === 'unknown') {
      return (await forwardRequest(this.link.client(), 'tools/call', params.sent, extra, this.forwarding)) as CallToolResult;
    }
    if (standing === 'refused') {
      throw new RequestError(INVALID_PARAMS, `Tool "${params.name}" is not served in any dialect: the upstream's definition of it is invalid (named in tools/list _meta["${OMITTED_META_KEY}"]).`, { tool: params.name });
    }
    return generation.caller.call(params.name, params.args, dialect, extra);
  }

  /** The tools/call handler for one upstream tool: the judged, canonical arguments go upstream with the caller's _meta. */
  private forwardCall(name: string): ToolHandler {
    return async (args, { extra }) => {
      const params = { ...(extra._meta === undefined ? {} : { _meta: extra._meta }), name, arguments: args };
      // Parsed loosely here: the downstream Server checks the result's shape (CallToolResultSchema) once, on the way out.
      return (await forwardRequest(this.link.client(), 'tools/call', params, extra, this.forwarding)) as CallToolResult;
    };
  }

  private async connected(client: Client, reconnected: boolean): Promise<void> {
    this.facts = {
      info: client.getServerVersion() ?? { name: 'upstream', version: '0.0.0' },
      capabilities: client.getServerCapabilities() ?? {},
      instructions: client.getInstructions(),
    };
    if (reconnected) await this.callers.resubscribe(client);
    const changed = await this.readTools(client);
    if (reconnected && changed) this.broadcast({ method: 'notifications/tools/list_changed' });
  }

  /**
   * Reads the upstream's tools into the catalog; returns whether they changed. An upstream that
   * answers its own tools/list with an error (an McpServer tool whose zod schema the SDK cannot
   * write, `z.date()`) is still up: bare, it fails tools/list and serves everything else, and so it
   * does here. Its error answers tools/list in every dialect; the tools it listed last (none, if it
   * never could) are still judged here, and any other call is the upstream's to judge, as bare. So
   * is a tools/list the upstream never answers (a timeout, named as such) or answers with no list of
   * tools. A lost connection still fails the read (the link restarts the upstream).
   */
  private async readTools(client: Client): Promise<boolean> {
    let tools: unknown[];
    try {
      tools = await listAllTools(client, this.forwarding.requestTimeoutMs);
    } catch (error) {
      if (!(error instanceof McpError) || error.code === ErrorCode.ConnectionClosed) throw error;
      const failure = error.code === ErrorCode.RequestTimeout ? new McpError(ErrorCode.RequestTimeout, `the upstream did not answer tools/list (${unprefixed(error)})`) : error;
      if (this.listFailure === undefined) {
        this.logger.warn(`upstream: its own tools/list fails (${unprefixed(failure)}); tools/list is answered with that error; a tool it did not list before goes to it unjudged, as it would bare.`);
      }
      this.listFailure = upstreamError(failure);
      return false;
    }
    if (this.listFailure !== undefined) this.logger.warn('upstream: its tools/list answers again; its tools are served in every dialect.');
    this.listFailure = undefined;
    return this.catalog.replace(tools);
  }

  /** A caller's roots changed: the upstream hears it when it was told roots can change (declared by a caller). */
  private async rootsChanged(notification: Notification): Promise<void> {
    if (!this.declared.roots?.listChanged || !this.link.connected) return;
    await this.link.client().notification(notification as Parameters<Client['notification']>[0]);
  }

  private upstreamNotified(notification: Notification): void {
    // A log line of one caller's tool call, a resource update: to whom it belongs only.
    if (this.callers.route(notification)) return;
    if (notification.method === 'notifications/tools/list_changed') {
      // Forwarded once the new list is in place, so a caller that lists again sees the change.
      void this.refresh().then(() => this.broadcast(notification));
      return;
    }
    this.broadcast(notification);
  }

  /** Re-reads the upstream's tools; list_changed notifications arriving meanwhile cause one more read, not one each. */
  private refresh(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.refreshAgain = false;
        try {
          await this.readTools(this.link.client());
        } catch (error) {
          this.logger.warn(`upstream: could not re-read its tools: ${error instanceof Error ? error.message : String(error)}`);
        }
      } while (this.refreshAgain);
    })().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private broadcast(notification: Notification): void {
    this.callers.broadcast(notification);
  }
}

/** Tasks are not forwarded (see docs/architecture.md): a caller's task support is not promised upstream. */
function withoutTasks(capabilities: ClientCapabilities): ClientCapabilities {
  const { tasks: _tasks, ...rest } = capabilities as ClientCapabilities & { tasks?: unknown };
  return rest;
}
