// An upstream whose tools/list holds entries that are no tools, or one name twice: the front
// serves what it can, and every entry it leaves out is logged (and named in
// _meta["ai.redouble/dialect-omitted"] when it has a name that is not served), never dropped unsaid.
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { DialectFront, OMITTED_META_KEY } from '../src/index.js';
import { ToolCatalog } from '../src/front/tool-catalog.js';
import { silentLogger } from './helpers.js';

const upstreamTools = [
  null,
  5,
  { name: 'ok', inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } },
  { name: 'ok', inputSchema: { type: 'object', properties: { n: { type: 'string' } } } },
  { name: 'bad', inputSchema: { type: 'strng' } },
];

describe('a front over an upstream that lists odd entries', () => {
  it('serves the first of a repeated name, and logs each entry it leaves out', async () => {
    const upstream = new Server({ name: 'odd', version: '0' }, { capabilities: { tools: {} } });
    upstream.setRequestHandler(ListToolsRequestSchema, () => ({ tools: upstreamTools as Tool[] }));
    upstream.setRequestHandler(CallToolRequestSchema, (request) => ({ content: [{ type: 'text', text: JSON.stringify(request.params.arguments) }] }));
    const logger = silentLogger();
    const front = new DialectFront(
      {
        restart: false,
        open: async () => {
          const [a, b] = InMemoryTransport.createLinkedPair();
          await upstream.connect(b);
          return a;
        },
      },
      { logger },
    );
    const [a, b] = InMemoryTransport.createLinkedPair();
    await front.connect(b);
    const client = new Client({ name: 'odd-client', version: '0' });
    await client.connect(a);
    try {
      const list = await client.listTools();
      expect(list.tools.map((t) => t.name)).toEqual(['ok']);
      // "ok" is served, so it is not named as left out; "bad" is.
      expect(list._meta?.[OMITTED_META_KEY]).toEqual(['bad']);
      const log = logger.lines.join('\n');
      expect(log).toMatch(/entry 0 at \/: not an MCP Tool/);
      expect(log).toMatch(/entry 1 at \/: not an MCP Tool/);
      expect(log).toMatch(/Upstream lists tool "ok" twice \(entries 2 and 3\): the first is served, entry 3 is left out\./);
      expect(log).toMatch(/tool "bad" at \/inputSchema\/type/);
      // The first definition judges the call: n is an integer there.
      expect(await client.callTool({ name: 'ok', arguments: { n: 3 } })).toMatchObject({ content: [{ type: 'text', text: '{"n":3}' }] });
      expect(await client.callTool({ name: 'ok', arguments: { n: 'three' } })).toMatchObject({ isError: true });
    } finally {
      await client.close();
      await front.close();
    }
  });

  /** A front over an in-memory upstream whose tools/list answers `list()`; calls echo their arguments. */
  async function frontOver(list: () => unknown): Promise<{ client: Client; front: DialectFront; logger: ReturnType<typeof silentLogger>; close(): Promise<void> }> {
    const upstream = new Server({ name: 'odd', version: '0' }, { capabilities: { tools: {} } });
    upstream.setRequestHandler(ListToolsRequestSchema, () => list() as { tools: Tool[] });
    upstream.setRequestHandler(CallToolRequestSchema, (request) => ({ content: [{ type: 'text', text: JSON.stringify(request.params.arguments) }] }));
    const logger = silentLogger();
    const open = async () => {
      const [a, b] = InMemoryTransport.createLinkedPair();
      await upstream.connect(b);
      return a;
    };
    const front = new DialectFront({ restart: false, open }, { logger });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await front.connect(b);
    const client = new Client({ name: 'odd-client', version: '0' });
    await client.connect(a);
    return { client, front, logger, close: async () => (await client.close(), await front.close()) };
  }

  it('leaves out a tool nested past the stack, named, and serves the rest', async () => {
    let deep: unknown = { type: 'string' };
    for (let i = 0; i < 5000; i++) deep = { type: 'object', properties: { n: deep } };
    const run = await frontOver(() => ({ tools: [{ name: 'deep', inputSchema: deep }, upstreamTools[2]] }));
    try {
      const list = await run.client.listTools();
      expect(list.tools.map((t) => t.name)).toEqual(['ok']);
      expect(list._meta?.[OMITTED_META_KEY]).toEqual(['deep']);
      expect(run.logger.lines.join('\n')).toContain('nests deeper than 256 levels');
    } finally {
      await run.close();
    }
  });

  it('reads a re-listed set holding a tool nested past the stack as unchanged, and a changed one as changed', () => {
    const deepTool = (name: string) => {
      let deep: unknown = { type: 'string' };
      for (let i = 0; i < 20_000; i++) deep = { type: 'object', properties: { n: deep } };
      return { name, inputSchema: deep };
    };
    const catalog = new ToolCatalog(() => async () => ({ content: [] }), silentLogger(), undefined);
    const ok = upstreamTools[2];
    expect(catalog.replace([deepTool('deep'), ok])).toBe(true);
    const version = catalog.current.version;
    // The same set listed again (as after an upstream's list_changed that changed nothing): no
    // list_changed for callers, and a cursor issued before stays valid.
    expect(catalog.replace([deepTool('deep'), ok])).toBe(false);
    expect(catalog.current.version).toBe(version);
    expect(catalog.replace([deepTool('deeper'), ok])).toBe(true);
    expect(catalog.replace([ok, deepTool('deeper')])).toBe(true);
  });

  it('answers tools/list with an error, logged, when the upstream answers one with no tools array', async () => {
    for (const answer of [{ tools: 'nope' }, {}, { tools: [], nextCursor: 5 }]) {
      const run = await frontOver(() => answer);
      try {
        const refused = await run.client.listTools().then(
          () => undefined,
          (e: unknown) => e as Error,
        );
        expect(refused?.message, JSON.stringify(answer)).toMatch(/not a list of tools: (\/(tools|nextCursor) is|it has no \/tools)/);
        expect(run.logger.lines.join('\n')).toContain("its own tools/list fails (the upstream's tools/list result is not a list of tools");
      } finally {
        await run.close();
      }
    }
  });
});
