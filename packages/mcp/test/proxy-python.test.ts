// The proxy in front of a Python server whose schemas are spelled as the Python MCP SDK (FastMCP,
// pydantic v2) spells them. PyPI is not reachable here, so the server is a standard-library
// stand-in (fixtures/pydantic_server.py) emitting the same schema shapes: $defs/$ref, Optional as
// anyOf-with-null, defaults, a recursive model.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { convert, loadDialects } from '@redouble/dialects';
import { DIALECT_META_KEY } from '../src/index.js';
import { proxiedStdio, stdioClient } from './proxy-helpers.js';

const python = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
const server = [python, join(import.meta.dirname, 'fixtures', 'pydantic_server.py')];
const registry = loadDialects();
const NULLS = 'openai_strict';
const meta = (dialect: string) => ({ _meta: { [DIALECT_META_KEY]: dialect } });
let direct: Client;
let proxied: Client;

beforeAll(async () => {
  [direct, proxied] = await Promise.all([stdioClient(server[0]!, server.slice(1)), proxiedStdio(server)]);
});
afterAll(async () => {
  await Promise.all([direct?.close(), proxied?.close()]);
});

const order = {
  customer: 'Ada',
  address: { street: '1 Loop Rd', city: 'Oslo' },
  items: [{ sku: 'A-1', quantity: 2, price: 2.5 }],
  category: { name: 'tools', children: [{ name: 'hammers', children: [{ name: 'claw' }] }] },
};

/** create_order calls that reached the Python process behind the proxy. */
async function calls(): Promise<number> {
  return ((await proxied.callTool({ name: 'calls', arguments: {} })) as CallToolResult & { structuredContent: { count: number } }).structuredContent.count;
}

describe('proxy in front of a pydantic-style Python server', () => {
  it('lists canonical as Python spells it, and flat without any $ref', async () => {
    const { tools } = await direct.listTools();
    expect(JSON.stringify(tools)).toContain('#/$defs/Category');
    expect((await proxied.listTools()).tools).toEqual(tools);
    const flat = await proxied.listTools(meta('flat'));
    expect(flat.tools.map((t) => t.name)).toEqual(['create_order', 'calls']);
    expect(JSON.stringify(flat.tools)).not.toContain('$ref');
    expect(JSON.stringify(flat.tools)).not.toContain('$defs');
    expect(flat.tools).toEqual(tools.map((t) => convert(t, registry.get('flat')).output));
  });

  it("reads an openai_strict caller's nulls as omissions where Python's schema does not admit null", async () => {
    const strict = (await proxied.listTools(meta(NULLS))).tools.find((t) => t.name === 'create_order')!;
    expect(strict.inputSchema.required).toEqual(['customer', 'address', 'items', 'category', 'note', 'priority', 'gift_wrap']);
    const before = await calls();
    const result = (await proxied.callTool({
      name: 'create_order',
      arguments: { ...order, address: { ...order.address, zip: null }, note: null, priority: null, gift_wrap: null },
      ...meta(NULLS),
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    // priority and gift_wrap do not admit null: their nulls were omissions, so Python used its defaults.
    // note and category admit null: a null there is a value, and Python received it.
    expect(result.structuredContent).toEqual({ id: expect.any(Number), total: 5, priority: 1, category_depth: 3, note: null, received: ['address', 'category', 'customer', 'items', 'note'] });
    expect(await calls()).toBe(before + 1);
  });

  it('refuses a bad call before it reaches Python', async () => {
    const before = await calls();
    const bad = (await proxied.callTool({ name: 'create_order', arguments: { ...order, items: [{ sku: 'A-1', quantity: 0, price: 1 }] } })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toContain('/items/0/quantity');
    const deep = (await proxied.callTool({ name: 'create_order', arguments: { ...order, category: { name: 'a', children: [{ children: [] }] } } })) as CallToolResult;
    expect(deep.isError).toBe(true);
    const strictBad = (await proxied.callTool({ name: 'create_order', arguments: { ...order, priority: 'high' }, ...meta(NULLS) })) as CallToolResult;
    expect(strictBad.isError).toBe(true);
    expect(await calls()).toBe(before);
  });
});
