// A DialectFront over HTTP sessions, in front of an in-process McpServer whose tools ask the caller
// (sampling) and log while they run: each request reaches the caller it belongs to, list changes
// reach every session, and sessions end (DELETE, idle, evicted, caller gone) without stalling anything.
import { afterEach, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CreateMessageRequestSchema,
  CreateMessageResultSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  SubscribeRequestSchema,
  ToolListChangedNotificationSchema,
  UnsubscribeRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { createDialectHttpHandler, withDialects, type DialectFront, type SessionLimits } from '../src/index.js';
import { listen, sendHttp, silentLogger, type Listening } from './helpers.js';

interface Asking {
  server: McpServer;
  /** What each call of `ask` ended with: the caller's answer, or the error its request got. */
  outcomes: string[];
  /** The resources/subscribe and unsubscribe requests it received, in order. */
  subscriptions: string[];
}

/** An McpServer whose `ask` tool logs a line for its caller, then asks that caller to sample. */
function askingServer(): Asking {
  const outcomes: string[] = [];
  const subscriptions: string[] = [];
  const server = new McpServer({ name: 'asking', version: '1.0.0' }, { capabilities: { logging: {}, resources: { subscribe: true } } });
  server.registerResource('note', 'note://a', { description: 'A note.' }, async (uri) => ({ contents: [{ uri: uri.href, text: 'a' }] }));
  server.server.setRequestHandler(SubscribeRequestSchema, (request) => (subscriptions.push(`+${request.params.uri}`), {}));
  server.server.setRequestHandler(UnsubscribeRequestSchema, (request) => (subscriptions.push(`-${request.params.uri}`), {}));
  server.registerTool('ask', { description: 'Asks the caller.', inputSchema: { question: z.string() } }, async ({ question }, extra) => {
    await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: `asking ${question}` } });
    try {
      const answer = await extra.sendRequest(
        { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: question } }], maxTokens: 5 } },
        CreateMessageResultSchema,
      );
      const text = (answer.content as { text: string }).text;
      outcomes.push(text);
      return { content: [{ type: 'text', text }] };
    } catch (error) {
      outcomes.push(`error: ${(error as Error).message}`);
      throw error;
    }
  });
  return { server, outcomes, subscriptions };
}

interface Caller {
  client: Client;
  logs: string[];
  listChanged: number;
  /** Resolves when the upstream's sampling request reached this caller. */
  asked: Promise<void>;
}

/** A sampling caller named `name`; it answers at once, or never when `silent`. */
function caller(name: string, silent = false): Caller {
  const client = new Client({ name, version: '0.0.0' }, { capabilities: { sampling: {} } });
  let asked!: () => void;
  const self: Caller = { client, logs: [], listChanged: 0, asked: new Promise((resolve) => (asked = resolve)) };
  client.setRequestHandler(CreateMessageRequestSchema, (request) => {
    asked();
    if (silent) return new Promise(() => {});
    return { model: name, role: 'assistant', content: { type: 'text', text: `${name} says ${(request.params.messages[0]!.content as { text: string }).text}` } };
  });
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void self.logs.push(String(n.params.data)));
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void self.listChanged++);
  return self;
}

let front: DialectFront | undefined;
let served: (Listening & { url: string; handler: ReturnType<typeof createDialectHttpHandler> }) | undefined;
const clients: Client[] = [];

async function serveHttp(asking: Asking, sessions?: SessionLimits): Promise<string> {
  front = withDialects(asking.server, { logger: silentLogger() });
  const handler = createDialectHttpHandler({ createServer: () => front!.createServer(), sessions });
  const listening = await listen((req, res) => void handler(req, res), { keepAliveTimeout: 120_000 });
  served = { ...listening, handler, url: `http://127.0.0.1:${listening.port}/mcp` };
  return served.url;
}

async function connectTo(url: string, who: Caller): Promise<Caller> {
  await who.client.connect(new StreamableHTTPClientTransport(new URL(url)));
  clients.push(who.client);
  return who;
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await served?.handler.close();
  await served?.close();
  await front?.close();
  served = undefined;
  front = undefined;
});

const text = (result: unknown): string => ((result as CallToolResult).content[0] as { text: string }).text;

/** A raw session: initialize and initialized, as a client that never opens a stream and never says goodbye. */
async function rawSession(port: number): Promise<string> {
  const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } };
  const opened = await sendHttp(port, 'POST', '/mcp', JSON.stringify(init));
  const id = opened.headers['mcp-session-id'] as string;
  expect(id).toMatch(/\S/);
  await sendHttp(port, 'POST', '/mcp', JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' });
  return id;
}

const ping = (port: number, session: string) =>
  sendHttp(port, 'POST', '/mcp', JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }), { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' });

describe('DialectFront over HTTP sessions', () => {
  it("sends each upstream request and log line to the caller whose call it belongs to, only", async () => {
    const asking = askingServer();
    const url = await serveHttp(asking);
    const [ada, bob] = await Promise.all([connectTo(url, caller('ada')), connectTo(url, caller('bob'))]);
    await Promise.all([ada.client.setLoggingLevel('debug'), bob.client.setLoggingLevel('debug')]);
    const [a, b] = await Promise.all([
      ada.client.callTool({ name: 'ask', arguments: { question: 'q1' } }),
      bob.client.callTool({ name: 'ask', arguments: { question: 'q2' } }),
    ]);
    expect(text(a)).toBe('ada says q1');
    expect(text(b)).toBe('bob says q2');
    expect(ada.logs).toEqual(['asking q1']);
    expect(bob.logs).toEqual(['asking q2']);
  });

  it('tells every session when the tools change', async () => {
    const asking = askingServer();
    const url = await serveHttp(asking);
    const [ada, bob] = await Promise.all([connectTo(url, caller('ada')), connectTo(url, caller('bob'))]);
    // Both standing streams are open once a request has been answered in each session.
    await Promise.all([ada.client.listTools(), bob.client.listTools()]);
    const changed = Promise.all(
      [ada, bob].map((who) => new Promise<void>((resolve) => who.client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()))),
    );
    asking.server.registerTool('late', { description: 'Registered after connect.' }, async () => ({ content: [{ type: 'text', text: 'late' }] }));
    await changed;
    for (const who of [ada, bob]) expect((await who.client.listTools()).tools.map((t) => t.name)).toContain('late');
  });

  it('sends a resource update to the sessions subscribed to it, and keeps the upstream subscribed while any is', async () => {
    const asking = askingServer();
    const url = await serveHttp(asking);
    const [ada, bob] = await Promise.all([connectTo(url, caller('ada')), connectTo(url, caller('bob'))]);
    const updates = { ada: [] as string[], bob: [] as string[] };
    let bobGot!: () => void;
    const bobUpdated = new Promise<void>((resolve) => (bobGot = resolve));
    ada.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.ada.push(n.params.uri));
    bob.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updates.bob.push(n.params.uri);
      bobGot();
    });
    await ada.client.subscribeResource({ uri: 'note://a' });
    await bob.client.subscribeResource({ uri: 'note://a' });
    await bob.client.subscribeResource({ uri: 'note://b' });
    await ada.client.unsubscribeResource({ uri: 'note://a' });
    // Subscribed once upstream, and still subscribed: bob is.
    expect(asking.subscriptions).toEqual(['+note://a', '+note://b']);
    await ada.client.subscribeResource({ uri: 'note://c' });
    await asking.server.server.sendResourceUpdated({ uri: 'note://c' });
    await asking.server.server.sendResourceUpdated({ uri: 'note://b' });
    // Sent in order: had bob been sent note://c, it would have come before note://b on its one stream.
    await bobUpdated;
    expect(updates.bob).toEqual(['note://b']);
    while (updates.ada.length === 0) await sleep(20);
    expect(updates.ada).toEqual(['note://c']);
    await (bob.client.transport as StreamableHTTPClientTransport).terminateSession();
    // bob's session ended: nobody holds note://a or note://b any more, so the upstream is unsubscribed.
    while (asking.subscriptions.length < 5) await sleep(20);
    expect(asking.subscriptions.slice(0, 3)).toEqual(['+note://a', '+note://b', '+note://c']);
    expect(asking.subscriptions.slice(3).sort()).toEqual(['-note://a', '-note://b']);
  });

  it("answers the upstream with an error when the caller goes away while it waits, and keeps serving", async () => {
    const asking = askingServer();
    const url = await serveHttp(asking);
    const gone = await connectTo(url, caller('gone', true));
    const call = gone.client.callTool({ name: 'ask', arguments: { question: 'never answered' } }).catch((error: Error) => error);
    await gone.asked;
    await (gone.client.transport as StreamableHTTPClientTransport).terminateSession();
    while (asking.outcomes.length === 0) await sleep(20);
    expect(asking.outcomes[0]).toMatch(/went away before answering sampling\/createMessage/);
    await gone.client.close();
    await call;
    const next = await connectTo(url, caller('next'));
    expect(text(await next.client.callTool({ name: 'ask', arguments: { question: 'q' } }))).toBe('next says q');
  });

  it('refuses to ask a stateless caller, which could not answer', async () => {
    const asking = askingServer();
    await serveHttp(asking);
    const port = served!.port;
    const call = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'ask', arguments: { question: 'q' } } };
    const answer = await sendHttp(port, 'POST', '/mcp', JSON.stringify(call), { 'mcp-protocol-version': '2025-06-18' });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('isError');
    expect(asking.outcomes[0]).toMatch(/stateless HTTP, where it cannot answer/);
  });

  it('ends a session on DELETE, and one left idle, and the idlest when full', async () => {
    const url = await serveHttp(askingServer(), { max: 2, idleMs: 300 });
    const port = served!.port;
    const deleted = await rawSession(port);
    expect((await ping(port, deleted)).status).toBe(200);
    expect((await sendHttp(port, 'DELETE', '/mcp', undefined, { 'mcp-session-id': deleted, 'mcp-protocol-version': '2025-06-18' })).status).toBe(200);
    expect((await ping(port, deleted)).status).toBe(404);

    // Idle: no request, no stream; it ends on its own (polled, never timed).
    const idle = await rawSession(port);
    while ((await ping(port, idle)).status === 200) await sleep(400);
    expect((await ping(port, idle)).status).toBe(404);

    // Full (2): a third session ends the one idle longest, not the one with its stream open.
    const streaming = await connectTo(url, caller('streaming'));
    const older = await rawSession(port);
    await rawSession(port);
    expect((await ping(port, older)).status).toBe(404);
    expect(text(await streaming.client.callTool({ name: 'ask', arguments: { question: 'still' } }))).toBe('streaming says still');
  });

  it('lets a new client in when every session only holds its GET stream open, ending the idlest (round 23: 64 SDK clients locked out the 65th with 503)', async () => {
    const url = await serveHttp(askingServer(), { max: 2, idleMs: 600_000 });
    const first = await connectTo(url, caller('first'));
    const second = await connectTo(url, caller('second'));
    // The SDK client opens its GET stream on its own after initialize; a call makes `second` the more recent.
    expect(text(await second.client.callTool({ name: 'ask', arguments: { question: 'hi' } }))).toBe('second says hi');
    const third = await connectTo(url, caller('third'));
    expect(text(await third.client.callTool({ name: 'ask', arguments: { question: 'in' } }))).toBe('third says in');
    expect(text(await second.client.callTool({ name: 'ask', arguments: { question: 'still' } }))).toBe('second says still');
    // The idlest, `first`, was ended: its next request is told so, not answered by another session.
    await expect(first.client.callTool({ name: 'ask', arguments: { question: 'gone?' } })).rejects.toThrow(/Session not found|404/);
  });
});

describe('DialectFront over one in-process connection', () => {
  it("declares the caller's capabilities upstream, and fails the upstream's request when the caller closes", async () => {
    const asking = askingServer();
    front = withDialects(asking.server, { logger: silentLogger() });
    const [near, far] = InMemoryTransport.createLinkedPair();
    const gone = caller('in-process', true);
    await Promise.all([front.connect(far), gone.client.connect(near)]);
    expect(asking.server.server.getClientCapabilities()).toEqual({ sampling: {} });
    const call = gone.client.callTool({ name: 'ask', arguments: { question: 'q' } }).catch((error: Error) => error);
    await gone.asked;
    await gone.client.close();
    await call;
    while (asking.outcomes.length === 0) await sleep(20);
    expect(asking.outcomes[0]).toMatch(/went away before answering/);
  });
});
