// The HTTP host's own answers: one endpoint, POST only, bad bodies refused clearly, foreign Hosts refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { loadDialects } from '@redouble/dialects';
import { createDialectHttpHandler, createDialectTools } from '../src/index.js';
import { demoTools } from '../src/demo/tools.js';
import { listen, sendHttp, silentLogger, type Listening } from './helpers.js';

const dialects = createDialectTools(demoTools(), { registry: loadDialects(), logger: silentLogger() });
let port = 0;
const handler = createDialectHttpHandler({
  createServer: () => {
    const server = new Server({ name: 'host-test', version: '0.0.0' });
    dialects.attach(server);
    return server;
  },
  maxBodyBytes: 1024,
  enableJsonResponse: true,
  get allowedHosts() {
    return [`127.0.0.1:${port}`];
  },
});
let served: Listening;

beforeAll(async () => {
  served = await listen((req, res) => void handler(req, res));
  port = served.port;
});
afterAll(() => served.close());

const send = (method: string, path: string, body?: string, host?: string) => sendHttp(port, method, path, body, host ? { host } : {});

const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });

describe('createDialectHttpHandler', () => {
  it('answers a plain POST on its one endpoint', async () => {
    const r = await send('POST', '/mcp?dialect=' + dialects.defaultDialect, list);
    expect(r.status).toBe(200);
    expect((r.json.result as { tools: unknown[] }).tools).toHaveLength(demoTools().length);
  });

  it('refuses a URL that names two dialects, and takes one named twice alike', async () => {
    const r = await send('POST', '/mcp?dialect=openai_strict&dialect=gemini', list);
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ id: 1, error: { code: -32600 } });
    expect(r.json.error?.message).toContain('names the dialect 2 times ("openai_strict", "gemini")');
    const same = await send('POST', '/mcp?dialect=gemini&dialect=gemini', list);
    expect(same.status).toBe(200);
  });

  it('has no other route: not per dialect, not anywhere else', async () => {
    const r = await send('POST', `/mcp/${dialects.defaultDialect}`, list);
    expect(r.status).toBe(404);
    expect(r.json.error?.message).toContain('/mcp');
  });

  it('serves GET and DELETE only in a session, and no other method', async () => {
    const get = await send('GET', '/mcp');
    expect(get.status).toBe(400);
    expect(get.json.error?.message).toContain('Mcp-Session-Id');
    expect((await send('DELETE', '/mcp')).status).toBe(400);
    expect((await sendHttp(port, 'GET', '/mcp', undefined, { 'mcp-session-id': 'no-such-session' })).status).toBe(404);
    expect((await send('PUT', '/mcp')).status).toBe(405);
  });

  it('is stateless when told to be: GET and DELETE are refused', async () => {
    const stateless = createDialectHttpHandler({ createServer: () => new Server({ name: 'x', version: '0' }), sessions: false });
    const other = await listen((req, res) => void stateless(req, res));
    try {
      expect((await sendHttp(other.port, 'GET', '/mcp')).status).toBe(405);
      expect((await sendHttp(other.port, 'DELETE', '/mcp')).status).toBe(405);
    } finally {
      await other.close();
    }
  });

  it('refuses a body that is not JSON, and one past the size limit', async () => {
    const bad = await send('POST', '/mcp', '{"jsonrpc": ');
    expect(bad.status).toBe(400);
    expect(bad.json.error?.code).toBe(-32700);
    const big = await send('POST', '/mcp', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(2000) } }));
    expect(big.status).toBe(413);
  });

  it('refuses a Host it was not told to answer to', async () => {
    const r = await send('POST', '/mcp', list, 'rebound.example:80');
    expect(r.status).toBe(403);
    expect(r.json.error?.message).toContain('rebound.example');
  });
});
