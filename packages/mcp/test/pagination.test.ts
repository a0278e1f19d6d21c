// Cursor pagination of tools/list: all 881 corpus tools, collected page by page with the SDK
// Client's listTools loop in two dialects, against one unpaged list. Through createDialectTools
// (the tools it accepts) and through a front whose upstream itself pages (all of them: a tool with
// an invalid schema is refused and named, never dropped silently).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema, ListToolsResultSchema, McpError, ToolSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { lintTools } from '@redouble/dialects';
import { createDialectTools, DialectFront, DIALECT_META_KEY, OMITTED_META_KEY, type DialectTool } from '../src/index.js';
import { repoRoot, silentLogger } from './helpers.js';

const DIALECTS = ['flat', 'openai_strict'];
const PAGE = 50;
const root = join(repoRoot, 'corpus', 'tools');

/** Every corpus tool, renamed server__file so that names are unique across servers. */
const corpus: Record<string, unknown>[] = readdirSync(root)
  .sort()
  .flatMap((server) =>
    readdirSync(join(root, server))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => ({ ...(JSON.parse(readFileSync(join(root, server, f), 'utf8')) as Record<string, unknown>), name: `${server}__${f.slice(0, -5)}` })),
  );
/** The tools an SDK client can read at all (MCP Tool shape) and whose schemas are valid. */
const valid = corpus.filter((tool) => ToolSchema.safeParse(tool).success && !lintTools(tool).diagnostics.some((d) => d.severity === 'error'));

beforeAll(() => {
  // The SDK client's Ajv warns about each unknown format (uint, uint64, ...) on stderr.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterAll(() => {
  vi.restoreAllMocks();
});

async function connect(server: { connect(t: InMemoryTransport): Promise<unknown> }): Promise<Client> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 'pager', version: '0' });
  await client.connect(a);
  return client;
}

/**
 * A cursor that is no string (a number, null) is the caller's mistake: -32602 in one sentence
 * naming /params/cursor, as the pager words it, never the SDK's -32603 with a Zod dump.
 */
async function expectCursorRefused(client: Client): Promise<void> {
  for (const [cursor, kind] of [[5, 'a number'], [null, 'null']] as const) {
    const error = (await client.request({ method: 'tools/list', params: { cursor } as never }, ListToolsResultSchema).catch((e: unknown) => e)) as McpError;
    expect(error).toBeInstanceOf(McpError);
    expect(error.code).toBe(-32602);
    expect(error.message).toBe(`MCP error -32602: Invalid cursor for tools/list: params.cursor must be a string; got ${kind} at /params/cursor.`);
    expect(error.data).toEqual({ param: 'cursor', path: '/params/cursor' });
  }
}

/** The SDK Client's loop: listTools until there is no nextCursor. */
async function collect(client: Client, dialect: string): Promise<{ tools: Tool[]; pages: number; meta: unknown }> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  let pages = 0;
  let meta: unknown;
  do {
    const page = await client.listTools({ cursor, _meta: { [DIALECT_META_KEY]: dialect } });
    tools.push(...page.tools);
    meta = page._meta;
    cursor = page.nextCursor;
    pages++;
  } while (cursor !== undefined);
  return { tools, pages, meta };
}

describe('tools/list pagination', () => {
  it('corpus: all 881 tools are here', () => {
    expect(corpus).toHaveLength(881);
    expect(new Set(corpus.map((t) => t.name)).size).toBe(881);
  });

  it('createDialectTools: the listTools loop collects the unpaged list, in two dialects', async () => {
    const tools = valid.map((t) => ({ ...t, handler: () => ({ content: [] }) }) as unknown as DialectTool);
    const dialects = createDialectTools(tools, { logger: silentLogger(), pageSize: PAGE });
    const server = new Server({ name: 'paged', version: '0' });
    dialects.attach(server);
    const client = await connect(server);
    for (const dialect of DIALECTS) {
      const paged = await collect(client, dialect);
      // A dialect leaves out the tools its vendor refuses (tool-list-cache.ts): its own list is paged.
      const whole = dialects.listTools(dialect).tools;
      expect(paged.pages).toBe(Math.ceil(whole.length / PAGE));
      expect(paged.tools).toEqual(whole);
    }
    // A cursor is tied to its dialect: one issued for flat is refused for openai_strict.
    const first = await client.listTools({ _meta: { [DIALECT_META_KEY]: 'flat' } });
    await expect(client.listTools({ cursor: first.nextCursor, _meta: { [DIALECT_META_KEY]: 'openai_strict' } })).rejects.toThrow(/issued for dialect flat/);
    await expect(client.listTools({ cursor: 'bogus' })).rejects.toThrow(/Invalid cursor/);
    await expectCursorRefused(client);
    // Stable: the same cursor gives the same page again.
    const again = await client.listTools({ cursor: first.nextCursor, _meta: { [DIALECT_META_KEY]: 'flat' } });
    expect(await client.listTools({ cursor: first.nextCursor, _meta: { [DIALECT_META_KEY]: 'flat' } })).toEqual(again);
    await client.close();
  });

  it('front over a paging upstream: all 881 read from every upstream page, served in pages, invalid ones named', async () => {
    const upstream = new Server({ name: 'corpus', version: '0' }, { capabilities: { tools: {} } });
    const UPSTREAM_PAGE = 100;
    upstream.setRequestHandler(ListToolsRequestSchema, (request) => {
      const start = Number(request.params?.cursor ?? 0);
      const end = start + UPSTREAM_PAGE;
      return { tools: corpus.slice(start, end) as Tool[], ...(end < corpus.length ? { nextCursor: String(end) } : {}) };
    });
    const front = new DialectFront(
      {
        restart: false,
        open: async () => {
          const [a, b] = InMemoryTransport.createLinkedPair();
          await upstream.connect(b);
          return a;
        },
      },
      { logger: silentLogger(), pageSize: PAGE },
    );
    const client = await connect(front);
    const refused = corpus.length - valid.length;
    for (const dialect of DIALECTS) {
      const paged = await collect(client, dialect);
      const whole = front.listTools(dialect);
      expect(paged.tools).toEqual(whole.tools);
      const omitted = (whole._meta[OMITTED_META_KEY] as string[] | undefined) ?? [];
      // Every corpus tool is either served or named as left out.
      expect(paged.tools.length + omitted.length).toBe(881);
      expect(omitted.length).toBeGreaterThanOrEqual(refused);
      expect(refused).toBeGreaterThan(0);
      expect((paged.meta as Record<string, unknown>)[OMITTED_META_KEY]).toEqual(whole._meta[OMITTED_META_KEY]);
    }
    await expectCursorRefused(client);
    // A refused tool is never forwarded: the caller hears why.
    const omitted = front.listTools('flat')._meta[OMITTED_META_KEY] as string[];
    await expect(client.callTool({ name: omitted[0]!, arguments: {} })).rejects.toThrow(/not served in any dialect/);
    await client.close();
    await front.close();
  });
});
