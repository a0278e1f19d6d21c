// tools/call params the caller got wrong, sent to a front (issue 12's refusals, issue 13's fronts):
// through `dialects-mcp proxy` over stdio and over HTTP in front of server-everything, and through
// withDialects in process. Each gets JSON-RPC -32602 with one plain sentence naming the JSON pointer,
// never the SDK's Zod dump, and the front keeps serving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { withDialects, type DialectFront } from '../src/index.js';
import { inProcessClient, sendHttp, silentLogger } from './helpers.js';
import { everything, proxiedHttp, proxiedStdio, type HttpProxy } from './proxy-helpers.js';

/** params, then what the message must say; `path` is the pointer it names (also error.data.path). */
const CASES: [string, unknown, RegExp, string][] = [
  ['arguments as a string', { name: 'echo', arguments: '{"message":"hi"}' }, /params\.arguments must be an object.*got a string at \/params\/arguments\./, '/params/arguments'],
  ['arguments as an array', { name: 'echo', arguments: ['hi'] }, /params\.arguments must be an object.*got an array at \/params\/arguments\./, '/params/arguments'],
  ['arguments as null', { name: 'echo', arguments: null }, /params\.arguments must be an object.*got null at \/params\/arguments\./, '/params/arguments'],
  ['no name', { arguments: { message: 'hi' } }, /needs params\.name.*got none at \/params\/name\./, '/params/name'],
  ['a name that is a number', { name: 7, arguments: {} }, /needs params\.name.*got a number at \/params\/name\./, '/params/name'],
  ['no params at all', undefined, /needs params.*got none at \/params\./, '/params'],
];

interface Refusal {
  code: number;
  message: string;
  data?: { path?: string };
}

/** A raw tools/call through an SDK client (which sends params as given), answered as an error or a result. */
async function callRaw(client: Client, params: unknown): Promise<Refusal | Record<string, unknown>> {
  try {
    return await client.request({ method: 'tools/call', params: params as Record<string, unknown> }, ResultSchema);
  } catch (error) {
    if (!(error instanceof McpError)) throw error;
    // The SDK client prefixes the wire message; the wire message is what another client shows.
    return { code: error.code, message: error.message.replace(/^MCP error -?\d+: /, ''), data: error.data as Refusal['data'] };
  }
}

function expectRefusal(answer: Refusal | Record<string, unknown>, message: RegExp, path: string): void {
  const refusal = answer as Refusal;
  expect(refusal.code).toBe(-32602);
  expect(refusal.message).toMatch(message);
  // One sentence, no validator dump.
  expect(refusal.message).not.toMatch(/[[{]|expected|invalid_type|Invalid tools\/call/);
  expect(refusal.data?.path).toBe(path);
}

const ECHO = { name: 'echo', arguments: { message: 'still here' } };
const echoed = { content: [{ type: 'text', text: 'Echo: still here' }] };

describe('malformed tools/call params through the proxy', () => {
  let stdio: Client;
  let http: HttpProxy;
  beforeAll(async () => {
    [stdio, http] = await Promise.all([proxiedStdio([process.execPath, ...everything]), proxiedHttp([process.execPath, ...everything])]);
  });
  afterAll(async () => {
    await Promise.all([stdio?.close(), http?.stop()]);
  });

  it.each(CASES)('over stdio, %s: -32602 naming where', async (_what, params, message, path) => {
    expectRefusal(await callRaw(stdio, params), message, path);
    expect(await stdio.callTool(ECHO)).toEqual(echoed);
  });

  it.each(CASES)('over HTTP, %s: -32602 naming where', async (_what, params, message, path) => {
    const port = Number(new URL(http.url).port);
    const post = async (p: unknown): Promise<Record<string, unknown>> => {
      const answer = await sendHttp(port, 'POST', '/mcp', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', ...(p === undefined ? {} : { params: p }) }));
      expect(answer.status).toBe(200);
      // The proxy answers as an SSE event (the SDK's default): its data line is the JSON-RPC answer.
      const data = answer.text.split('\n').find((line) => line.startsWith('data: '));
      return JSON.parse(data!.slice('data: '.length)) as Record<string, unknown>;
    };
    expectRefusal((await post(params)).error as Refusal, message, path);
    expect((await post(ECHO)).result).toEqual(echoed);
  });
});

describe('malformed tools/call params through withDialects', () => {
  let client: Client;
  let front: DialectFront;
  beforeAll(async () => {
    const server = new McpServer({ name: 'echo', version: '1.0.0' });
    server.registerTool('echo', { inputSchema: { message: z.string() } }, async ({ message }) => ({ content: [{ type: 'text', text: `Echo: ${message}` }] }));
    front = withDialects(server, { logger: silentLogger() });
    client = await inProcessClient(front);
  });
  afterAll(async () => {
    await client?.close();
    await front?.close();
  });

  it.each(CASES)('%s: -32602 naming where', async (_what, params, message, path) => {
    expectRefusal(await callRaw(client, params), message, path);
    expect(await client.callTool(ECHO)).toEqual(echoed);
  });
});
