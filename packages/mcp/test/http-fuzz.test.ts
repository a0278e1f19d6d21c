// Property: whatever one client sends (random bodies, methods, paths and headers), the HTTP host
// answers it or drops it, its handler promise never rejects, and a good request still succeeds.
import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { loadDialects } from '@redouble/dialects';
import { createDialectHttpHandler, createDialectTools } from '../src/index.js';
import { demoTools } from '../src/demo/tools.js';
import { listen, silentLogger, type Listening } from './helpers.js';

const dialects = createDialectTools(demoTools(), { registry: loadDialects(), logger: silentLogger() });
const handler = createDialectHttpHandler({
  createServer: () => {
    const server = new Server({ name: 'fuzz', version: '0.0.0' });
    dialects.attach(server);
    return server;
  },
  enableJsonResponse: true,
  maxBodyBytes: 16 * 1024,
  logger: silentLogger(),
});
const rejections: unknown[] = [];
let port = 0;
let served: Listening;
beforeAll(async () => {
  served = await listen((req, res) => void handler(req, res).catch((e: unknown) => rejections.push(e)));
  port = served.port;
});
afterAll(() => served.close());

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | Buffer;
}

/** Resolves with the status, or 0 when the connection failed; never rejects. One connection each, so no request inherits another's socket. */
function send(s: Sent): Promise<number> {
  return new Promise((resolve) => {
    let req;
    try {
      req = request({ host: '127.0.0.1', port, method: s.method, path: s.path, headers: s.headers, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      });
    } catch {
      // A header value node itself refuses to send: nothing reached the server.
      return resolve(-1);
    }
    req.on('error', () => resolve(0));
    req.end(s.body);
  });
}

const toolNames = demoTools().map((t) => t.name);
const message = fc.record(
  {
    jsonrpc: fc.constantFrom('2.0', '1.0', 2),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null)),
    method: fc.constantFrom('tools/list', 'tools/call', 'ping', 'initialize', 'notifications/initialized', 'no/such'),
    params: fc.oneof(
      fc.record({ name: fc.oneof(fc.constantFrom(...toolNames), fc.string({ maxLength: 8 }), fc.integer()), arguments: fc.jsonValue({ maxDepth: 4 }) }, { requiredKeys: [] }),
      fc.jsonValue({ maxDepth: 3 }),
    ),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  message.map((m) => JSON.stringify(m)),
  fc.array(message, { maxLength: 4 }).map((m) => JSON.stringify(m)),
  fc.json({ maxDepth: 4 }),
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc.nat({ max: 40_000 }).map((n) => 'x'.repeat(n)),
);
const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,40}$/);
const sent: fc.Arbitrary<Sent> = fc.record({
  method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE', 'OPTIONS'),
  path: fc.constantFrom('/mcp', '/mcp?dialect=', '/mcp?dialect=no_such', `/mcp?dialect=${dialects.accepted()[1] ?? 'canonical'}`, '/', '/mcp/x'),
  headers: fc.record(
    {
      'content-type': fc.oneof(fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', ''), headerValue),
      accept: fc.oneof(fc.constantFrom('application/json, text/event-stream', 'application/json', 'text/event-stream', '*/*'), headerValue),
      origin: fc.oneof(fc.constantFrom('http://localhost:6274', 'http://evil.example', 'null'), headerValue),
      'mcp-protocol-version': fc.oneof(fc.constantFrom('2025-06-18', '2025-11-25', '1999-01-01'), headerValue),
      'x-anything': headerValue,
    },
    { requiredKeys: [] },
  ),
  body,
});

const good: Sent = {
  method: 'POST',
  path: '/mcp',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
};

describe('the HTTP host under random requests', () => {
  it('answers or drops each one, never rejects, and still serves a good request after it', async () => {
    await fc.assert(
      fc.asyncProperty(sent, async (s) => {
        const status = await send(s);
        expect(status === -1 || status === 0 || (status >= 200 && status < 600)).toBe(true);
        expect(await send(good)).toBe(200);
        expect(rejections).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
