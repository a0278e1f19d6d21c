// How a tools/call answer leaves over Streamable HTTP. The SDK's transport (via @hono/node-server)
// sends the answer whole, with a Content-Length, when the handler's answer is ready within a few
// microtasks of the request; later, it sends the headers on their own and streams the body in
// chunks: one more write and packet per call on both ends. A judged call whose handler answers at
// once must leave as a bare SDK handler's answer does (docs/performance.md, "tools/call").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createDialectTools, DIALECT_META_KEY, type DialectTool } from '../src/index.js';
import { sendHttp, silentLogger, startHttpWith, type RunningServer } from './helpers.js';

const plain: DialectTool = {
  name: 'plain',
  inputSchema: { type: 'object', properties: { q: { type: 'string' }, n: { type: 'integer' } }, required: ['q'] },
  handler: (args) => ({ content: [{ type: 'text', text: JSON.stringify(args) }] }),
};
const structured: DialectTool = {
  name: 'structured',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  outputSchema: { type: 'object', properties: { count: { type: 'integer' }, note: { type: 'string' } }, required: ['count'] },
  handler: () => ({ content: [{ type: 'text', text: '3' }], structuredContent: { count: 3 } }),
};

let bare: RunningServer;
let dialects: RunningServer;

beforeAll(async () => {
  bare = await startHttpWith(() => {
    const server = new Server({ name: 'bare', version: '0.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(CallToolRequestSchema, (request) => ({ content: [{ type: 'text', text: JSON.stringify(request.params.arguments ?? {}) }] }));
    return server;
  });
  const tools = createDialectTools([plain, structured], { logger: silentLogger() });
  dialects = await startHttpWith(() => {
    const server = new Server({ name: 'dialects', version: '0.0.0' });
    tools.attach(server);
    return server;
  });
});

afterAll(async () => {
  await bare?.close();
  await dialects?.close();
});

function call(running: RunningServer, name: string, args: Record<string, unknown>, dialect?: string) {
  const params = { name, arguments: args, ...(dialect === undefined ? {} : { _meta: { [DIALECT_META_KEY]: dialect } }) };
  return sendHttp(Number(new URL(running.url).port), 'POST', '/mcp', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }));
}

const framing = (headers: Record<string, unknown>) => ({ length: headers['content-length'] !== undefined, chunked: headers['transfer-encoding'] === 'chunked' });

describe('tools/call over Streamable HTTP leaves in one piece, as a bare SDK handler answer does', () => {
  it('the bare SDK reference: a handler that answers at once gets a Content-Length', async () => {
    const answer = await call(bare, 'plain', { q: 'x' });
    expect(answer.status).toBe(200);
    expect(framing(answer.headers)).toEqual({ length: true, chunked: false });
  });

  it.each([
    ['canonical (no dialect named)', undefined],
    ['a dialect that sends nulls', 'openai_strict'],
    ['a dialect that does not', 'gemini'],
  ])('a judged call in %s', async (_label, dialect) => {
    const args = dialect === 'openai_strict' ? { q: 'x', n: null } : { q: 'x' };
    const answer = await call(dialects, 'plain', args, dialect);
    expect(answer.text).toContain('{\\"q\\":\\"x\\"}');
    expect(framing(answer.headers)).toEqual(framing((await call(bare, 'plain', { q: 'x' })).headers));
  });

  it('a call whose structured result is judged against its outputSchema too', async () => {
    // The result is written in the spelling the caller listed: the dialect's list is built first, as
    // a client lists before it calls. A call that comes first builds it in slices (tool-list-cache.ts),
    // turns of the event loop the bare SDK never takes, so that one answer may leave in two writes.
    const first = await call(dialects, 'structured', { q: 'x' }, 'openai_strict@2026-10');
    expect(first.text).toContain('"note":null');
    const answer = await call(dialects, 'structured', { q: 'x' }, 'openai_strict@2026-10');
    // openai_strict@2026-10 spells the output schema all-required, so its caller reads the omitted note as an explicit null.
    expect(answer.text).toContain('"note":null');
    expect(framing(answer.headers)).toEqual({ length: true, chunked: false });
  });

  it('a refused call (the caller is told in a tool result) leaves in one piece as well', async () => {
    const answer = await call(dialects, 'plain', { q: 5 });
    expect(answer.text).toContain('isError');
    expect(framing(answer.headers)).toEqual({ length: true, chunked: false });
  });
});
