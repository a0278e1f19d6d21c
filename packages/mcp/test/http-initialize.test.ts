// An initialize over HTTP naming a dialect, with real POSTs to createDialectHttpHandler: an unknown
// name in the URL (?dialect=) or in the initialize's own _meta is refused before any session opens
// (400, -32602 with the accepted names), alone or wrapped in a batch; a batch used to skip the URL
// check and be served statelessly (200, a result, no session). A batch without an initialize is
// served as its single messages would be. Also behind a front (withDialects) and the built proxy.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { loadDialects } from '@redouble/dialects';
import { createDialectHttpHandler, createDialectTools, DIALECT_META_KEY, withDialects, type DialectFront } from '../src/index.js';
import { demoTools } from '../src/demo/tools.js';
import { listen, repoRoot, sendHttp, silentLogger, type HttpAnswer, type Listening } from './helpers.js';
import { proxiedHttp, type HttpProxy } from './proxy-helpers.js';

const registry = loadDialects();
const names = registry.names();
const dialects = createDialectTools(demoTools(), { registry, logger: silentLogger() });
const defaultId = registry.get(dialects.defaultDialect).id;
const other = names.find((n) => !n.includes('@') && registry.get(n).id !== defaultId)!;
const demo = join(repoRoot, 'packages', 'mcp', 'dist', 'demo', 'server.js');

const init = (id: number, meta?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'http-init', version: '0' }, ...(meta === undefined ? {} : { _meta: meta }) },
});
const list = (id: number, meta?: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'tools/list', params: meta === undefined ? {} : { _meta: meta } });

/** The JSON-RPC messages of an answer: a JSON body (one message or a batch) or the data lines of an SSE stream. */
function messages(answer: HttpAnswer): Array<Record<string, unknown> & { id?: unknown; result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } }> {
  if (String(answer.headers['content-type']).startsWith('text/event-stream')) {
    return answer.text
      .split('\n')
      .filter((l) => l.startsWith('data: ') && l.length > 'data: '.length)
      .map((l) => JSON.parse(l.slice('data: '.length)));
  }
  const body = JSON.parse(answer.text) as unknown;
  return (Array.isArray(body) ? body : [body]) as ReturnType<typeof messages>;
}

function attached(): Server {
  const server = new Server({ name: 'http-init', version: '0.0.0' });
  dialects.attach(server);
  return server;
}

/** The 400 an initialize naming an unknown dialect gets: under its id, no session, the accepted names. */
function expectRefused(answer: HttpAnswer, id: number, message: string, requested: unknown): void {
  expect(answer.status).toBe(400);
  expect(answer.headers['mcp-session-id']).toBeUndefined();
  expect(JSON.parse(answer.text)).toEqual({
    jsonrpc: '2.0',
    id,
    error: { code: -32602, message: `${message}. Accepted dialects: ${names.join(', ')}.`, data: { key: DIALECT_META_KEY, requested, accepted: names } },
  });
}

/** The checks every host that knows its dialects must pass: `post(path, body)` reaches it. */
function refusesInitializeNamingUnknownDialects(post: () => (path: string, body: unknown, headers?: Record<string, string>) => Promise<HttpAnswer>): void {
  it('refuses ?dialect=bogus on an initialize alone and on one inside a batch alike (400, no session)', async () => {
    const alone = await post()('/mcp?dialect=bogus', init(1));
    expectRefused(alone, 1, 'Unknown dialect "bogus" in the URL (?dialect=)', 'bogus');
    const batched = await post()('/mcp?dialect=bogus', [init(2)]);
    expectRefused(batched, 2, 'Unknown dialect "bogus" in the URL (?dialect=)', 'bogus');
  });

  it("refuses an unknown or non-string name in the initialize's own _meta, alone or in a batch", async () => {
    expectRefused(await post()('/mcp', init(3, { [DIALECT_META_KEY]: 'bogus' })), 3, 'Unknown dialect "bogus"', 'bogus');
    expectRefused(await post()('/mcp', [init(4, { [DIALECT_META_KEY]: 'bogus' })]), 4, 'Unknown dialect "bogus"', 'bogus');
    expectRefused(await post()('/mcp', init(5, { [DIALECT_META_KEY]: 7 })), 5, `params._meta["${DIALECT_META_KEY}"] must be a string`, 7);
  });

  it('opens a session for a batched initialize naming a known dialect, as for a lone one', async () => {
    const opened = await post()(`/mcp?dialect=${other}`, [init(6)]);
    expect(opened.status).toBe(200);
    const session = opened.headers['mcp-session-id'];
    expect(typeof session).toBe('string');
    expect(messages(opened)).toEqual([expect.objectContaining({ id: 6, result: expect.objectContaining({ protocolVersion: '2025-03-26' }) })]);
    const headers = { 'mcp-session-id': session as string, 'mcp-protocol-version': '2025-03-26' };
    const listed = await post()(`/mcp?dialect=${other}`, list(7), headers);
    expect(messages(listed)[0]?.result?._meta).toMatchObject({ [DIALECT_META_KEY]: registry.get(other).id });
    expect((await post()('/mcp', list(8), headers)).status).toBe(200);
  });
}

describe('createDialectHttpHandler given its dialects', () => {
  let served: Listening;
  const handler = createDialectHttpHandler({ createServer: attached, dialects, enableJsonResponse: true });
  beforeAll(async () => {
    served = await listen((req, res) => void handler(req, res));
  });
  afterAll(async () => {
    await handler.close();
    await served.close();
  });
  const post = () => (path: string, body: unknown, headers: Record<string, string> = {}) => sendHttp(served.port, 'POST', path, JSON.stringify(body), headers);

  refusesInitializeNamingUnknownDialects(post);

  it('accepts a known name in the _meta of initialize without making it the default of the session', async () => {
    const opened = await post()('/mcp', init(1, { [DIALECT_META_KEY]: other }));
    expect(opened.status).toBe(200);
    const headers = { 'mcp-session-id': opened.headers['mcp-session-id'] as string, 'mcp-protocol-version': '2025-03-26' };
    const listed = await post()('/mcp', list(2), headers);
    expect(messages(listed)[0]?.result?._meta).toMatchObject({ [DIALECT_META_KEY]: defaultId });
  });

  it('serves a batch without an initialize as its single messages: ?dialect=bogus refused per request, a request naming its own dialect served', async () => {
    const single = await post()('/mcp?dialect=bogus', list(1));
    expect(single.status).toBe(200);
    expect(messages(single)[0]?.error).toMatchObject({ code: -32602, message: expect.stringContaining('Unknown dialect "bogus"') });
    const batch = await post()('/mcp?dialect=bogus', [list(2), list(3, { [DIALECT_META_KEY]: other })]);
    expect(batch.status).toBe(200);
    const byId = new Map(messages(batch).map((m) => [m.id, m]));
    expect(byId.get(2)?.error).toMatchObject({ code: -32602, message: expect.stringContaining('Unknown dialect "bogus"') });
    expect(byId.get(3)?.result?._meta).toMatchObject({ [DIALECT_META_KEY]: registry.get(other).id });
  });
});

describe('createDialectHttpHandler not told its dialects', () => {
  it.each([
    ['JSON', true],
    ['an SSE stream', false],
  ])('has the Server refuse the initialize (200, -32602, answered as %s) and ends the session the SDK opened for it', async (_how, enableJsonResponse) => {
    const handler = createDialectHttpHandler({ createServer: attached, enableJsonResponse });
    const served = await listen((req, res) => void handler(req, res));
    try {
      for (const [path, body] of [
        ['/mcp', init(1, { [DIALECT_META_KEY]: 'bogus' })],
        ['/mcp?dialect=bogus', [init(1)]],
      ] as const) {
        const refused = await sendHttp(served.port, 'POST', path, JSON.stringify(body));
        expect(refused.status).toBe(200);
        expect(messages(refused)).toEqual([expect.objectContaining({ id: 1, error: expect.objectContaining({ code: -32602, message: expect.stringContaining('Unknown dialect "bogus"') }) })]);
        // The SDK's transport names the session it opened before the Server answered; it is gone.
        const session = refused.headers['mcp-session-id'];
        expect(typeof session).toBe('string');
        const after = await sendHttp(served.port, 'POST', '/mcp', JSON.stringify(list(2)), { 'mcp-session-id': session as string, 'mcp-protocol-version': '2025-03-26' });
        expect(after.status).toBe(404);
      }
      // An initialize naming a known dialect keeps its session.
      const kept = await sendHttp(served.port, 'POST', '/mcp', JSON.stringify(init(3, { [DIALECT_META_KEY]: other })));
      const listed = await sendHttp(served.port, 'POST', '/mcp', JSON.stringify(list(4)), { 'mcp-session-id': kept.headers['mcp-session-id'] as string, 'mcp-protocol-version': '2025-03-26' });
      expect(messages(listed)[0]?.result?._meta).toMatchObject({ [DIALECT_META_KEY]: defaultId });
    } finally {
      await handler.close();
      await served.close();
    }
  });

  it("leaves the initialize's _meta to the Server, which refuses an unknown name in its answer (-32602)", async () => {
    const handler = createDialectHttpHandler({ createServer: attached, enableJsonResponse: true, sessions: false });
    const served = await listen((req, res) => void handler(req, res));
    try {
      const answer = await sendHttp(served.port, 'POST', '/mcp', JSON.stringify(init(1, { [DIALECT_META_KEY]: 'bogus' })));
      expect(answer.status).toBe(200);
      expect(messages(answer)).toEqual([
        { jsonrpc: '2.0', id: 1, error: { code: -32602, message: `Unknown dialect "bogus". Accepted dialects: ${names.join(', ')}.`, data: { key: DIALECT_META_KEY, requested: 'bogus', accepted: names } } },
      ]);
    } finally {
      await served.close();
    }
  });
});

describe('a front (withDialects) served over HTTP with dialects: front', () => {
  let served: Listening;
  let front: DialectFront;
  let handler: ReturnType<typeof createDialectHttpHandler>;
  beforeAll(async () => {
    const mcp = new McpServer({ name: 'http-init', version: '0.0.0' });
    mcp.registerTool('echo', { description: 'Echo.', inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
    front = withDialects(mcp, { registry, logger: silentLogger() });
    handler = createDialectHttpHandler({ createServer: () => front.createServer(), dialects: front });
    served = await listen((req, res) => void handler(req, res));
  });
  afterAll(async () => {
    await handler.close();
    await served.close();
    await front.close();
  });

  refusesInitializeNamingUnknownDialects(() => (path, body, headers = {}) => sendHttp(served.port, 'POST', path, JSON.stringify(body), headers));
});

describe('the built proxy over HTTP in front of the demo server', () => {
  let proxy: HttpProxy;
  let port: number;
  beforeAll(async () => {
    proxy = await proxiedHttp([process.execPath, demo, '--stdio']);
    port = Number(new URL(proxy.url).port);
  });
  afterAll(() => proxy.stop());

  refusesInitializeNamingUnknownDialects(() => (path, body, headers = {}) => sendHttp(port, 'POST', path, JSON.stringify(body), { host: `127.0.0.1:${port}`, ...headers }));
});
