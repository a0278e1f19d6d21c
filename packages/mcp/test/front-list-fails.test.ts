// An upstream whose own tools/list fails (an McpServer tool whose zod schema the SDK cannot write
// as JSON Schema, z.date()) is served as it would be bare: tools/list answers that failure, with
// the upstream's reason; every other request, tools/call included, still reaches it.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError, ToolListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { loadDialects } from '@redouble/dialects';
import { DIALECT_META_KEY, withDialects, type DialectFront } from '../src/index.js';
import { silentLogger } from './helpers.js';

const registry = loadDialects();
let front: DialectFront | undefined;
let bare: Client | undefined;

afterEach(async () => {
  await front?.close();
  await bare?.close();
  front = undefined;
  bare = undefined;
});

function server(): { s: McpServer; when: { remove(): void } } {
  const s = new McpServer({ name: 'dates', version: '1.0.0' });
  s.registerTool('echo', { description: 'Echoes.', inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
  const when = s.registerTool('when', { description: 'Takes a date.', inputSchema: { at: z.date() } }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
  s.registerResource('readme', 'file:///readme', { description: 'A readme.' }, async (uri) => ({ contents: [{ uri: uri.href, text: 'hello' }] }));
  return { s, when };
}

async function connected(connect: (transport: InMemoryTransport) => Promise<void>): Promise<Client> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await connect(b);
  const client = new Client({ name: 'caller', version: '0' });
  await client.connect(a);
  return client;
}

async function failure(promise: Promise<unknown>): Promise<McpError> {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e as McpError,
  );
}

describe('an upstream whose tools/list fails', () => {
  it('is served as it would be bare: tools/list refused with its reason, everything else answered', async () => {
    const logger = silentLogger();
    const bareServer = server().s;
    bare = await connected((t) => bareServer.connect(t));
    const bareError = await failure(bare.listTools());

    const upstream = server();
    front = withDialects(upstream.s, { registry, logger });
    const dialects = front;
    const client = await connected((t) => dialects.connect(t));
    for (const dialect of ['canonical', 'openai_strict']) {
      const error = await failure(client.listTools({ _meta: { [DIALECT_META_KEY]: dialect } }));
      expect(error.code).toBe(bareError.code);
      expect(error.message).toContain(bareError.message.replace(/^MCP error -?\d+: /, ''));
    }
    expect(logger.lines.some((l) => l.includes('tools/list'))).toBe(true);
    // The tools are the upstream's to judge now, as they are bare.
    const echoed = (await client.callTool({ name: 'echo', arguments: { text: 'hi' } })) as CallToolResult;
    expect(echoed.content).toEqual([{ type: 'text', text: 'hi' }]);
    const refused = (await client.callTool({ name: 'echo', arguments: { text: 5 } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    const read = await client.readResource({ uri: 'file:///readme' });
    expect(read.contents[0]).toMatchObject({ text: 'hello' });

    // Once the upstream lists again, its tools are served in every dialect and judged here.
    upstream.when.remove();
    const listed = await client.listTools({ _meta: { [DIALECT_META_KEY]: 'openai_strict' } });
    expect(listed.tools.map((t) => t.name)).toEqual(['echo']);
    const judged = (await client.callTool({ name: 'echo', arguments: { text: 5 } })) as CallToolResult;
    expect(judged.isError).toBe(true);
    expect(JSON.stringify(judged.content)).toContain('/text');
  });
});

describe('an upstream whose tools/list starts failing', () => {
  it('answers tools/list with the failure and still judges the tools it listed before', async () => {
    const s = new McpServer({ name: 'later', version: '1.0.0' });
    s.registerTool('echo', { description: 'Echoes.', inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
    const logger = silentLogger();
    front = withDialects(s, { registry, logger });
    const dialects = front;
    const client = await connected((t) => dialects.connect(t));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['echo']);
    // A tool the SDK cannot list joins: list_changed, and the front's re-read fails (it passes the
    // notification on once the re-read is done).
    const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
    s.registerTool('when', { description: 'Takes a date.', inputSchema: { at: z.date() } }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
    await changed;
    const error = await failure(client.listTools({ _meta: { [DIALECT_META_KEY]: 'anthropic_strict' } }));
    expect(error).toBeInstanceOf(McpError);
    // echo is judged here by its last listing: the canonical judge's words, not the upstream's.
    const judged = (await client.callTool({ name: 'echo', arguments: { text: 5 } })) as CallToolResult;
    expect(judged.isError).toBe(true);
    expect(JSON.stringify(judged.content)).toMatch(/^\[\{"type":"text","text":"The arguments/);
    const echoed = (await client.callTool({ name: 'echo', arguments: { text: 'hi' } })) as CallToolResult;
    expect(echoed.content).toEqual([{ type: 'text', text: 'hi' }]);
  });
});
