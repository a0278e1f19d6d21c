// The proxy in front of Python servers whose tools are pydantic models: one on the real Python MCP SDK
// (mcp 2.3.0's MCPServer, FastMCP's new name; installed into tools/python/venv by npm ci from the
// package index this machine's pip is configured with), and a standard-library stand-in that spells
// the same schemas, which runs wherever python3 does. Both carry $defs/$ref, Optional fields as
// anyOf-with-null, defaults and a recursive model.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { convert, loadDialects } from '@redouble/dialects';
import { pythonBin, pythonSdkUnavailable } from '../../../tools/python/paths.mjs';
import { DIALECT_META_KEY } from '../src/index.js';
import { proxiedStdio, stdioClient } from './proxy-helpers.js';

const fixture = (file: string) => join(import.meta.dirname, 'fixtures', file);
const python3 = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
const sdkMissing = pythonSdkUnavailable();
if (sdkMissing !== undefined) process.stderr.write(`proxy-python: the Python MCP SDK test is skipped: ${sdkMissing}\n`);

const registry = loadDialects();
const NULLS = 'openai_strict';
const meta = (dialect: string) => ({ _meta: { [DIALECT_META_KEY]: dialect } });

const order = {
  customer: 'Ada',
  address: { street: '1 Loop Rd', city: 'Oslo' },
  items: [{ sku: 'A-1', quantity: 2, price: 2.5 }],
  category: { name: 'tools', children: [{ name: 'hammers', children: [{ name: 'claw' }] }] },
};
/** An openai_strict caller's call: every optional property sent, as null where it means "not given". */
const strictCall = { ...order, address: { ...order.address, zip: null }, note: null, priority: null, gift_wrap: null };

const SERVERS = [
  {
    title: 'the Python MCP SDK (MCPServer, pydantic models)',
    command: [pythonBin, fixture('mcp_sdk_server.py')],
    missing: sdkMissing,
    // priority and gift_wrap are plain int and bool: pydantic refuses a null, so these defaults prove
    // the proxy omitted them; note admits null, so its null went through as a value.
    decoded: { id: expect.any(Number), total: 5, priority: 1, category_depth: 3, note: null, gift_wrap: false },
  },
  {
    title: 'a standard-library stand-in spelling the same schemas',
    command: [python3, fixture('pydantic_server.py')],
    missing: undefined,
    // The stand-in lists the argument names it received: the omitted ones are absent, note is there.
    decoded: { id: expect.any(Number), total: 5, priority: 1, category_depth: 3, note: null, received: ['address', 'category', 'customer', 'items', 'note'] },
  },
];

for (const server of SERVERS) {
  describe.skipIf(server.missing !== undefined)(`proxy in front of ${server.title}`, () => {
    let direct: Client;
    let proxied: Client;
    beforeAll(async () => {
      [direct, proxied] = await Promise.all([stdioClient(server.command[0]!, server.command.slice(1)), proxiedStdio(server.command)]);
    });
    afterAll(async () => {
      await Promise.all([direct?.close(), proxied?.close()]);
    });

    /** create_order calls that reached the Python process behind the proxy. */
    const calls = async (): Promise<number> =>
      ((await proxied.callTool({ name: 'calls', arguments: {} })) as CallToolResult & { structuredContent: { count: number } }).structuredContent.count;

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

    it('lists every dialect as the engine spells the tools Python lists', async () => {
      const { tools } = await direct.listTools();
      const names = [...new Set(registry.list().map((d) => d.name))];
      expect(names.length).toBeGreaterThanOrEqual(7);
      for (const name of names) {
        const listed = await proxied.listTools(meta(name));
        expect(listed.tools, name).toEqual(tools.map((t) => convert(t, registry.get(name)).output));
      }
    });

    it("reads an openai_strict caller's nulls as omissions where Python's schema does not admit null", async () => {
      const strict = (await proxied.listTools(meta(NULLS))).tools.find((t) => t.name === 'create_order')!;
      expect(strict.inputSchema.required).toEqual(['customer', 'address', 'items', 'category', 'note', 'priority', 'gift_wrap']);
      const before = await calls();
      const result = (await proxied.callTool({ name: 'create_order', arguments: strictCall, ...meta(NULLS) })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(server.decoded);
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
}

describe.skipIf(sdkMissing !== undefined)('the Python MCP SDK without the proxy', () => {
  it("refuses the same openai_strict call itself: pydantic reads priority's null as a wrong type", async () => {
    const direct = await stdioClient(pythonBin, [fixture('mcp_sdk_server.py')]);
    try {
      const result = (await direct.callTool({ name: 'create_order', arguments: strictCall })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toMatch(/priority[\s\S]*valid integer/);
    } finally {
      await direct.close();
    }
  });
});
