// Registration: tool schemas are linted when registered; errors refuse to start, warnings are logged.
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { convert, DialectError, loadDialects } from '@redouble/dialects';
import { createDialectTools, defaultDialectName, DIALECT_META_KEY, OMITTED_META_KEY, type DialectTool } from '../src/index.js';
import { demoTools } from '../src/demo/tools.js';
import { corpusTools, published, silentLogger } from './helpers.js';

const registry = loadDialects();
const handler = () => ({ content: [] });

function refusal(tools: DialectTool[]): DialectError {
  try {
    createDialectTools(tools, { registry, logger: silentLogger() });
  } catch (error) {
    expect(error).toBeInstanceOf(DialectError);
    return error as DialectError;
  }
  throw new Error('registration was not refused');
}

describe('registration', () => {
  it('refuses a tool whose local $ref does not resolve, naming the tool and the pointer', () => {
    const error = refusal([
      { name: 'fine', inputSchema: { type: 'object' }, handler },
      { name: 'dangling', inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } }, handler },
    ]);
    expect(error.message).toContain('"dangling"');
    expect(error.message).toContain('/inputSchema/properties/a');
    expect(error.message).not.toContain('"fine"');
    expect(error.diagnostics.every((d) => d.severity === 'error')).toBe(true);
  });

  it('refuses a tool nested past the stack with the depth bound at its pointer, and one holding a function', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 5000; i++) deep = { type: 'object', properties: { n: deep } };
    const error = refusal([{ name: 'deep', inputSchema: deep, handler }]);
    expect(error.message).toContain('tool "deep" at /inputSchema/properties/n');
    expect(error.message).toContain('nests deeper than 256 levels');
    const odd = refusal([{ name: 'odd', inputSchema: { type: 'object' }, annotations: { title: () => 'x' } as unknown as Record<string, unknown>, handler }]);
    expect(odd.message).toMatch(/tool "odd"/);
  });

  it('serves a definition as the JSON it is written as: undefined members absent, anything else not JSON refused at its pointer', () => {
    const described = (text?: string) => ({ type: 'string', description: text, enum: undefined });
    const tools = createDialectTools([{ name: 'opt', inputSchema: { type: 'object', properties: { a: described() } }, handler }], { registry, logger: silentLogger() });
    // Every dialect lists it (convert refused the undefined members, per dialect, at the first list).
    for (const name of registry.names()) expect(tools.listTools(name).tools.map((t) => t.name), name).toEqual(['opt']);
    expect(tools.listTools().tools[0]!.inputSchema).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    const cases: [unknown, RegExp][] = [
      [new Date(0), /a Date object at \/inputSchema\/properties\/a\/default/],
      [10n, /a bigint at \/inputSchema\/properties\/a\/default/],
      [Number.NaN, /the number NaN at \/inputSchema\/properties\/a\/default/],
      [[1, undefined], /undefined at \/inputSchema\/properties\/a\/default\/1/],
      [new Map(), /a Map object at \/inputSchema\/properties\/a\/default/],
      // Named for what they are, not as a wrong keyword value (round 25).
      [Object.assign([], { 1: 'x' }), /an empty array slot at \/inputSchema\/properties\/a\/default\/0/],
    ];
    for (const [value, words] of cases) {
      const error = refusal([{ name: 'odd', inputSchema: { type: 'object', properties: { a: { default: value } } }, handler }]);
      expect(error.message, String(value)).toMatch(/tool "odd": it holds what is not JSON data: /);
      expect(error.message, String(value)).toMatch(words);
    }
  });

  it('refuses a definition whose getter throws as that tool\'s problem, and registers the others', () => {
    const schema = { type: 'object', properties: {} as Record<string, unknown> };
    Object.defineProperty(schema.properties, 'a', { enumerable: true, get: () => { throw new Error('not loaded yet'); } });
    const error = refusal([{ name: 'fine', inputSchema: { type: 'object' }, handler }, { name: 'lazy', inputSchema: schema, handler }]);
    expect(error.message).toMatch(/tool "lazy": it could not be read: not loaded yet/);
    expect(error.message).not.toContain('"fine"');
  });

  it('names a value that is not JSON where a keyword stands as such, not as a wrong keyword value', () => {
    const boxed = refusal([{ name: 'boxed', inputSchema: { type: new String('object') as unknown as string }, handler }]);
    expect(boxed.message).toMatch(/tool "boxed": it holds what is not JSON data: a String object at \/inputSchema\/type\./);
    const big = refusal([{ name: 'big', inputSchema: { type: 'object', properties: { n: { type: 'integer', maximum: 10n as unknown as number } } }, handler }]);
    expect(big.message).toMatch(/tool "big": it holds what is not JSON data: a bigint at \/inputSchema\/properties\/n\/maximum\./);
    expect(big.message).not.toContain('must be number');
  });

  it('keeps a __proto__ member as data, and copies it: later changes by the author do not move what is served', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"b":{"type":"integer"}}}') as Record<string, unknown>;
    const tools = createDialectTools([{ name: 'p', inputSchema: schema, handler }], { registry, logger: silentLogger() });
    (schema.properties as Record<string, unknown>).b = { type: 'boolean' };
    const served = tools.listTools().tools[0]!.inputSchema as { properties: Record<string, unknown> };
    expect(Object.keys(served.properties)).toEqual(['__proto__', 'b']);
    expect(Object.getPrototypeOf(served.properties)).toBe(Object.prototype);
    expect(served.properties.b).toEqual({ type: 'integer' });
  });

  it('refuses a schema that declares an unsupported $schema', () => {
    const error = refusal([
      { name: 'old', inputSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' }, handler },
    ]);
    expect(error.message).toContain('"old"');
    expect(error.message).toContain('/inputSchema');
  });

  it('refuses duplicate names and definitions without a handler', () => {
    const error = refusal([
      { name: 'twice', inputSchema: { type: 'object' }, handler },
      { name: 'twice', inputSchema: { type: 'object' }, handler },
      { name: 'nohandler', inputSchema: { type: 'object' } } as unknown as DialectTool,
    ]);
    expect(error.message).toContain('"twice" is registered twice');
    expect(error.message).toContain('"nohandler" has no handler');
  });

  it('refuses a tool that is no MCP Tool as the SDK reads one (43 corpus tools have annotations: {title: null}), which would make an SDK client refuse the whole list', async () => {
    const odd = { name: 'odd', inputSchema: { type: 'object' }, annotations: { title: null, destructiveHint: null }, handler } as unknown as DialectTool;
    const error = refusal([{ name: 'fine', inputSchema: { type: 'object' }, handler }, odd]);
    expect(error.diagnostics).toEqual([expect.objectContaining({ code: 'tool-definition-invalid', path: '/1/annotations/title' })]);
    expect(error.message).toMatch(/tool "odd" at \/annotations\/title: not an MCP Tool: /);
    // What it guards against: served, that one tool makes the SDK client refuse every tool of the list.
    const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
    const unchecked = [{ name: 'fine', inputSchema: { type: 'object' } }, { name: 'odd', inputSchema: { type: 'object' }, annotations: { title: null } }];
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: unchecked }) as never);
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: 'c', version: '1' });
    await client.connect(b);
    await expect(client.listTools()).rejects.toThrow(/annotations/);
    await client.close();
  });

  it('reads a field set to undefined as absent, as JSON and the SDK do, in every dialect', () => {
    const inputSchema = { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] };
    const logger = silentLogger();
    const dt = createDialectTools([{ name: 'add', title: undefined, annotations: undefined, outputSchema: undefined, inputSchema, handler }], { registry, logger });
    for (const { id } of registry.list()) {
      const list = dt.listTools(id);
      expect(list.tools.map((t) => t.name), id).toEqual(['add']);
      expect(Object.keys(list.tools[0] ?? {}), id).not.toContain('outputSchema');
    }
    expect(logger.lines).toEqual([]);
  });

  it('logs a warning for an external $ref (never fetched) and still starts', () => {
    const logger = silentLogger();
    const tools = createDialectTools(
      [{ name: 'ext', inputSchema: { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } }, handler }],
      { registry, logger },
    );
    expect(tools.listTools().tools.map((t) => t.name)).toEqual(['ext']);
    expect(logger.lines.some((l) => l.includes('"ext"') && l.includes('/inputSchema/properties/a'))).toBe(true);
  });

  it('leaves a tool whose name a dialect\'s vendor refuses out of that dialect, named and logged; the others list it', async () => {
    // Published, the vendor refuses every request that carries it (round 20); renamed, callers would call another name.
    const logger = silentLogger();
    const tools = createDialectTools([{ name: 'files/read file', inputSchema: { type: 'object' }, handler }, { name: 'fine', inputSchema: { type: 'object' }, handler }], { registry, logger });
    // Said once registration's warning-only rules have run (right after it, whether or not a client asks), and as an error where it is left out.
    const warnings = await tools.warnings;
    expect(warnings).toEqual([expect.objectContaining({ code: 'mcp.tool.name', severity: 'warning', path: '/0/name' })]);
    const gemini = tools.listTools('gemini');
    expect(gemini.tools.map((t) => t.name)).toEqual(['fine']);
    expect(gemini._meta[OMITTED_META_KEY]).toEqual(['files/read file']);
    expect(logger.lines[0]).toMatch(/^warning: tool "files\/read file" at \/name: The tool name "files\/read file" is not one .* recommends: it contains "\/", a space;.*\[mcp\.tool\.name\]$/);
    expect(logger.lines.some((l) => l.startsWith('error: tool "files/read file" left out of dialect gemini@') && l.includes('[tool-name-rejected]'))).toBe(true);
    expect(tools.listTools('canonical').tools.map((t) => t.name)).toEqual(['files/read file', 'fine']);
    expect(logger.lines.filter((l) => l.includes('dialect canonical@'))).toEqual([]);
  });

  it('leaves a tool whose schema the dialect\'s reader refuses (a root union) out of that dialect', () => {
    const logger = silentLogger();
    const rootUnion = { name: 'either', inputSchema: { type: 'object', anyOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'number' } }, required: ['b'] }] }, handler };
    const tools = createDialectTools([rootUnion, { name: 'fine', inputSchema: { type: 'object' }, handler }], { registry, logger });
    const list = tools.listTools('anthropic_strict');
    expect(list.tools.map((t) => t.name)).toEqual(['fine']);
    expect(list._meta[OMITTED_META_KEY]).toEqual(['either']);
    expect(logger.lines.some((l) => l.includes('"either" left out of dialect anthropic_strict@') && l.includes('[root-'))).toBe(true);
  });

  it('says once per dialect, when its list is built, what a request carrying every tool passes of the vendor\'s per-request limits', () => {
    const logger = silentLogger();
    const many = [...Array(21).keys()].map((i) => ({ name: `t${i}`, inputSchema: { type: 'object' }, handler }));
    const tools = createDialectTools(many, { registry, logger });
    expect(tools.listTools('anthropic_strict').tools).toHaveLength(21);
    tools.listTools('anthropic_strict');
    const said = logger.lines.filter((l) => l.includes('[request-limit-exceeded]'));
    expect(said).toEqual([expect.stringMatching(/^warning: dialect anthropic_strict@[^:]+: a request that carries every one of these 21 tools passes this dialect's limit of 20 tools per request; send at most 20 per request \[request-limit-exceeded\]$/)]);
    // A dialect whose vendor states no per-request limit says nothing; twenty tools are within it.
    tools.listTools('openai_strict');
    expect(logger.lines.filter((l) => l.includes('[request-limit-exceeded]'))).toHaveLength(1);
    const quiet = silentLogger();
    createDialectTools(many.slice(1), { registry, logger: quiet }).listTools('anthropic_strict');
    expect(quiet.lines.filter((l) => l.includes('[request-limit-exceeded]'))).toEqual([]);
  });

  it('answers calls to a tool with an external $ref, judged by the rest of its schema', async () => {
    const tools = createDialectTools(
      [{ name: 'ext', inputSchema: { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' }, n: { type: 'integer' } } }, handler: (args) => ({ content: [{ type: 'text', text: JSON.stringify(args) }] }) }],
      { registry, logger: silentLogger() },
    );
    const server = new Server({ name: 'ext', version: '0.0.0' });
    tools.attach(server);
    const client = new Client({ name: 'test', version: '0.0.0' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    await client.connect(b);
    try {
      expect(await client.callTool({ name: 'ext', arguments: { a: { any: 1 }, n: 2 } })).toEqual({ content: [{ type: 'text', text: '{"a":{"any":1},"n":2}' }] });
      const refused = await client.callTool({ name: 'ext', arguments: { n: 'two' } });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain('/n');
    } finally {
      await client.close();
    }
  });

  it('registers every real tool of a corpus server without a complaint', () => {
    const logger = silentLogger();
    const tools = corpusTools('github-mcp-server');
    const dialects = createDialectTools(tools, { registry, logger });
    expect(dialects.listTools().tools).toHaveLength(tools.length);
    expect(logger.lines).toEqual([]);
  });

  it('never mutates or keeps hold of the caller\'s tool objects', () => {
    const tools = demoTools();
    const before = JSON.stringify(tools.map(published));
    const dialects = createDialectTools(tools, { registry, logger: silentLogger() });
    for (const name of registry.names()) dialects.listTools(name);
    expect(JSON.stringify(tools.map(published))).toBe(before);
    (tools[0]!.inputSchema as Record<string, unknown>).description = 'changed later';
    expect(dialects.listTools().tools[0]).not.toHaveProperty('description', 'changed later');
  });

  it('listTools(name) from code answers in that dialect, and throws the registry\'s error for an unknown one', () => {
    const dialects = createDialectTools(demoTools(), { registry, logger: silentLogger() });
    for (const name of registry.names()) {
      expect(dialects.listTools(name).tools).toEqual(demoTools().map((t) => convert(published(t), registry.get(name)).output));
    }
    expect(() => dialects.listTools('no_such_dialect')).toThrow(expect.objectContaining({ code: 'unknown-dialect' }));
  });

  it('refuses an unknown default dialect with the registry\'s error', () => {
    expect(() => createDialectTools(demoTools(), { registry, defaultDialect: 'no_such_dialect', logger: silentLogger() })).toThrow(
      expect.objectContaining({ code: 'unknown-dialect' }),
    );
  });
});

describe('a tool a dialect cannot convert at all', () => {
  // Each definition refers to the next twice: inlined, it doubles thirty times.
  const $defs: Record<string, unknown> = { D30: { type: 'string' } };
  for (let i = 0; i < 30; i++) $defs[`D${i}`] = { type: 'object', properties: { a: { $ref: `#/$defs/D${i + 1}` }, b: { $ref: `#/$defs/D${i + 1}` } } };
  const blowup: DialectTool = { name: 'blowup', inputSchema: { type: 'object', $defs, properties: { root: { $ref: '#/$defs/D0' } } }, handler };

  it('is left out of that dialect\'s list, named in the answer\'s _meta and logged; other dialects keep it', () => {
    const logger = silentLogger();
    const dialects = createDialectTools([...demoTools(), blowup], { registry, logger });
    const failing = registry.names().filter((n) => {
      const r = convert(published(blowup), registry.get(n));
      return r.output === undefined || r.diagnostics.some((d) => d.severity === 'error');
    });
    expect(failing.length).toBeGreaterThan(0);
    expect(failing.length).toBeLessThan(registry.names().length);
    for (const name of registry.names()) {
      const list = dialects.listTools(name);
      const names = list.tools.map((t) => t.name);
      expect(list._meta[DIALECT_META_KEY]).toBe(registry.get(name).id);
      if (failing.includes(name)) {
        expect(names).not.toContain('blowup');
        expect(list._meta[OMITTED_META_KEY]).toEqual(['blowup']);
        expect(logger.lines.some((l) => l.includes('"blowup"') && l.includes(registry.get(name).id))).toBe(true);
      } else {
        expect(names).toContain('blowup');
        expect(list._meta).not.toHaveProperty(OMITTED_META_KEY);
      }
      expect(names).toEqual(expect.arrayContaining(demoTools().map((t) => t.name)));
    }
  });
});

describe('the default dialect', () => {
  it('comes from the registry: the dialect that leaves every demo and corpus schema as written', () => {
    const name = defaultDialectName(registry);
    expect(registry.names()).toContain(name);
    for (const tool of [...demoTools(), ...corpusTools('server-memory')]) {
      expect(convert(published(tool), registry.get(name)).output).toEqual(published(tool));
    }
  });

  it('is what a server uses when none is configured', () => {
    expect(createDialectTools(demoTools(), { registry, logger: silentLogger() }).defaultDialect).toBe(defaultDialectName(registry));
  });
});
