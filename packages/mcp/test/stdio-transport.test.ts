// createStdioTransport (round 10, F5): the README's stdio setup answers a request whose envelope is
// wrong with -32600 and its pointer, where the SDK's StdioServerTransport drops it and its caller
// waits for ever; well-formed requests around it are answered as before.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { createDialectTools, createStdioTransport, DIALECT_META_KEY } from '../src/index.js';
import { demoTools } from '../src/demo/tools.js';
import { silentLogger } from './helpers.js';

describe('createStdioTransport', () => {
  it('answers malformed requests with -32600 naming the place, and the rest as usual', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const server = new Server({ name: 's', version: '1.0.0' });
    createDialectTools(demoTools(), { logger: silentLogger() }).attach(server);
    await server.connect(createStdioTransport({ input, output }));
    const answers: Record<string, unknown>[] = [];
    let buffered = '';
    output.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        answers.push(JSON.parse(buffered.slice(0, nl)) as Record<string, unknown>);
        buffered = buffered.slice(nl + 1);
      }
    });
    const send = (m: unknown) => input.write(`${JSON.stringify(m)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: 'openai_strict' } });
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: null });
    send({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: { _meta: { [DIALECT_META_KEY]: 'gemini' } } });
    for (let i = 0; i < 200 && answers.length < 4; i++) await new Promise((r) => setTimeout(r, 10));
    const byId = new Map(answers.map((a) => [a.id, a]));
    expect([...byId.keys()].sort()).toEqual([1, 2, 3, 4]);
    expect(byId.get(2)?.error).toEqual({ code: -32600, message: expect.stringContaining('/params/_meta') });
    expect(byId.get(3)?.error).toEqual({ code: -32600, message: expect.stringContaining('/params') });
    expect((byId.get(4)?.result as { tools: unknown[] }).tools.length).toBe(demoTools().length);
    await server.close();
  });

  it('closes once its input ends and every request read is answered, so the server can end (round 23)', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const answered: unknown[] = [];
    output.on('data', (chunk: Buffer) => answered.push(...chunk.toString('utf8').trim().split('\n').map((l) => (JSON.parse(l) as { id: unknown }).id)));
    const server = new Server({ name: 's', version: '1.0.0' });
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    createDialectTools([{ name: 'slow', inputSchema: { type: 'object' }, handler: async () => (await slow, { content: [{ type: 'text', text: 'done' }] }) }], { logger: silentLogger() }).attach(server);
    let closed = false;
    server.onclose = () => (closed = true);
    await server.connect(createStdioTransport({ input, output }));
    input.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } })}\n`);
    input.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'slow', arguments: {} } })}\n`);
    input.end();
    await new Promise((r) => setTimeout(r, 50));
    // The caller hung up its input with a call in flight: still open until that call is answered.
    expect(closed).toBe(false);
    release();
    for (let i = 0; i < 100 && !closed; i++) await new Promise((r) => setTimeout(r, 10));
    expect(closed).toBe(true);
    expect(answered).toEqual([1, 2]);
  });

  it('tells a failing input to onerror instead of crashing, and refuses a line bound that is no positive integer', async () => {
    const input = new PassThrough();
    const transport = createStdioTransport({ input, output: new PassThrough() });
    const errors: string[] = [];
    transport.onerror = (e) => errors.push(e.message);
    await transport.start();
    input.destroy(new Error('EIO read'));
    await new Promise((r) => setTimeout(r, 20));
    expect(errors).toEqual(['EIO read']);
    await transport.close();
    for (const maxLineBytes of [Number.NaN, 0, -1, 1.5]) expect(() => createStdioTransport({ maxLineBytes })).toThrow(/maxLineBytes must be a positive integer/);
  });
});

