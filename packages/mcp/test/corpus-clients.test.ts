// Every real corpus server, served in every dialect, to a real SDK Client over HTTP. The SDK
// client refuses a whole tools/list when one tool's schema breaks its checks, so this is where a
// dialect that spells something the most common MCP client cannot read shows up.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { convert, lintTools, loadDialects } from '@redouble/dialects';
import { createDialectTools, type DialectTool } from '../src/index.js';
import { connectHttp, published, repoRoot, silentLogger, startHttp } from './helpers.js';

const registry = loadDialects();
const names = [...new Set(registry.list().map((d) => d.name))];
const root = join(repoRoot, 'corpus', 'tools');

/** A server's tools, or undefined when its canonical tools are already unusable (a schema error, or not an MCP Tool). */
function serverTools(server: string): DialectTool[] | undefined {
  const tools: DialectTool[] = [];
  for (const file of readdirSync(join(root, server)).sort()) {
    const tool = JSON.parse(readFileSync(join(root, server, file), 'utf8')) as Record<string, unknown>;
    if (!ToolSchema.safeParse(tool).success || lintTools(tool).diagnostics.some((d) => d.severity === 'error')) return undefined;
    // Feature-flag variants of one tool share a name; the file name keeps them apart.
    tools.push({ ...tool, name: file.slice(0, -5), handler: () => ({ content: [] }) } as unknown as DialectTool);
  }
  return tools;
}

const servers = readdirSync(root)
  .sort()
  .map((server) => ({ server, tools: serverTools(server) }))
  .filter((s): s is { server: string; tools: DialectTool[] } => s.tools !== undefined);

beforeAll(() => {
  // The SDK client's Ajv warns about each unknown format (uint, uint64, ...) on stderr.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterAll(() => {
  vi.restoreAllMocks();
});

describe('every corpus server in every dialect, to the SDK Client', () => {
  it('covers most of the corpus', () => {
    expect(servers.length).toBeGreaterThan(70);
  });

  it.each(servers.map((s) => s.server))('%s: listTools accepted in every dialect, spelled as convert says', async (server) => {
    const tools = servers.find((s) => s.server === server)!.tools;
    const running = await startHttp(createDialectTools(tools, { registry, logger: silentLogger() }));
    const refused: string[] = [];
    try {
      for (const name of names) {
        const client = await connectHttp(`${running.url}?dialect=${name}`);
        try {
          const list = await client.listTools();
          // A tool whose conversion has an error is left out (tool-list-cache.ts): its vendor refuses it.
          const expected = tools
            .map((t) => convert(published(t), registry.get(name)))
            .filter((r) => r.output !== undefined && !r.diagnostics.some((d) => d.severity === 'error'))
            .map((r) => r.output);
          expect(list.tools).toEqual(expected);
        } catch (error) {
          refused.push(`${name}: ${(error as Error).message.slice(0, 200)}`);
        } finally {
          await client.close();
        }
      }
    } finally {
      await running.close();
    }
    expect(refused).toEqual([]);
  });
});
