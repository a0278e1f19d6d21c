// The built demo server over stdio, driven by the SDK Client: the --dialect option sets the
// process default, the request's own _meta still wins. Uses dist/ (the root `npm test` builds first).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { convert, loadDialects } from '@redouble/dialects';
import { DIALECT_META_KEY, defaultDialectName } from '../src/index.js';
import { demoTools } from '../src/demo/tools.js';
import { published, repoRoot } from './helpers.js';

const demo = join(repoRoot, 'packages', 'mcp', 'dist', 'demo', 'server.js');
const registry = loadDialects();
const nullSender = registry.list().find((info) => registry.get(info.id).decodesNulls)?.name;

async function withStdioClient<T>(args: string[], use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ name: 'dialects-stdio-test', version: '0.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [demo, '--stdio', ...args], stderr: 'pipe' }));
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

const expected = (name: string) => demoTools().map((t) => convert(published(t), registry.get(name)).output);

describe('the demo server over stdio', () => {
  it('answers in the registry default when started without --dialect', async () => {
    await withStdioClient([], async (client) => {
      const result = await client.listTools();
      expect(result.tools).toEqual(demoTools().map(published));
      expect(result._meta?.[DIALECT_META_KEY]).toBe(registry.get(defaultDialectName(registry)).id);
    });
  });

  it('--dialect sets the process default; a null-sending caller reaches the handler without its nulls', async () => {
    expect(nullSender).toBeDefined();
    await withStdioClient(['--dialect', nullSender!], async (client) => {
      const list = await client.listTools();
      expect(list.tools).toEqual(expected(nullSender!));
      expect(list.tools).not.toEqual(demoTools().map(published));
      const result = (await client.callTool({
        name: 'search_notes',
        arguments: { query: 'a', tag: null, since: null, limit: null, cursor: null },
      })) as CallToolResult;
      expect(result.isError).not.toBe(true);
      expect(result.structuredContent).toEqual({
        titles: ['Quarterly plan', 'Paint the fence', 'A calendar for cats'],
        received: ['cursor', 'query'],
      });
    });
  });

  it("the request's own _meta wins over --dialect", async () => {
    const fallback = defaultDialectName(registry);
    await withStdioClient(['--dialect', nullSender!], async (client) => {
      const list = await client.listTools({ _meta: { [DIALECT_META_KEY]: fallback } });
      expect(list.tools).toEqual(expected(fallback));
      // Read as a canonical caller, the same nulls are violations.
      const result = (await client.callTool({
        name: 'search_notes',
        arguments: { query: 'a', tag: null },
        _meta: { [DIALECT_META_KEY]: fallback },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain('tag');
    });
  });

  it('refuses to start with an unknown --dialect, listing the accepted names', async () => {
    const run = promisify(execFile);
    const error = await run(process.execPath, [demo, '--stdio', '--dialect', 'no_such_dialect']).then(
      () => undefined,
      (e: unknown) => e as { code: number; stderr: string },
    );
    expect(error?.code).toBe(2);
    for (const name of registry.names()) expect(error!.stderr).toContain(name);
  });
});
