// Requests the upstream sends to the client (sampling, elicitation, roots) through `dialects-mcp
// proxy` in front of @modelcontextprotocol/server-everything: over stdio the caller's own answers,
// exactly as when it calls the server directly; over HTTP to the one session that can answer (the
// only one, or the only one waiting on the upstream), and a clear error when it could be for several.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  type CallToolResult,
  type ClientCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { everything, proxiedHttp, proxyBin, type HttpProxy } from './proxy-helpers.js';
import { setTimeout as sleep } from 'node:timers/promises';

const CAPABILITIES: ClientCapabilities = { sampling: {}, elicitation: { form: {} }, roots: { listChanged: true } };

/** A client that declares sampling, elicitation and roots, answers each in its own words, and counts the roots requests. */
function answeringClient(name: string): Client & { rootsAsked: number; rootsAskedAgain: Promise<void> } {
  const client = new Client({ name, version: '0.0.0' }, { capabilities: CAPABILITIES }) as Client & { rootsAsked: number; rootsAskedAgain: Promise<void> };
  client.rootsAsked = 0;
  let again!: () => void;
  client.rootsAskedAgain = new Promise((resolve) => (again = resolve));
  client.setRequestHandler(CreateMessageRequestSchema, (request) => {
    const content = request.params.messages[0]!.content as { text?: string };
    return { model: `${name}-model`, role: 'assistant', content: { type: 'text', text: `${name} read: ${content.text}` } };
  });
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { name: `${name} user`, check: true, integer: 7 } }));
  client.setRequestHandler(ListRootsRequestSchema, () => {
    client.rootsAsked++;
    if (client.rootsAsked >= 2) again();
    return { roots: [{ uri: `file:///work/${name}/${client.rootsAsked > 1 ? 'second' : 'first'}`, name: `${name} root` }] };
  });
  return client;
}

async function connected<T extends Client>(client: T, transport: Transport): Promise<T> {
  await client.connect(transport);
  return client;
}

/** server-everything registers its sampling, elicitation and roots tools once it knows the client can answer them; wait for that. */
async function untilListed(client: Client, tool: string): Promise<void> {
  while (!(await client.listTools()).tools.some((t) => t.name === tool)) await sleep(50);
}

const text = (result: unknown): string => ((result as CallToolResult).content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');

describe('proxy over stdio: the upstream asks the caller', () => {
  let direct: ReturnType<typeof answeringClient>;
  let proxied: ReturnType<typeof answeringClient>;

  beforeAll(async () => {
    [direct, proxied] = await Promise.all([
      connected(answeringClient('direct'), new StdioClientTransport({ command: process.execPath, args: everything, stderr: 'pipe' })),
      connected(
        answeringClient('proxied'),
        new StdioClientTransport({ command: process.execPath, args: [proxyBin, 'proxy', '--stdio', '--', process.execPath, ...everything], stderr: 'pipe' }),
      ),
    ]);
    await Promise.all([untilListed(direct, 'get-roots-list'), untilListed(proxied, 'get-roots-list')]);
  });
  afterAll(async () => {
    await Promise.all([direct?.close(), proxied?.close()]);
  });

  it('declares exactly the caller\'s capabilities upstream: the same tools as directly', async () => {
    expect((await proxied.listTools()).tools).toEqual((await direct.listTools()).tools);
  });

  it('passes a sampling request to the caller and its answer back', async () => {
    const call = { name: 'trigger-sampling-request', arguments: { prompt: 'a haiku', maxTokens: 5 } };
    const [through, straight] = await Promise.all([proxied.callTool(call), direct.callTool(call)]);
    expect(text(through)).toContain('proxied read: Resource trigger-sampling-request context: a haiku');
    expect(text(through).replaceAll('proxied', 'direct')).toBe(text(straight));
  });

  it('passes an elicitation request to the caller and its answer back', async () => {
    const call = { name: 'trigger-elicitation-request', arguments: {} };
    const [through, straight] = await Promise.all([proxied.callTool(call), direct.callTool(call)]);
    expect(text(through)).toContain('- Name: proxied user');
    expect(text(through).replaceAll('proxied', 'direct')).toBe(text(straight));
  });

  it('answers roots/list with the caller\'s roots, and tells the upstream when they change', async () => {
    const call = { name: 'get-roots-list', arguments: {} };
    const through = await proxied.callTool(call);
    expect(text(through)).toContain('file:///work/proxied/first');
    expect(text(through).replaceAll('proxied', 'direct')).toBe(text(await direct.callTool(call)));
    await proxied.sendRootsListChanged();
    // The upstream asks again only because the caller's list_changed reached it.
    await proxied.rootsAskedAgain;
    expect(proxied.rootsAsked).toBeGreaterThanOrEqual(2);
  });
});

describe('proxy over HTTP sessions: the upstream asks the caller, notifications reach it', () => {
  let http: HttpProxy;
  beforeAll(async () => {
    http = await proxiedHttp([process.execPath, ...everything]);
  });
  afterAll(() => http?.stop());

  it('asks the only session, then the one session waiting on the upstream, and refuses clearly when several wait', async () => {
    const first = await connected(answeringClient('first'), new StreamableHTTPClientTransport(new URL(http.url)));
    try {
      const call = { name: 'trigger-sampling-request', arguments: { prompt: 'hello', maxTokens: 5 } };
      expect(text(await first.callTool(call))).toContain('first read: Resource trigger-sampling-request context: hello');
      const second = await connected(answeringClient('second'), new StreamableHTTPClientTransport(new URL(http.url)));
      try {
        // A stdio upstream does not say which caller's tool call it asks for; with two sessions open,
        // the one whose call is with the upstream is the one asked.
        expect(text(await second.callTool(call))).toContain('second read: Resource trigger-sampling-request context: hello');
        expect(text(await first.callTool(call))).toContain('first read: Resource trigger-sampling-request context: hello');
        // first's answer is held while second calls too: two callers wait, and the request could be for either.
        let release!: () => void;
        let asked!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        const beingAsked = new Promise<void>((resolve) => (asked = resolve));
        first.setRequestHandler(CreateMessageRequestSchema, async (request) => {
          asked();
          await held;
          const content = request.params.messages[0]!.content as { text?: string };
          return { model: 'first-model', role: 'assistant', content: { type: 'text', text: `first read: ${content.text}` } };
        });
        const firstCall = first.callTool(call);
        await beingAsked;
        const refused = (await second.callTool(call)) as CallToolResult;
        expect(refused.isError).toBe(true);
        expect(text(refused)).toMatch(/Cannot ask sampling\/createMessage: 2 callers are connected, several of them wait on the upstream/);
        release();
        expect(text(await firstCall)).toContain('first read: Resource trigger-sampling-request context: hello');
        // The one session waiting, but it never said it can sample: it is not asked.
        const plain = await connected(new Client({ name: 'plain', version: '0.0.0' }), new StreamableHTTPClientTransport(new URL(http.url)));
        try {
          const undeclared = (await plain.callTool(call)) as CallToolResult;
          expect(undeclared.isError).toBe(true);
          expect(text(undeclared)).toMatch(/Cannot ask the caller sampling\/createMessage: it did not declare the sampling capability/);
        } finally {
          await (plain.transport as StreamableHTTPClientTransport).terminateSession();
          await plain.close();
        }
      } finally {
        await (second.transport as StreamableHTTPClientTransport).terminateSession();
        await second.close();
      }
      // Once the other session has ended, the first is the only caller again.
      expect(text(await first.callTool(call))).toContain('first read');
    } finally {
      await first.close();
    }
  });

  it("sends the upstream's log messages to a session's standing stream", async () => {
    const client = await connected(new Client({ name: 'listener', version: '0.0.0' }), new StreamableHTTPClientTransport(new URL(http.url)));
    try {
      await client.setLoggingLevel('debug');
      const message = new Promise<unknown>((resolve) => client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => resolve(n.params)));
      await client.callTool({ name: 'toggle-simulated-logging', arguments: {} });
      expect(await message).toMatchObject({ level: expect.any(String), data: expect.any(String) });
      await client.callTool({ name: 'toggle-simulated-logging', arguments: {} });
    } finally {
      await (client.transport as StreamableHTTPClientTransport).terminateSession();
      await client.close();
    }
  });
});
