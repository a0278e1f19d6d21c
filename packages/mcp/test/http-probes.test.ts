// Hostile and broken HTTP clients (issue 12): aborted and stalled uploads, oversized bodies,
// batches, bad headers, foreign Origins, JSON that is not JSON-RPC, malformed tools/call params,
// deep and wide arguments, `__proto__` keys. After each, the server still answers a good request.
import type { IncomingMessage, ServerOptions } from 'node:http';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { loadDialects } from '@redouble/dialects';
import { createDialectHttpHandler, createDialectTools, type DialectHttpHandlerOptions } from '../src/index.js';
import { originRefusal } from '../src/check-origin.js';
import { demoTools } from '../src/demo/tools.js';
import { listen, sendHttp, silentLogger } from './helpers.js';

const dialects = createDialectTools(demoTools(), { registry: loadDialects(), logger: silentLogger() });

interface Probed {
  port: number;
  /** How each handler call ended: the handler's promise must never reject. */
  outcomes: ('resolved' | 'rejected')[];
  /** Resolves when the next handler call has started / settled. */
  nextStart(): Promise<void>;
  nextSettle(): Promise<void>;
  debug: string[];
  close(): Promise<void>;
}

const servers: Probed[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

async function start(options: Partial<DialectHttpHandlerOptions> = {}, serverOptions: ServerOptions = {}): Promise<Probed> {
  const debug: string[] = [];
  const handler = createDialectHttpHandler({
    createServer: () => {
      const server = new Server({ name: 'probe', version: '0.0.0' });
      dialects.attach(server);
      return server;
    },
    enableJsonResponse: true,
    logger: { warn: (m) => debug.push(m), debug: (m) => debug.push(m) },
    ...options,
  });
  const outcomes: Probed['outcomes'] = [];
  let started: (() => void)[] = [];
  let settled: (() => void)[] = [];
  const served = await listen((req, res) => {
    for (const f of started) f();
    started = [];
    handler(req, res).then(
      () => outcomes.push('resolved'),
      () => outcomes.push('rejected'),
    ).finally(() => {
      for (const f of settled) f();
      settled = [];
    });
  }, serverOptions);
  const probed: Probed = {
    port: served.port,
    outcomes,
    debug,
    nextStart: () => new Promise((resolve) => started.push(resolve)),
    nextSettle: () => new Promise((resolve) => settled.push(resolve)),
    close: served.close,
  };
  servers.push(probed);
  return probed;
}

const post = (port: number, body: string | Buffer, headers: Record<string, string> = {}) => sendHttp(port, 'POST', '/mcp', body, headers);

/** Sends raw bytes and collects whatever comes back until the server closes (or `end` is seen). */
function raw(port: number, chunks: (string | Buffer)[], options: { destroyAfterWrite?: boolean } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (c) => (text += c.toString('utf8')));
    socket.on('error', () => resolve(text));
    socket.on('close', () => resolve(text));
    socket.on('connect', () => {
      for (const c of chunks) socket.write(c);
      if (options.destroyAfterWrite) socket.destroy();
    });
  });
}

const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
const call = (params: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params });

async function stillServes(port: number): Promise<void> {
  const r = await post(port, list);
  expect(r.status).toBe(200);
  expect((r.json.result?.tools as unknown[]).length).toBe(demoTools().length);
}

const head = (port: number, length: number) =>
  `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${length}\r\n\r\n`;

describe('uploads that break off or stall', () => {
  it('a client that hangs up mid-body is dropped: the handler settles without rejecting, the server serves on', async () => {
    const s = await start();
    const started = s.nextStart();
    const settled = s.nextSettle();
    const socket = connect(s.port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(head(s.port, 3_000_000) + '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":"' + 'a'.repeat(20_000));
    await started;
    socket.destroy();
    await settled;
    expect(s.outcomes).toEqual(['resolved']);
    expect(s.debug.some((line) => line.includes('dropped POST /mcp'))).toBe(true);
    await stillServes(s.port);
    expect(s.outcomes).toEqual(['resolved', 'resolved']);
  });

  it('a body that stops arriving gets 408 after the body time, and the connection is closed', async () => {
    const s = await start({ bodyTimeoutMs: 300 });
    const answer = await raw(s.port, [head(s.port, 1000) + '{"jsonrpc":"2.0",']);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('"code":-32600');
    expect(answer).toContain('300 ms');
    expect(s.outcomes).toEqual(['resolved']);
    await stillServes(s.port);
  });

  it('headers that never finish are cut off by the host server it is mounted on (headersTimeout, as the demo sets)', async () => {
    const s = await start({}, { headersTimeout: 300, requestTimeout: 600, connectionsCheckingInterval: 50 });
    const answer = await raw(s.port, [`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nX-Slow: `]);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(s.outcomes).toEqual([]);
    await stillServes(s.port);
  });
});

describe('bodies past the size limit', () => {
  it('refuses a body over maxBodyBytes with 413 before reading it all, whether sent at once or streamed', async () => {
    const s = await start({ maxBodyBytes: 64 * 1024 });
    const big = await post(s.port, call({ name: 'create_contact', arguments: { name: 'x'.repeat(100_000), email: 'a@b.co' } }));
    expect(big.status).toBe(413);
    expect(big.json.error?.code).toBe(-32600);
    expect(big.json.error?.message).toContain(String(64 * 1024));
    const streamed = await raw(s.port, [head(s.port, 1_000_000), Buffer.alloc(200_000, 0x61)]);
    expect(streamed).toMatch(/^HTTP\/1\.1 413/);
    await stillServes(s.port);
  });
});

describe('what JSON-RPC the endpoint accepts', () => {
  it('answers a batch of requests, one answer each', async () => {
    const s = await start();
    const r = await post(s.port, JSON.stringify([JSON.parse(list), { jsonrpc: '2.0', id: 2, method: 'ping' }]));
    expect(r.status).toBe(200);
    const answers = JSON.parse(r.text) as { id: number }[];
    expect(answers.map((a) => a.id).sort()).toEqual([1, 2]);
  });

  it.each([
    ['an empty batch', '[]'],
    ['a batch with a number in it', `[${list}, 1]`],
    ['an object that is no message', '{"foo":1}'],
    ['a number', '42'],
    ['a string', '"tools/list"'],
    ['another JSON-RPC version', '{"jsonrpc":"1.0","id":1,"method":"tools/list"}'],
    ['a method that is not a string', '{"jsonrpc":"2.0","id":1,"method":7}'],
    ['params that are not structured', '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":"x"}'],
  ])('refuses %s as an Invalid Request (-32600), not a parse error', async (_what, body) => {
    const s = await start();
    const r = await post(s.port, body);
    expect(r.status).toBe(400);
    expect(r.json.error?.code).toBe(-32600);
    expect(r.json.error?.message).toMatch(/^Invalid Request: /);
  });

  it.each([
    ['params that are an array', '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":[]}', /"params" must be an object .*got an array at \/params\./],
    ['_meta that is a string', '{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"_meta":"x"}}', /got a string at \/params\/_meta\./],
    ['_meta that is null', '{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"_meta":null}}', /got null at \/params\/_meta\./],
    ['_meta that is an array', '{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"_meta":[]}}', /got an array at \/params\/_meta\./],
  ])('refuses a request with %s under its own id, with or without ?dialect=', async (_what, body, reason) => {
    const s = await start();
    for (const path of ['/mcp', '/mcp?dialect=gemini']) {
      const r = await sendHttp(s.port, 'POST', path, body);
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ id: 4, error: { code: -32600 } });
      expect(r.json.error?.message).toMatch(reason);
    }
  });

  it('keeps -32700 for text that is not JSON at all', async () => {
    const s = await start();
    const r = await post(s.port, '{"jsonrpc":');
    expect(r.json.error?.code).toBe(-32700);
  });
});

describe('tools/call params the caller got wrong', () => {
  it.each([
    ['arguments as an array', { name: 'create_contact', arguments: [1, 2] }, /arguments must be an object.*got an array/],
    ['arguments as null', { name: 'create_contact', arguments: null }, /arguments must be an object.*got null/],
    ['arguments as a string', { name: 'create_contact', arguments: '{"name":"a"}' }, /arguments must be an object.*got a string/],
    ['no name', { arguments: {} }, /needs params\.name.*got none/],
    ['a name that is a number', { name: 3, arguments: {} }, /needs params\.name.*got a number/],
  ])('%s: -32602 with a plain sentence', async (_what, params, message) => {
    const s = await start();
    const r = await post(s.port, call(params));
    expect(r.status).toBe(200);
    expect(r.json.error?.code).toBe(-32602);
    expect(r.json.error?.message).toMatch(message);
    // No validator dump: one line, no JSON in it.
    expect(r.json.error?.message).not.toMatch(/[[{]|expected|invalid_type/);
  });

  it('no params at all: -32602', async () => {
    const s = await start();
    const r = await post(s.port, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call' }));
    expect(r.json.error?.code).toBe(-32602);
  });

  it('an unknown method is still -32601', async () => {
    const s = await start();
    const r = await post(s.port, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'no/such' }));
    expect(r.json.error?.code).toBe(-32601);
  });

  it('a correct call still reaches the tool', async () => {
    const s = await start();
    const r = await post(s.port, call({ name: 'multiply_int32', arguments: { a: 6, b: 7 } }));
    expect(r.json.result?.structuredContent).toEqual({ product: 42, fitsInt32: true });
  });
});

describe('hostile arguments', () => {
  it('arguments nested 100 000 deep are refused as the caller\'s fault and the server serves on', async () => {
    const s = await start();
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const r = await post(s.port, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"tree_summary","arguments":{"root":${deep}}}}`);
    expect(r.status).toBe(200);
    expect(r.json.result?.isError).toBe(true);
    await stillServes(s.port);
  });

  it('100 000 arguments are refused as the caller\'s fault and the server serves on', async () => {
    const s = await start();
    const wide: Record<string, number> = {};
    for (let i = 0; i < 100_000; i++) wide[`k${i}`] = i;
    const r = await post(s.port, call({ name: 'multiply_int32', arguments: { a: 1, b: 2, ...wide } }));
    expect(r.status).toBe(200);
    expect(r.json.result?.isError).toBe(true);
    await stillServes(s.port);
  });

  it('`__proto__` keys pollute nothing, and a closed object refuses one as the extra property it is', async () => {
    const s = await start();
    const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"__proto__":{"polluted":2},"name":"create_contact","arguments":{"__proto__":{"polluted":3},"name":"a","email":"a@b.co"}}}`;
    const r = await post(s.port, body);
    expect(r.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(r.json.result?.isError).toBe(true);
    expect(JSON.stringify(r.json.result?.content)).toContain('/__proto__ is not accepted');
  });

  it('a number past the float range (1e400, read as Infinity) is refused in words, not passed as a number', async () => {
    const s = await start();
    const r = await post(s.port, '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"multiply_int32","arguments":{"a":1e400,"b":2}}}');
    expect(r.status).toBe(200);
    expect(r.json.result?.isError).toBe(true);
    expect(JSON.stringify(r.json.result?.content)).toContain('/a');
    await stillServes(s.port);
  });

  it('a `__proto__` member of the message itself is an Invalid Request, like any member JSON-RPC does not define', async () => {
    const s = await start();
    const r = await post(s.port, `{"jsonrpc":"2.0","id":1,"__proto__":{"polluted":1},"method":"tools/list"}`);
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({ code: -32600, message: 'Invalid Request: a JSON-RPC message has no member "__proto__".' });
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe('Origin and Host', () => {
  it('refuses a foreign Origin on a loopback address with 403 and a JSON-RPC error, before running anything', async () => {
    const s = await start();
    for (const origin of ['http://evil.example', 'http://127.0.0.1.evil.example:8080', 'null', 'not a url']) {
      const r = await post(s.port, call({ name: 'multiply_int32', arguments: { a: 1, b: 2 } }), { origin });
      expect(r.status).toBe(403);
      expect(r.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
      expect(r.json.error?.message).toContain(JSON.stringify(origin));
    }
  });

  it('accepts loopback origins on any port, and requests without Origin', async () => {
    const s = await start();
    for (const origin of ['http://localhost:6274', 'http://127.0.0.1:5173', 'http://[::1]:3000']) {
      expect((await post(s.port, list, { origin })).status).toBe(200);
    }
    await stillServes(s.port);
  });

  it('allowedOrigins replaces the default: exactly those origins pass', async () => {
    const s = await start({ allowedOrigins: ['https://app.example.com', 'http://localhost:6274/'] });
    expect((await post(s.port, list, { origin: 'https://app.example.com' })).status).toBe(200);
    expect((await post(s.port, list, { origin: 'http://localhost:6274' })).status).toBe(200);
    expect((await post(s.port, list, { origin: 'http://localhost:9999' })).status).toBe(403);
    expect((await post(s.port, list, { origin: 'https://app.example.com.evil.example' })).status).toBe(403);
  });

  it('off loopback and unconfigured, only the origin the Host header names passes', () => {
    const fake = (origin: string, host: string) =>
      ({ headers: { origin, host }, socket: { localAddress: '10.1.2.3' } }) as unknown as IncomingMessage;
    expect(originRefusal(fake('https://mcp.example.com', 'mcp.example.com'), undefined)).toBeUndefined();
    expect(originRefusal(fake('http://localhost:3000', 'mcp.example.com'), undefined)).toContain('Forbidden');
    expect(originRefusal(fake('https://evil.example', 'mcp.example.com'), undefined)).toContain('Forbidden');
  });

  it('refuses a Host it was not told to answer to', async () => {
    const allowedHosts: string[] = [];
    const s = await start({ allowedHosts });
    // The port is known only now; the handler reads the same list on every request.
    allowedHosts.push(`127.0.0.1:${s.port}`);
    expect((await post(s.port, list, { host: 'rebound.example' })).status).toBe(403);
    await stillServes(s.port);
  });
});

describe('bad headers and request lines', () => {
  it('a body that is not declared JSON, and a client that accepts neither JSON nor SSE, are refused by status', async () => {
    const s = await start();
    expect((await post(s.port, list, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post(s.port, list, { accept: 'text/html' })).status).toBe(406);
    await stillServes(s.port);
  });

  it('garbage on the wire, a header past the size limit and a lying Content-Length leave the server serving', async () => {
    const s = await start();
    expect(await raw(s.port, ['GARBAGE\r\n\r\n'])).toMatch(/^HTTP\/1\.1 400/);
    expect(await raw(s.port, [`POST /mcp HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`])).toMatch(/^HTTP\/1\.1 431/);
    expect(await raw(s.port, [`POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\n`])).toMatch(/^HTTP\/1\.1 400/);
    // Declares 10 bytes, sends 3 and leaves: dropped, not a crash.
    await raw(s.port, [head(s.port, 10) + '{"j'], { destroyAfterWrite: true });
    await stillServes(s.port);
    expect(s.outcomes).not.toContain('rejected');
  });
});
