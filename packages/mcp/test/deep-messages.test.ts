// Messages nested deeper than JSON.stringify can write (it runs out of stack between 2,000 and
// 5,000 levels; JSON.parse reads any depth). A caller's deep request must be refused as the
// caller's fault, with its place, and never taken for a broken upstream link: before, one 20 KB
// request made withDialects drop its in-process server for good and made the proxy restart its
// upstream, failing every other caller's call in flight (the proxy's stdio case is in
// stdio-probes.test.ts). A handler's deep answer is answered with an error, never left waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { createDialectTools, withDialects, type DialectFront } from '../src/index.js';
import { messageText } from '../src/message-text.js';
import { MAX_NESTING, tooDeepAt } from '../src/nesting.js';
import { inProcessClient, silentLogger } from './helpers.js';

/** Arrays nested `levels` deep (the outermost is level 1) around `inner`. */
function nested(levels: number, inner: unknown = 1): unknown {
  let value = inner;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

describe('tooDeepAt', () => {
  it('passes the limit itself and names the first place past it, six segments then "/…"', () => {
    expect(tooDeepAt(nested(MAX_NESTING))).toBeUndefined();
    expect(tooDeepAt(nested(MAX_NESTING + 1))).toBe('/0/0/0/0/0/0/…');
    expect(tooDeepAt({ a: 1, 'b/c': [{ 'd~': nested(4) }] }, '/params', 5)).toBe('/params/b~1c/0/d~0/0/0');
    expect(tooDeepAt({ first: nested(3), second: nested(3) }, '', 3)).toBe('/first/0/0');
    expect(tooDeepAt(nested(8), '', 7)).toBe('/0/0/0/0/0/0/…');
  });

  it('reads any depth without running out of stack, and scalars and shallow values pass', () => {
    expect(tooDeepAt(nested(200_000))).toBe('/0/0/0/0/0/0/…');
    expect(tooDeepAt('text')).toBeUndefined();
    expect(tooDeepAt(null)).toBeUndefined();
    expect(tooDeepAt({ a: [1, { b: 'c' }] }, '', 3)).toBeUndefined();
  });
});

describe('messageText', () => {
  it('writes a message as JSON text', () => {
    expect(messageText({ jsonrpc: '2.0', id: 1, result: { a: 1 } })).toBe('{"jsonrpc":"2.0","id":1,"result":{"a":1}}');
  });

  it('turns a response JSON cannot write into an error response under its id', () => {
    const answer = JSON.parse(messageText({ jsonrpc: '2.0', id: 7, result: { x: nested(100_000) } } as never)) as Record<string, unknown>;
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32603 } });
    expect((answer.error as { message: string }).message).toMatch(/^The answer could not be sent: it cannot be written as JSON \(Maximum call stack size exceeded\)\.$/);
  });

  it('refuses a request or notification JSON cannot write with an McpError, not a transport error', () => {
    expect(() => messageText({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { x: nested(100_000) } } as never)).toThrow(McpError);
    expect(() => messageText({ jsonrpc: '2.0', method: 'notifications/message', params: { x: nested(100_000) } } as never)).toThrow(/could not be sent/);
  });
});

describe('withDialects, fed and answering messages nested past what JSON can write', () => {
  let client: Client;
  let front: DialectFront;
  const logger = silentLogger();
  beforeAll(async () => {
    const server = new McpServer({ name: 'deep', version: '1.0.0' });
    server.registerTool('forecast', { inputSchema: { city: z.string() } }, async ({ city }) => ({ content: [{ type: 'text', text: `${city}: sunny` }] }));
    server.registerTool('anything', { inputSchema: { data: z.any() } }, async () => ({ content: [{ type: 'text', text: 'taken' }] }));
    server.registerTool('deep_answer', { inputSchema: {} }, async () => ({ content: [{ type: 'text', text: 'deep' }], structuredContent: { tree: nested(10_000) } }));
    front = withDialects(server, { logger });
    client = await inProcessClient(front);
  });
  afterAll(async () => {
    await client?.close();
    await front?.close();
  });

  const FORECAST = { name: 'forecast', arguments: { city: 'Oslo' } };
  const sunny = { content: [{ type: 'text', text: 'Oslo: sunny' }] };

  async function refusal(params: Record<string, unknown>): Promise<{ code: number; message: string; data?: { path?: string } }> {
    const error = await client.request({ method: 'tools/call', params }, ResultSchema).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(McpError);
    return error as McpError as never;
  }

  it('refuses a request whose _meta nests 10,000 deep as the caller\'s fault, and keeps serving', async () => {
    const error = await refusal({ ...FORECAST, _meta: { x: nested(10_000) } });
    expect(error.code).toBe(-32602);
    expect(error.message).toContain(`nests deeper than ${MAX_NESTING} levels (at /params/_meta/x/0/0/0/0/…); it is not forwarded.`);
    expect(error.data?.path).toBe('/params/_meta/x/0/0/0/0/…');
    expect(await client.callTool(FORECAST)).toEqual(sunny);
  });

  it('refuses deep arguments to a tool that admits any value, and keeps serving', async () => {
    const error = await refusal({ name: 'anything', arguments: { data: nested(5_000) } });
    expect(error.code).toBe(-32602);
    expect(error.data?.path).toBe('/params/arguments/data/0/0/0/0/…');
    expect(await client.callTool({ name: 'anything', arguments: { data: nested(10) } })).toEqual({ content: [{ type: 'text', text: 'taken' }] });
  });

  it('answers a handler\'s result that JSON cannot write with an error, and keeps serving', async () => {
    const error = await refusal({ name: 'deep_answer', arguments: {} });
    expect(error.code).toBe(-32603);
    expect(error.message).toContain('The answer could not be sent: it cannot be written as JSON');
    expect(await client.callTool(FORECAST)).toEqual(sunny);
    expect(logger.lines.join('\n')).not.toMatch(/reconnect|connection closed/);
  });
});

describe('attach, with a handler whose result nests past what JSON can write', () => {
  it('answers with a server fault naming the place, logs it, and keeps serving', async () => {
    const logger = silentLogger();
    const tools = createDialectTools(
      [
        { name: 'deep', inputSchema: { type: 'object' }, handler: () => ({ content: [], structuredContent: { tree: nested(5_000) } }) },
        { name: 'plain', inputSchema: { type: 'object' }, handler: () => ({ content: [{ type: 'text', text: 'ok' }] }) },
      ],
      { logger },
    );
    const server = new Server({ name: 'attach', version: '0.0.0' });
    tools.attach(server);
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: 'test', version: '0.0.0' });
    await client.connect(b);
    try {
      const error = (await client.callTool({ name: 'deep', arguments: {} }).catch((e: unknown) => e)) as McpError;
      expect(error).toBeInstanceOf(McpError);
      expect(error.code).toBe(-32603);
      expect(error.message).toContain(`its result nests deeper than ${MAX_NESTING} levels (at /structuredContent/tree/0/0/0/0/…)`);
      expect(logger.lines.join('\n')).toContain('Server fault in tool "deep"');
      expect(await client.callTool({ name: 'plain', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'ok' }] });
    } finally {
      await client.close();
    }
  });
});
