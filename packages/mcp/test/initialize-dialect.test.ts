// A dialect named in the _meta of initialize was silently ignored: "bogus" got a normal result. Now a
// wrong name there is refused as on any request (-32602, the accepted names in message and data),
// and a known one is accepted without becoming a default for the requests after it. Over stdio,
// for attach(server), for withDialects(mcpServer), and for the built proxy (--stdio).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { loadDialects } from '@redouble/dialects';
import { createDialectTools, DIALECT_META_KEY, withDialects } from '../src/index.js';
import { demoTools } from '../src/demo/tools.js';
import { repoRoot, silentLogger } from './helpers.js';
import { proxyBin } from './proxy-helpers.js';
import { initialize, overStdio, spawnExchange, type Exchange } from './stdio-exchange.js';

const registry = loadDialects();
const names = registry.names();
const defaultId = registry.get(createDialectTools([], { registry, logger: silentLogger() }).defaultDialect).id;
// A plain name that is not the default: naming it must not make it one.
const other = names.find((n) => !n.includes('@') && registry.get(n).id !== defaultId)!;
const demo = join(repoRoot, 'packages', 'mcp', 'dist', 'demo', 'server.js');

async function initializeNamingDialects(ex: Exchange): Promise<void> {
  ex.send(initialize(1, '2025-06-18', { [DIALECT_META_KEY]: 'bogus' }));
  const unknown = await ex.answer(1);
  expect(unknown.result).toBeUndefined();
  expect(unknown.error).toEqual({
    code: -32602,
    message: `Unknown dialect "bogus". Accepted dialects: ${names.join(', ')}.`,
    data: { key: DIALECT_META_KEY, requested: 'bogus', accepted: names },
  });

  ex.send(initialize(2, '2025-06-18', { [DIALECT_META_KEY]: 7 }));
  expect((await ex.answer(2)).error).toMatchObject({ code: -32602, message: expect.stringMatching(/^params\._meta\["ai\.redouble\/dialect"\] must be a string\. Accepted dialects: /), data: { requested: 7 } });

  ex.send(initialize(3, '2025-06-18', { [DIALECT_META_KEY]: other }));
  expect((await ex.answer(3)).result).toMatchObject({ protocolVersion: '2025-06-18' });
  ex.send({ jsonrpc: '2.0', method: 'notifications/initialized' });

  // Law 5: per request. The initialize's name set no default; a request naming it gets it.
  ex.send({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: {} });
  expect((await ex.answer(4)).result?._meta).toMatchObject({ [DIALECT_META_KEY]: defaultId });
  ex.send({ jsonrpc: '2.0', id: 5, method: 'tools/list', params: { _meta: { [DIALECT_META_KEY]: other } } });
  expect((await ex.answer(5)).result?._meta).toMatchObject({ [DIALECT_META_KEY]: registry.get(other).id });
}

describe('a dialect named in the _meta of initialize, over stdio', () => {
  it('createDialectTools(...).attach(server): refused when unknown or not a string, accepted and not remembered when known', async () => {
    const server = new Server({ name: 'init-test', version: '0.0.0' });
    createDialectTools(demoTools(), { registry, logger: silentLogger() }).attach(server);
    const stdio = await overStdio((t) => server.connect(t), () => server.close());
    try {
      await initializeNamingDialects(stdio);
    } finally {
      await stdio.close();
    }
  });

  it('withDialects(mcpServer): the same', async () => {
    const mcp = new McpServer({ name: 'init-test', version: '0.0.0' });
    mcp.registerTool('echo', { description: 'Echo.', inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
    const front = withDialects(mcp, { registry, logger: silentLogger() });
    const stdio = await overStdio((t) => front.connect(t), () => front.close());
    try {
      await initializeNamingDialects(stdio);
    } finally {
      await stdio.close();
    }
  });

  it('the built proxy (--stdio) in front of the demo server: the same', async () => {
    const proxy = spawnExchange([proxyBin, 'proxy', '--stdio', '--', process.execPath, demo, '--stdio']);
    try {
      await initializeNamingDialects(proxy);
    } finally {
      expect(await proxy.end()).toBe(0);
    }
  });
});
