// The README's opening example (tools.ts and server.ts) is run as written against the built package,
// over stdio, with tsx standing in for the user's compile step. The consumer test
// (scripts/consumer/run.mjs) does the same from the packed tarballs with tsc.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { loadDialects } from '@redouble/dialects';
import { DIALECT_META_KEY } from '../src/index.js';
import { codeBlocks } from '../../../scripts/consumer/blocks.mjs';
import { repoRoot } from './helpers.js';

// Inside the repository (so the package resolves) in a git-ignored scratch folder.
const dir = mkdtempSync(join(repoRoot, '.scratch-readme-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('README', () => {
  it('opens with an example that runs and serves every dialect', async () => {
    const blocks = codeBlocks(readFileSync(join(repoRoot, 'packages', 'mcp', 'README.md'), 'utf8'));
    for (const name of ['tools.ts', 'server.ts']) {
      const example = blocks.find((b) => b.file === name && b.lang === 'ts')?.text;
      expect(example, name).toContain("from '@redouble/dialects-mcp'");
      writeFileSync(join(dir, name), example!);
    }
    const file = join(dir, 'server.ts');

    const client = new Client({ name: 'readme-test', version: '0.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', file], cwd: repoRoot, stderr: 'pipe' }));
    try {
      const registry = loadDialects();
      for (const name of registry.names()) {
        const list = await client.listTools({ _meta: { [DIALECT_META_KEY]: name } });
        expect(list.tools.map((t) => t.name)).toEqual(['add']);
        expect(list._meta?.[DIALECT_META_KEY]).toBe(registry.get(name).id);
      }
      const sum = (await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })) as CallToolResult;
      expect(sum.content).toEqual([{ type: 'text', text: '5' }]);
      const bad = (await client.callTool({ name: 'add', arguments: { a: 2147483648, b: 3 } })) as CallToolResult;
      expect(bad.isError).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('shows the two-line change to an McpServer, and the client block prints what it says', () => {
    const blocks = codeBlocks(readFileSync(join(repoRoot, 'packages', 'mcp', 'README.md'), 'utf8'));
    const at = blocks.findIndex((b) => b.file === 'weather.mjs');
    const [server, client, promised] = blocks.slice(at, at + 3);
    expect(server?.text).toContain('withDialects(server).connect(');
    writeFileSync(join(dir, 'weather.mjs'), server!.text);
    writeFileSync(join(dir, 'try-weather.mjs'), client!.text);
    const out = execFileSync(process.execPath, ['try-weather.mjs'], { cwd: dir, encoding: 'utf8' });
    // The text block after it shows what it prints (the consumer test's convention).
    expect(client?.lang).toBe('js');
    expect(promised?.lang).toBe('text');
    expect(out.trim()).toBe(promised!.text.trim());
  });
});
