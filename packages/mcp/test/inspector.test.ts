// The MCP Inspector CLI, a client nobody here wrote, driven headless against a real HTTP server.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convert, loadDialects } from '@redouble/dialects';
import { createDialectTools, DIALECT_META_KEY } from '../src/index.js';
import { demoTools } from '../src/demo/tools.js';
import { published, repoRoot, silentLogger, startHttp, type RunningServer } from './helpers.js';
import { CHILD_TIMEOUT_MS } from '../../../test-timeouts.js';

const inspector = join(repoRoot, 'node_modules', '.bin', 'mcp-inspector');
const registry = loadDialects();
const dialects = createDialectTools(demoTools(), { registry, logger: silentLogger() });
const nullSender = registry.list().find((info) => registry.get(info.id).decodesNulls)?.id;
let server: RunningServer;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the Inspector asynchronously: the server under test lives in this process and must keep answering. */
function inspect(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(inspector, ['--cli', ...args, '--format', 'json'], { timeout: CHILD_TIMEOUT_MS }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  server = await startHttp(dialects);
});
afterAll(async () => {
  await server.close();
});

describe('MCP Inspector CLI', () => {
  it('lists the tools in the dialect named by ?dialect=', async () => {
    expect(nullSender).toBeDefined();
    const run = await inspect([`${server.url}?dialect=${encodeURIComponent(nullSender!)}`, '--transport', 'http', '--method', 'tools/list']);
    expect(run.code, run.stderr).toBe(0);
    const { result } = JSON.parse(run.stdout) as { result: { tools: unknown[] } };
    expect(result.tools).toEqual(demoTools().map((t) => convert(published(t), registry.get(nullSender!)).output));
  });

  it('sees the advertisement in the initialize answer', async () => {
    const run = await inspect([server.url, '--transport', 'http', '--method', 'initialize']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(DIALECT_META_KEY);
    for (const name of registry.names()) expect(run.stdout).toContain(`"${name}"`);
  });

  it('calls a tool with explicit nulls as a null-sending caller', async () => {
    const run = await inspect([
      server.url, '--transport', 'http', '--method', 'tools/call', '--tool-name', 'search_notes',
      '--tool-args-json', JSON.stringify({ query: 'plan', tag: null, since: null, limit: null, cursor: null }),
      '--tool-metadata', `${DIALECT_META_KEY}=${nullSender!}`,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const { result } = JSON.parse(run.stdout) as { result: { structuredContent: unknown } };
    expect(result.structuredContent).toEqual({ titles: ['Quarterly plan'], received: ['cursor', 'query'] });
  });

  it('gets isError (exit 5) for a call that breaks the canonical schema', async () => {
    const run = await inspect([
      server.url, '--transport', 'http', '--method', 'tools/call', '--tool-name', 'multiply_int32',
      '--tool-args-json', JSON.stringify({ a: 2147483648, b: 1 }),
    ]);
    expect(run.code).toBe(5);
    expect(run.stdout + run.stderr).toContain('multiply_int32');
    expect(run.stdout + run.stderr).toContain('2147483647');
  });
});
