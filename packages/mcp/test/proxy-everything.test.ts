// `dialects-mcp proxy` in front of @modelcontextprotocol/server-everything (npm, stdio): what a
// client gets through the proxy against what it gets from the server directly, with the SDK Client
// over stdio and the MCP Inspector CLI over HTTP as downstream clients.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  type CallToolResult,
  type ClientCapabilities,
  type ListToolsResult,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { convert, loadDialects } from '@redouble/dialects';
import { DIALECT_META_KEY } from '../src/index.js';
import { CHILD_TIMEOUT_MS } from '../../../test-timeouts.js';
import { repoRoot } from './helpers.js';
import { HTTP_CLIENT_CAPABILITIES } from '../src/index.js';
import { everything, proxiedHttp, proxiedStdio, stdioClient, type HttpProxy } from './proxy-helpers.js';

const registry = loadDialects();
const NULLS = 'openai_strict';
let direct: Client;
let proxied: Client;
let http: HttpProxy;

beforeAll(async () => {
  [direct, proxied, http] = await Promise.all([
    stdioClient(process.execPath, everything),
    proxiedStdio([process.execPath, ...everything]),
    proxiedHttp([process.execPath, ...everything]),
  ]);
});
afterAll(async () => {
  await Promise.all([direct?.close(), proxied?.close(), http?.stop()]);
});

const meta = (dialect: string) => ({ _meta: { [DIALECT_META_KEY]: dialect } });

describe('proxy in front of server-everything', () => {
  it('introduces itself as the upstream does, plus the dialect advertisement', () => {
    expect(proxied.getServerVersion()).toEqual(direct.getServerVersion());
    expect(proxied.getInstructions()).toBe(direct.getInstructions());
    const caps = proxied.getServerCapabilities()!;
    const upstream = direct.getServerCapabilities()!;
    for (const key of ['logging', 'completions', 'prompts', 'resources'] as const) expect(caps[key]).toEqual(upstream[key]);
    expect(caps.tools?.listChanged).toBe(true);
    expect(caps.experimental?.[DIALECT_META_KEY]).toMatchObject({ key: DIALECT_META_KEY, accepted: registry.names() });
  });

  it('lists every tool in every dialect: canonical as the upstream lists it, the others converted from it', async () => {
    const { tools } = await direct.listTools();
    expect(tools.length).toBeGreaterThan(10);
    expect((await proxied.listTools()).tools).toEqual(tools);
    for (const info of registry.list()) {
      const list = await proxied.listTools(meta(info.id));
      expect(list._meta?.[DIALECT_META_KEY]).toBe(info.id);
      expect(list.tools, info.id).toEqual(tools.map((t) => convert(t, registry.get(info.id)).output).filter((t) => t !== undefined));
    }
  });

  it('answers calls as the upstream does, structured content included', async () => {
    await direct.listTools();
    await proxied.listTools();
    const calls = [
      { name: 'echo', arguments: { message: 'hello' } },
      { name: 'get-sum', arguments: { a: 2, b: 40 } },
      { name: 'get-structured-content', arguments: { location: 'Chicago' } },
      { name: 'get-annotated-message', arguments: { messageType: 'success' } },
      { name: 'get-tiny-image', arguments: {} },
    ];
    for (const call of calls) expect(await proxied.callTool(call), call.name).toEqual(await direct.callTool(call));
  });

  it('reads a null-sending caller\'s nulls as omissions, and refuses a bad call without the upstream', async () => {
    await proxied.listTools(meta(NULLS));
    const listed = (await proxied.listTools(meta(NULLS))).tools.find((t) => t.name === 'get-resource-links')!;
    expect(listed.inputSchema.required).toEqual(['count']);
    const viaNull = await proxied.callTool({ name: 'get-resource-links', arguments: { count: null }, ...meta(NULLS) });
    const omitted = await direct.callTool({ name: 'get-resource-links', arguments: {} });
    expect(viaNull).toEqual(omitted);
    const bad = (await proxied.callTool({ name: 'get-sum', arguments: { a: 'two', b: 1 } })) as CallToolResult;
    expect(bad.isError).toBe(true);
    // The proxy's own words (the upstream's zod would have said something else): it never got the call.
    expect(JSON.stringify(bad.content)).toContain('were not accepted');
    expect(JSON.stringify(bad.content)).toContain('/a');
  });

  it('passes progress of the long-running operation to the caller that asked', async () => {
    const run = async (client: Client): Promise<{ result: unknown; progress: Progress[] }> => {
      const progress: Progress[] = [];
      const result = await client.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 4 } }, undefined, {
        onprogress: (p) => progress.push(p),
      });
      return { result, progress };
    };
    const [through, straight] = await Promise.all([run(proxied), run(direct)]);
    expect(through.result).toEqual(straight.result);
    // The last step's notification races its own result on either path, so compare what both got.
    const common = Math.min(through.progress.length, straight.progress.length);
    expect(common).toBeGreaterThan(0);
    expect(through.progress.slice(0, common)).toEqual(straight.progress.slice(0, common));
    expect(through.progress.every((p) => p.total === 4)).toBe(true);
  });

  it('cancels the upstream call when its caller gives up, and keeps serving', async () => {
    const controller = new AbortController();
    const call = proxied.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 30, steps: 30 } }, undefined, {
      signal: controller.signal,
      onprogress: () => controller.abort('enough'),
    });
    await expect(call).rejects.toThrow();
    expect(await proxied.callTool({ name: 'echo', arguments: { message: 'still here' } })).toEqual(
      await direct.callTool({ name: 'echo', arguments: { message: 'still here' } }),
    );
  });

  it('passes resources, prompts and completion through unchanged', async () => {
    expect(await proxied.listResources()).toEqual(await direct.listResources());
    expect(await proxied.listResourceTemplates()).toEqual(await direct.listResourceTemplates());
    const uri = (await direct.listResources()).resources[0]!.uri;
    expect(await proxied.readResource({ uri })).toEqual(await direct.readResource({ uri }));
    expect(await proxied.listPrompts()).toEqual(await direct.listPrompts());
    expect(await proxied.getPrompt({ name: 'args-prompt', arguments: { city: 'Oslo' } })).toEqual(
      await direct.getPrompt({ name: 'args-prompt', arguments: { city: 'Oslo' } }),
    );
    const complete = { ref: { type: 'ref/prompt' as const, name: 'completable-prompt' }, argument: { name: 'department', value: 'E' } };
    expect(await proxied.complete(complete)).toEqual(await direct.complete(complete));
    await expect(proxied.setLoggingLevel('error')).resolves.toEqual({});
    await expect(proxied.ping()).resolves.toEqual({});
  });
});

describe('proxy: notifications and pages', () => {
  it("forwards the upstream's log messages to a stdio caller", async () => {
    await proxied.setLoggingLevel('debug');
    const message = new Promise<unknown>((resolve) => proxied.setNotificationHandler(LoggingMessageNotificationSchema, (n) => resolve(n.params)));
    await proxied.callTool({ name: 'toggle-simulated-logging', arguments: {} });
    expect(await message).toMatchObject({ level: expect.any(String), data: expect.anything() });
    await proxied.callTool({ name: 'toggle-simulated-logging', arguments: {} });
  });

  it('--page-size: the listTools loop collects what the upstream lists, in two dialects', async () => {
    const { tools } = await direct.listTools();
    const paged = await proxiedStdio([process.execPath, ...everything], ['--page-size', '4']);
    try {
      for (const dialect of ['canonical', NULLS]) {
        const collected: unknown[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = await paged.listTools({ cursor, ...meta(dialect) });
          collected.push(...page.tools);
          cursor = page.nextCursor;
          pages++;
        } while (cursor !== undefined);
        expect(pages).toBe(Math.ceil(tools.length / 4));
        expect(collected).toEqual(tools.map((t) => convert(t, registry.get(dialect)).output));
      }
    } finally {
      await paged.close();
    }
  });
});

/** server-everything's tools as a direct client declaring `capabilities` lists them, once its conditional tools are in. */
async function directWith(capabilities: ClientCapabilities): Promise<ListToolsResult> {
  const client = new Client({ name: 'proxy-test', version: '0.0.0' }, { capabilities });
  // Never asked: the proxy's upstream is asked, not this one; these only make the declaration legal.
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [] }));
  await client.connect(new StdioClientTransport({ command: process.execPath, args: everything, stderr: 'pipe' }));
  try {
    for (;;) {
      const list = await client.listTools();
      if (list.tools.some((t) => t.name === 'get-roots-list')) return list;
      await sleep(50);
    }
  } finally {
    await client.close();
  }
}

describe('proxy over HTTP, driven by the MCP Inspector CLI', () => {
  const inspector = join(repoRoot, 'node_modules', '.bin', 'mcp-inspector');
  const inspect = (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
    new Promise((resolve) => {
      execFile(inspector, ['--cli', ...args, '--transport', 'http', '--format', 'json'], { timeout: CHILD_TIMEOUT_MS }, (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
      });
    });

  it('lists in the dialect its URL names and calls through it', async () => {
    // Over HTTP the proxy declares every client capability it can pass on, so the upstream lists its
    // sampling, elicitation and roots tools too: a direct client declaring the same sees the same.
    const { tools } = await directWith(HTTP_CLIENT_CAPABILITIES);
    const list = await inspect([`${http.url}?dialect=flat`, '--method', 'tools/list']);
    expect(list.code, list.stderr).toBe(0);
    expect((JSON.parse(list.stdout) as { result: { tools: unknown[] } }).result.tools).toEqual(tools.map((t) => convert(t, registry.get('flat')).output));
    const call = await inspect([`${http.url}?dialect=${NULLS}`, '--method', 'tools/call', '--tool-name', 'get-sum', '--tool-args-json', '{"a":1,"b":2}']);
    expect(call.code, call.stderr).toBe(0);
    expect(call.stdout).toContain('The sum of 1 and 2 is 3.');
    const bad = await inspect([http.url, '--method', 'tools/call', '--tool-name', 'get-sum', '--tool-args-json', '{"a":"x","b":2}']);
    expect(bad.code).toBe(5);
  });
});
