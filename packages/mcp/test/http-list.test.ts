// tools/list over real Streamable HTTP with the SDK Client: ?dialect=, _meta, both, unknown names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { convert, loadDialects } from '@redouble/dialects';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { createDialectHttpHandler, createDialectTools, DIALECT_META_KEY } from '../src/index.js';
import { demoTools } from '../src/demo/tools.js';
import { connectHttp, corpusTools, listen, published, silentLogger, startHttp, type RunningServer } from './helpers.js';

const registry = loadDialects();
const names = registry.names();
const tools = [...demoTools(), ...corpusTools('server-memory'), ...corpusTools('server-filesystem')];
const dialects = createDialectTools(tools, { registry, logger: silentLogger() });
let server: RunningServer;

/** What convert says the list must be in that dialect (tools it cannot convert at all are left out). */
function expectedList(name: string): unknown[] {
  const dialect = registry.get(name);
  return tools.map((t) => convert(published(t), dialect).output).filter((o) => o !== undefined);
}

// A dialect whose spelling of these tools differs from the default's: the one that shows a choice was made.
const differing = names.find((n) => JSON.stringify(expectedList(n)) !== JSON.stringify(expectedList(dialects.defaultDialect)));

beforeAll(async () => {
  server = await startHttp(dialects);
});
afterAll(async () => {
  await server.close();
});

describe('tools/list over Streamable HTTP', () => {
  it('has dialects to choose from, and they spell these tools differently', () => {
    expect(names.length).toBeGreaterThan(1);
    expect(differing).toBeDefined();
  });

  it.each(names)('?dialect=%s answers in that dialect, and the SDK client accepts it', async (name) => {
    const client = await connectHttp(`${server.url}?dialect=${encodeURIComponent(name)}`);
    try {
      const result = await client.listTools();
      expect(result.tools).toEqual(expectedList(name));
      expect(result._meta?.[DIALECT_META_KEY]).toBe(registry.get(name).id);
      // Every demo tool converts in every dialect: none may be missing from any list.
      expect(result.tools.map((t) => t.name)).toEqual(expect.arrayContaining(demoTools().map((t) => t.name)));
    } finally {
      await client.close();
    }
  });

  it.each(names)('_meta naming %s answers in that dialect', async (name) => {
    const client = await connectHttp(server.url);
    try {
      const result = await client.listTools({ _meta: { [DIALECT_META_KEY]: name } });
      expect(result.tools).toEqual(expectedList(name));
      expect(result._meta?.[DIALECT_META_KEY]).toBe(registry.get(name).id);
    } finally {
      await client.close();
    }
  });

  it('answers in the default dialect when nothing names one', async () => {
    const client = await connectHttp(server.url);
    try {
      const result = await client.listTools();
      expect(result.tools).toEqual(expectedList(dialects.defaultDialect));
      expect(result.tools).toEqual(tools.map(published));
    } finally {
      await client.close();
    }
  });

  it("lets the request's own _meta win over ?dialect=", async () => {
    const client = await connectHttp(`${server.url}?dialect=${encodeURIComponent(differing!)}`);
    try {
      const own = await client.listTools({ _meta: { [DIALECT_META_KEY]: dialects.defaultDialect } });
      expect(own.tools).toEqual(expectedList(dialects.defaultDialect));
      const fromUrl = await client.listTools();
      expect(fromUrl.tools).toEqual(expectedList(differing!));
    } finally {
      await client.close();
    }
  });
});

describe('unknown dialects', () => {
  async function refusal(url: string, meta?: Record<string, unknown>): Promise<McpError> {
    const client = await connectHttp(url);
    try {
      await client.listTools(meta ? { _meta: meta } : undefined);
    } catch (error) {
      return error as McpError;
    } finally {
      await client.close();
    }
    throw new Error('the request was not refused');
  }

  function expectRefusal(error: McpError): void {
    expect(error).toBeInstanceOf(McpError);
    expect(error.code).toBe(-32602);
    expect((error.data as { accepted: string[] }).accepted).toEqual(names);
    for (const name of names) expect(error.message).toContain(name);
  }

  it('refuses an unknown ?dialect= with -32602 listing the accepted names, at initialize already (its name is copied there too)', async () => {
    const error = await connectHttp(`${server.url}?dialect=no_such_dialect`).then(
      async (client) => {
        await client.close();
        throw new Error('the initialize was not refused');
      },
      (e: unknown) => e as McpError,
    );
    expectRefusal(error);
    expect(error.message).toContain('Unknown dialect "no_such_dialect"');
  });

  it('refuses an unknown pinned version named in _meta', async () => {
    const error = await refusal(server.url, { [DIALECT_META_KEY]: `${dialects.defaultDialect}@1999-01` });
    expectRefusal(error);
    expect(error.message).toContain(`${dialects.defaultDialect}@1999-01`);
  });

  it('refuses a dialect that is not a string', async () => {
    expectRefusal(await refusal(server.url, { [DIALECT_META_KEY]: 7 }));
  });

  it('refuses a tools/call naming an unknown dialect the same way', async () => {
    const client = await connectHttp(server.url);
    try {
      const error = await client
        .callTool({ name: 'days_between', arguments: { from: '2026-01-01', to: '2026-01-02' }, _meta: { [DIALECT_META_KEY]: 'no_such_dialect' } })
        .then(() => undefined, (e: unknown) => e as McpError);
      expect(error).toBeDefined();
      expectRefusal(error!);
    } finally {
      await client.close();
    }
  });
});

describe('an unknown ?dialect= on a host that knows its dialects', () => {
  it('refuses the initialize itself: the client fails to connect, told the accepted names', async () => {
    const handler = createDialectHttpHandler({ createServer: () => attached(new Server({ name: 'test', version: '0.0.0' })), dialects, sessions: false });
    const served = await listen((req, res) => void handler(req, res));
    try {
      const url = `http://127.0.0.1:${served.port}/mcp`;
      const failure = await connectHttp(`${url}?dialect=no_such_dialect`).then(
        async (client) => {
          await client.close();
          return undefined;
        },
        (error: unknown) => error as Error,
      );
      expect(failure).toBeInstanceOf(Error);
      // The SDK's StreamableHTTPError carries the HTTP status as its code.
      expect((failure as Error & { code?: number }).code).toBe(400);
      expect(failure!.message).toContain('"code":-32602');
      expect(failure!.message).toContain('Unknown dialect \\"no_such_dialect\\" in the URL');
      for (const name of names) expect(failure!.message).toContain(name);
      // A known name connects as before, and so does a pinned version.
      for (const name of [differing!, registry.get(differing!).id]) {
        const client = await connectHttp(`${url}?dialect=${encodeURIComponent(name)}`);
        expect((await client.listTools()).tools).toEqual(expectedList(name));
        await client.close();
      }
    } finally {
      await served.close();
    }
  });
});

function attached(server: Server): Server {
  dialects.attach(server);
  return server;
}

describe('advertising in the initialize answer', () => {
  it('names the key, the URL parameter, the default and every accepted value in both capability slots', async () => {
    const client = await connectHttp(server.url);
    try {
      const capabilities = client.getServerCapabilities();
      const expected = { key: DIALECT_META_KEY, urlParameter: 'dialect', default: dialects.defaultDialect, accepted: names };
      expect(capabilities?.experimental?.[DIALECT_META_KEY]).toEqual(expected);
      expect((capabilities as Record<string, Record<string, unknown>>).extensions?.[DIALECT_META_KEY]).toEqual(expected);
      expect(capabilities?.tools).toBeDefined();
      // Pins are advertised as well as plain names.
      expect(names.some((n) => n.includes('@'))).toBe(true);
    } finally {
      await client.close();
    }
  });
});
