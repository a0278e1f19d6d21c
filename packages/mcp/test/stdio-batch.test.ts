// A JSON-RPC batch over stdio after an initialize on 2025-03-26 (the protocol version that allowed
// batches): it used to get no answer at all, and its caller waited for ever. Now each request in it
// is answered -32600 under its own id, and a batch with none under id null; the server reads on.
// Through createStdioTransport with a Server, and through the built `dialects-mcp proxy --stdio`.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { createDialectTools } from '../src/index.js';
import { demoTools } from '../src/demo/tools.js';
import { repoRoot, silentLogger } from './helpers.js';
import { initialize, overStdio, spawnExchange, type Exchange } from './stdio-exchange.js';
import { proxyBin } from './proxy-helpers.js';

const demo = join(repoRoot, 'packages', 'mcp', 'dist', 'demo', 'server.js');
const NOT_ACCEPTED = 'a batch (a JSON array of messages) is not accepted on this transport; send each message on its own line';

/** The reviewer's exchange, line for line; then a single request, to show the server still serves. */
async function batches(ex: Exchange): Promise<void> {
  ex.send(initialize(1, '2025-03-26'));
  expect((await ex.answer(1)).result).toMatchObject({ protocolVersion: '2025-03-26' });
  ex.send({ jsonrpc: '2.0', method: 'notifications/initialized' });

  ex.send('[{"jsonrpc":"2.0","id":11,"method":"tools/list","params":{}},{"jsonrpc":"2.0","id":12,"method":"ping"}]');
  for (const [id, index] of [
    [11, 0],
    [12, 1],
  ]) {
    const answer = await ex.answer(id);
    expect(answer).toEqual({ jsonrpc: '2.0', id, error: { code: -32600, message: `Invalid Request: ${NOT_ACCEPTED}. This request was element ${index} of a batch of 2.` } });
  }

  ex.send('[]');
  expect(await ex.answer(null)).toMatchObject({ error: { code: -32600, message: expect.stringContaining('an empty batch ([])') } });

  // The notification gets nothing; the request beside it is answered.
  ex.send('[{"jsonrpc":"2.0","method":"notifications/roots/list_changed"},{"jsonrpc":"2.0","id":13,"method":"ping"}]');
  expect((await ex.answer(13)).error).toMatchObject({ code: -32600, message: expect.stringContaining('element 1 of a batch of 2') });

  // Elements that are not objects get nothing: with no request beside them, the batch is answered once.
  ex.send('[1,"x",null]');
  expect((await ex.answer(null)).error?.message).toContain('no element of it is a request with an id to answer');

  ex.send({ jsonrpc: '2.0', id: 14, method: 'tools/list', params: {} });
  expect(((await ex.answer(14)).result?.tools as unknown[]).length).toBe(demoTools().length);
  // Nothing of a batch ran: no result under any of its ids, and exactly the answers above.
  expect(ex.lines.map((l) => [l.id, l.error?.code ?? 'result'])).toEqual([
    [1, 'result'],
    [11, -32600],
    [12, -32600],
    [null, -32600],
    [13, -32600],
    [null, -32600],
    [14, 'result'],
  ]);
}

describe('a JSON-RPC batch over stdio', () => {
  it('createStdioTransport with a Server: each request answered under its id, [] and a batch without one under id null, told to onerror', async () => {
    const server = new Server({ name: 'batch-test', version: '0.0.0' });
    createDialectTools(demoTools(), { logger: silentLogger() }).attach(server);
    const errors: string[] = [];
    server.onerror = (error) => errors.push(error.message);
    const stdio = await overStdio((t) => server.connect(t), () => server.close());
    try {
      await batches(stdio);
      expect(errors).toEqual([
        expect.stringMatching(/^refused a batch line \(a JSON array of 2 elements\): batches are not accepted on this transport; its request\(s\) 11, 12 answered with -32600\.$/),
        expect.stringContaining('a JSON array of 0 elements'),
        expect.stringContaining('its request(s) 13 answered'),
        expect.stringContaining('one -32600 under id null'),
      ]);
    } finally {
      await server.close();
    }
  });

  it('the built proxy (--stdio) in front of the demo server: the same answers, and nothing of a batch runs', async () => {
    const proxy = spawnExchange([proxyBin, 'proxy', '--stdio', '--', process.execPath, demo, '--stdio']);
    try {
      await batches(proxy);
    } finally {
      expect(await proxy.end()).toBe(0);
    }
    expect(proxy.stderr()).toContain('caller connection: refused a batch line (a JSON array of 2 elements)');
  });
});
