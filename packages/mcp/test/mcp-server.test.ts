// An ordinary SDK McpServer (zod shape, zod object, JSON Schema through zod; with and without
// outputSchema) served in every dialect by withDialects, against what the SDK itself lists.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ToolListChangedNotificationSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { convert, loadDialects } from '@redouble/dialects';
import { DIALECT_META_KEY, withDialects, type DialectFront } from '../src/index.js';
import { connectHttp, silentLogger, startHttpWith, type RunningServer } from './helpers.js';

const registry = loadDialects();
const NULLS = 'openai_strict';
const meta = (dialect: string) => ({ _meta: { [DIALECT_META_KEY]: dialect } });

/** A JSON Schema author's tool: recursive, with $defs, registered through zod's own JSON Schema reader. */
const TREE_SCHEMA: Parameters<typeof z.fromJSONSchema>[0] = {
  type: 'object',
  $defs: {
    Node: {
      type: 'object',
      properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
      required: ['label'],
    },
  },
  properties: { root: { $ref: '#/$defs/Node' }, depth: { type: 'integer', minimum: 0 } },
  required: ['root'],
};

interface Weather {
  server: McpServer;
  received: Record<string, unknown>[];
}

/** The example server: what its handlers received is recorded, so a test can see a refused call never reached one. */
function weatherServer(): Weather {
  const received: Record<string, unknown>[] = [];
  const server = new McpServer({ name: 'weather', version: '1.0.0' }, { instructions: 'Ask about the weather.' });
  server.registerTool(
    'forecast',
    {
      description: 'Forecast for a city.',
      inputSchema: { city: z.string().min(1), days: z.number().int().min(1).max(7).optional(), units: z.enum(['c', 'f']).optional() },
      outputSchema: { city: z.string(), temps: z.array(z.number()), note: z.string().optional() },
    },
    async (args) => {
      received.push(args);
      const structuredContent = { city: args.city, temps: Array.from({ length: args.days ?? 1 }, (_, i) => 10 + i) };
      return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
    },
  );
  server.registerTool(
    'route',
    { description: 'A route between two places.', inputSchema: z.object({ from: z.string(), to: z.string(), via: z.array(z.string()).optional() }) },
    async (args) => {
      received.push(args);
      return { content: [{ type: 'text', text: [args.from, ...(args.via ?? []), args.to].join(' -> ') }] };
    },
  );
  server.registerTool('tree', { description: 'Counts nodes.', inputSchema: z.fromJSONSchema(TREE_SCHEMA) as z.ZodObject }, async (args) => {
    received.push(args);
    return { content: [{ type: 'text', text: 'ok' }] };
  });
  server.registerTool('whoami', { description: 'What the handler knows of its caller.' }, async (extra) => ({
    content: [{ type: 'text', text: `${String(extra.requestInfo?.headers['x-caller'] ?? 'nobody')} at ${extra.requestInfo?.url?.search ?? 'no url'}` }],
  }));
  return { server, received };
}

/** What the SDK itself lists for that server, with no dialects involved. */
async function sdkListing(): Promise<Tool[]> {
  const { server } = weatherServer();
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 'direct', version: '0' });
  await client.connect(a);
  const { tools } = await client.listTools();
  await client.close();
  // In memory, the SDK's `title: undefined` would survive; on a wire it is gone.
  return JSON.parse(JSON.stringify(tools)) as Tool[];
}

let front: DialectFront | undefined;
let http: RunningServer | undefined;
afterEach(async () => {
  await http?.close();
  await front?.close();
  front = undefined;
  http = undefined;
});

async function served(weather: Weather): Promise<Client> {
  front = withDialects(weather.server, { registry, logger: silentLogger() });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await front.connect(b);
  const client = new Client({ name: 'caller', version: '0' });
  await client.connect(a);
  return client;
}

describe('withDialects(McpServer)', () => {
  it('lists what the SDK lists as canonical, and its conversion in every dialect', async () => {
    const canonical = await sdkListing();
    expect(canonical.map((t) => t.name)).toEqual(['forecast', 'route', 'tree', 'whoami']);
    const client = await served(weatherServer());
    for (const info of registry.list()) {
      const list = await client.listTools({ _meta: { [DIALECT_META_KEY]: info.id } });
      expect(list._meta?.[DIALECT_META_KEY]).toBe(info.id);
      const expected = canonical.map((tool) => convert(tool, registry.get(info.id)).output).filter((t) => t !== undefined);
      expect(list.tools, info.id).toEqual(expected);
    }
    const plain = await client.listTools();
    expect(plain.tools).toEqual(canonical);
    expect(client.getInstructions()).toBe('Ask about the weather.');
    expect(client.getServerVersion()).toEqual({ name: 'weather', version: '1.0.0' });
    expect(client.getServerCapabilities()?.experimental?.[DIALECT_META_KEY]).toMatchObject({ accepted: registry.names() });
  });

  it('gives the handler what a canonical caller sends, and answers a null-sending caller in its words', async () => {
    const weather = weatherServer();
    const client = await served(weather);
    const list = await client.listTools({ _meta: { [DIALECT_META_KEY]: NULLS } });
    expect(list.tools.find((t) => t.name === 'forecast')?.inputSchema.required).toEqual(['city', 'days', 'units']);
    const result = (await client.callTool({ name: 'forecast', arguments: { city: 'Oslo', days: 2, units: null }, _meta: { [DIALECT_META_KEY]: NULLS } })) as CallToolResult;
    expect(weather.received).toEqual([{ city: 'Oslo', days: 2 }]);
    // This dialect publishes the output schema as authored, so the optional `note` stays left out.
    expect(result.structuredContent).toEqual({ city: 'Oslo', temps: [10, 11] });
    // A version that spells it all-required gets the omission as an explicit null, in its words.
    const old = { [DIALECT_META_KEY]: 'openai_strict@2026-10' };
    await client.listTools({ _meta: old });
    const spelled = (await client.callTool({ name: 'forecast', arguments: { city: 'Oslo', days: 2, units: null }, _meta: old })) as CallToolResult;
    expect(spelled.structuredContent).toEqual({ city: 'Oslo', temps: [10, 11], note: null });
    // The SDK client validates against the spelling it listed last, so a canonical caller lists canonical first.
    await client.listTools();
    const canonical = (await client.callTool({ name: 'forecast', arguments: { city: 'Oslo' } })) as CallToolResult;
    expect(canonical.structuredContent).toEqual({ city: 'Oslo', temps: [10] });
  });

  it('refuses a call that breaks the canonical schema before the handler runs', async () => {
    const weather = weatherServer();
    const client = await served(weather);
    const bad = (await client.callTool({ name: 'forecast', arguments: { city: 'Oslo', days: 9 } })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toContain('/days');
    // A null where the canonical schema admits none and the dialect does not send nulls.
    const nulls = (await client.callTool({ name: 'route', arguments: { from: 'A', to: 'B', via: null }, _meta: { [DIALECT_META_KEY]: 'canonical' } })) as CallToolResult;
    expect(nulls.isError).toBe(true);
    const deep = (await client.callTool({ name: 'tree', arguments: { root: { label: 'a', children: [{ children: [] }] } } })) as CallToolResult;
    expect(deep.isError).toBe(true);
    expect(weather.received).toEqual([]);
    const ok = (await client.callTool({ name: 'tree', arguments: { root: { label: 'a', children: [{ label: 'b' }] } } })) as CallToolResult;
    expect(ok.isError).toBeFalsy();
    expect(weather.received).toHaveLength(1);
  });

  it('shows tools added, disabled, enabled and removed after connect, with list_changed', async () => {
    const weather = weatherServer();
    const client = await served(weather);
    let changes = 0;
    let changed: () => void = () => undefined;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changes++;
      changed();
    });
    const next = (): Promise<void> => new Promise((resolve) => (changed = resolve));
    const names = async (): Promise<string[]> =>
      (await client.listTools({ _meta: { [DIALECT_META_KEY]: NULLS } })).tools.map((t) => t.name);

    let notified = next();
    const late = weather.server.registerTool('late', { inputSchema: { n: z.number().optional() } }, async (args) => {
      weather.received.push(args);
      return { content: [{ type: 'text', text: 'late' }] };
    });
    await notified;
    expect(await names()).toEqual(['forecast', 'route', 'tree', 'whoami', 'late']);
    await client.callTool({ name: 'late', arguments: { n: null }, _meta: { [DIALECT_META_KEY]: NULLS } });
    expect(weather.received).toEqual([{}]);

    notified = next();
    late.disable();
    await notified;
    expect(await names()).not.toContain('late');
    // Not listed any more: the McpServer itself answers, as it would unwrapped.
    const refused = (await client.callTool({ name: 'late', arguments: {} })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('Tool late disabled');

    notified = next();
    late.enable();
    await notified;
    expect(await names()).toContain('late');

    notified = next();
    late.remove();
    await notified;
    expect(await names()).toEqual(['forecast', 'route', 'tree', 'whoami']);
    expect(changes).toBe(4);
  });

  it('pages tools/list; a cursor from before the tools changed is refused, not followed', async () => {
    const weather = weatherServer();
    front = withDialects(weather.server, { registry, logger: silentLogger(), pageSize: 2 });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await front.connect(b);
    const client = new Client({ name: 'pager', version: '0' });
    await client.connect(a);
    const first = await client.listTools(meta(NULLS));
    expect(first.tools.map((t) => t.name)).toEqual(['forecast', 'route']);
    const second = await client.listTools({ cursor: first.nextCursor, ...meta(NULLS) });
    expect(second.tools.map((t) => t.name)).toEqual(['tree', 'whoami']);
    expect(second.nextCursor).toBeUndefined();
    const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
    weather.server.registerTool('late', { inputSchema: {} }, async () => ({ content: [] }));
    await changed;
    await expect(client.listTools({ cursor: first.nextCursor, ...meta(NULLS) })).rejects.toThrow(/changed since it was issued/);
    const again = await client.listTools({ cursor: (await client.listTools(meta(NULLS))).nextCursor, ...meta(NULLS) });
    expect(again.tools.map((t) => t.name)).toEqual(['tree', 'whoami']);
    expect(again.nextCursor).toBeDefined();
  });

  it('serves every dialect over HTTP with ?dialect=', async () => {
    const weather = weatherServer();
    front = withDialects(weather.server, { registry, logger: silentLogger() });
    const started = front;
    http = await startHttpWith(() => started.createServer());
    const client = await connectHttp(`${http.url}?dialect=flat`);
    const list = await client.listTools();
    expect(list._meta?.[DIALECT_META_KEY]).toBe(registry.get('flat').id);
    expect(JSON.stringify(list.tools)).not.toContain('$ref');
    const result = (await client.callTool({ name: 'route', arguments: { from: 'A', to: 'B' } })) as CallToolResult;
    expect(result.content).toEqual([{ type: 'text', text: 'A -> B' }]);
    await client.close();
    // The handler sees its caller's HTTP request, as it would unwrapped.
    const caller = new Client({ name: 'caller', version: '0' });
    await caller.connect(new StreamableHTTPClientTransport(new URL(`${http.url}?dialect=flat`), { requestInit: { headers: { 'x-caller': 'ada' } } }));
    const who = (await caller.callTool({ name: 'whoami', arguments: {} })) as CallToolResult;
    expect(who.content).toEqual([{ type: 'text', text: 'ada at ?dialect=flat' }]);
    await caller.close();
  });
});
