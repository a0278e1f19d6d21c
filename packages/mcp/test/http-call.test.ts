// tools/call over real Streamable HTTP: judged against the canonical schema, nulls decoded only for
// dialects that send them, bad calls as isError results, unknown tools and server faults as errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { loadDialects } from '@redouble/dialects';
import { createDialectTools, DIALECT_META_KEY, VIOLATIONS_META_KEY, type DialectTool } from '../src/index.js';
import { connectHttp, silentLogger, startHttp, type RunningServer } from './helpers.js';

const registry = loadDialects();
const nullSenders = registry.list().filter((info) => registry.get(info.id).decodesNulls).map((info) => info.id);
const received: Record<string, unknown>[] = [];

const recordArgs: DialectTool = {
  name: 'record_args',
  description: 'Records the arguments it receives.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string' },
      tag: { type: 'string', enum: ['a', 'b'] },
      limit: { type: 'integer', minimum: 1, maximum: 2147483647 },
      cursor: { type: ['string', 'null'] },
      filter: {
        type: 'object',
        properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } },
        required: ['from'],
        additionalProperties: false,
      },
    },
    required: ['query'],
    additionalProperties: false,
  },
  handler: (args) => {
    received.push(args);
    return { content: [{ type: 'text', text: 'ok' }] };
  },
};

const brokenOutput: DialectTool = {
  name: 'broken_output',
  inputSchema: { type: 'object' },
  outputSchema: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
  handler: () => ({ content: [{ type: 'text', text: 'oops' }], structuredContent: { count: 'three' } }),
};

const goodOutput: DialectTool = {
  name: 'good_output',
  inputSchema: { type: 'object' },
  outputSchema: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
  handler: () => ({ content: [], structuredContent: { count: 3 } }),
};

const sparseContent = { items: [{ id: 'a', tags: ['x'] }, { id: 'b', note: 'kept', page: {} }] };
const sparseOutput: DialectTool = {
  name: 'sparse_output',
  description: 'Returns a result that leaves optional properties out, at several depths.',
  inputSchema: { type: 'object' },
  outputSchema: {
    type: 'object',
    $defs: {
      Item: {
        title: 'Item',
        type: 'object',
        properties: {
          id: { type: 'string' },
          note: { type: 'string' },
          tags: { type: 'array', items: { type: 'string' } },
          page: { type: 'object', properties: { size: { type: 'integer' } } },
        },
        required: ['id'],
      },
    },
    properties: { items: { type: 'array', items: { $ref: '#/$defs/Item' } }, total: { type: 'integer' }, cursor: { type: 'string' } },
    required: ['items'],
  },
  handler: () => ({ content: [{ type: 'text', text: 'sparse' }], structuredContent: structuredClone(sparseContent) }),
};

// Everything a spelling might narrow: an open map, an object open by default, any value, and an
// array of any value. Canonically valid as returned.
const openContent = { byWarehouse: { oslo: 3, bergen: 0 }, meta: { extra: true, more: [1] }, anything: { nested: ['x', { y: null }] } };
const openOutput: DialectTool = {
  name: 'open_output',
  inputSchema: { type: 'object' },
  outputSchema: {
    type: 'object',
    properties: {
      byWarehouse: { type: 'object', additionalProperties: { type: 'number' } },
      meta: { type: 'object', properties: { extra: { type: 'boolean' } } },
      anything: { description: 'Any JSON value.' },
    },
    required: ['byWarehouse'],
  },
  handler: () => ({ content: [{ type: 'text', text: 'open' }], structuredContent: structuredClone(openContent) }),
};

const throwing: DialectTool = {
  name: 'throwing',
  inputSchema: { type: 'object' },
  handler: () => {
    throw new Error('the backend is down');
  },
};

const throwingValue: DialectTool = {
  name: 'throwing_value',
  inputSchema: { type: 'object' },
  handler: () => {
    throw { secret: 'hunter2' };
  },
};

const noStructure: DialectTool = {
  name: 'no_structure',
  inputSchema: { type: 'object' },
  outputSchema: { type: 'object', properties: { count: { type: 'integer' } } },
  handler: () => ({ content: [{ type: 'text', text: 'forgot the structure' }] }),
};

/** Reads a null-sending dialect's explicit nulls back as omissions, the way its callers mean them. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
  }
  return value;
}

const logger = silentLogger();
const dialects = createDialectTools([recordArgs, brokenOutput, goodOutput, sparseOutput, openOutput, throwing, throwingValue, noStructure], { registry, logger });
let server: RunningServer;

beforeAll(async () => {
  server = await startHttp(dialects);
});
afterAll(async () => {
  await server.close();
});

async function call(name: string, args: Record<string, unknown>, dialect?: string): Promise<CallToolResult> {
  const client = await connectHttp(dialect === undefined ? server.url : `${server.url}?dialect=${encodeURIComponent(dialect)}`);
  try {
    return (await client.callTool({ name, arguments: args })) as CallToolResult;
  } finally {
    await client.close();
  }
}

function text(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

describe('null decoding', () => {
  it('the registry has a dialect whose callers send nulls', () => {
    expect(nullSenders.length).toBeGreaterThan(0);
  });

  it.each(nullSenders)('a %s caller with explicit nulls reaches the handler without them', async (dialect) => {
    received.length = 0;
    const result = await call('record_args', { query: 'x', tag: null, limit: null, cursor: null, filter: { from: '2026-01-01', to: null } }, dialect);
    expect(result.isError).not.toBe(true);
    // cursor admits null itself, so its null is a value, not an omission.
    expect(received).toEqual([{ query: 'x', cursor: null, filter: { from: '2026-01-01' } }]);
  });

  it('a canonical caller sending null for an optional property is refused, and the handler is not reached', async () => {
    received.length = 0;
    const result = await call('record_args', { query: 'x', tag: null });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('tag');
    expect(received).toEqual([]);
  });

  it('a null for a required property is refused even from a null-sending caller', async () => {
    received.length = 0;
    const result = await call('record_args', { query: null }, nullSenders[0]);
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('query');
    expect(received).toEqual([]);
  });
});

describe('judging calls against the canonical schema', () => {
  it('a call breaking the canonical schema comes back isError with readable text naming the property', async () => {
    received.length = 0;
    const result = await call('record_args', { query: 'x', limit: 0, extra: true });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('record_args');
    expect(text(result)).toContain('/limit');
    expect(text(result)).toContain('/extra');
    expect(received).toEqual([]);
  });

  it.each(registry.names())('whatever the spelling (%s), a rule the canonical schema holds is enforced', async (dialect) => {
    const result = await call('record_args', { query: 'x', filter: { from: 'yesterday' } }, dialect);
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('from');
  });

  it('a valid call reaches the handler with exactly its arguments', async () => {
    received.length = 0;
    const result = await call('record_args', { query: 'x', tag: 'a', limit: 5, filter: { from: '2026-01-01', to: '2026-02-01' } });
    expect(result.isError).not.toBe(true);
    expect(received).toEqual([{ query: 'x', tag: 'a', limit: 5, filter: { from: '2026-01-01', to: '2026-02-01' } }]);
  });

  it('an unknown tool is a JSON-RPC error, not a tool result', async () => {
    const client = await connectHttp(server.url);
    try {
      const error = await client.callTool({ name: 'no_such_tool', arguments: {} }).then(
        () => undefined,
        (e: unknown) => e as McpError,
      );
      expect(error).toBeInstanceOf(McpError);
      expect(error!.code).toBe(-32602);
      expect(error!.message).toContain('no_such_tool');
    } finally {
      await client.close();
    }
  });

  it('a structuredContent that breaks the canonical output schema is reported as a server fault', async () => {
    logger.lines.length = 0;
    const client = await connectHttp(server.url);
    try {
      const error = await client.callTool({ name: 'broken_output', arguments: {} }).then(
        () => undefined,
        (e: unknown) => e as McpError,
      );
      expect(error).toBeInstanceOf(McpError);
      expect(error!.code).toBe(-32603);
      // One sentence says whose fault it is, naming the tool once.
      expect(error!.message).toMatch(/^MCP error -32603: The result of tool "broken_output" does not match the tool's output schema; this is a fault of the server, not of the call \(1 problem\): \/count /);
      expect(error!.message.match(/broken_output/g)).toHaveLength(1);
      expect((error!.data as { violations: { path: string }[] }).violations.map((v) => v.path)).toEqual(['/count']);
      expect((error!.data as { fault: string }).fault).toBe('server');
      expect(logger.lines.some((l) => l.includes('broken_output'))).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('a handler that throws gives an isError result carrying its message, and its stack goes to the log only', async () => {
    logger.lines.length = 0;
    const result = await call('throwing', {});
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('Tool "throwing" failed: the backend is down');
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0]).toMatch(/^Tool "throwing": its handler threw Error: the backend is down\n\s+at /);
  });

  it('a thrown value that is no Error goes to the caller only as its kind, and whole to the log', async () => {
    logger.lines.length = 0;
    const result = await call('throwing_value', {});
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('Tool "throwing_value" failed: its handler threw an object, not an Error');
    expect(text(result)).not.toContain('hunter2');
    expect(logger.lines).toEqual(['Tool "throwing_value": its handler threw an object {"secret":"hunter2"}']);
  });

  it('a refused call carries its violations as data in the result\'s _meta, beside the text', async () => {
    const result = await call('record_args', { query: 'x', limit: 0, extra: true });
    expect(result.isError).toBe(true);
    const violations = result._meta?.[VIOLATIONS_META_KEY] as { path: string; keyword: string; rule: string }[];
    expect(violations.map((v) => [v.path, v.keyword])).toEqual([
      ['/extra', 'additionalProperties'],
      ['/limit', 'minimum'],
    ]);
    for (const v of violations) expect(text(result)).toContain(`${v.path} ${v.rule}`);
  });

  it('a result without the declared structuredContent is a server fault', async () => {
    const client = await connectHttp(server.url);
    try {
      const error = await client.callTool({ name: 'no_structure', arguments: {} }).then(
        () => undefined,
        (e: unknown) => e as McpError,
      );
      expect(error?.code).toBe(-32603);
      expect(error?.message).toContain('no_structure');
      expect(error?.message).toContain('structuredContent');
    } finally {
      await client.close();
    }
  });

  it('a conforming structuredContent passes, and gains a text rendering', async () => {
    const result = await call('good_output', {}, nullSenders[0]);
    expect(result.structuredContent).toEqual({ count: 3 });
    expect(text(result)).toBe('{"count":3}');
  });
});

describe('results in the caller\'s dialect', () => {
  it.each(registry.names())('a %s client validating against its own output schema accepts a sparse result', async (name) => {
    const client = await connectHttp(`${server.url}?dialect=${encodeURIComponent(name)}`);
    try {
      // listTools first: the SDK client then checks structuredContent against the listed outputSchema.
      const { tools } = await client.listTools();
      const listed = tools.find((t) => t.name === 'sparse_output')?.outputSchema;
      const result = (await client.callTool({ name: 'sparse_output', arguments: {} })) as CallToolResult;
      // Nulls are written only where the listed spelling requires an optional property (openai_strict
      // before 2026-12); a dialect publishing the output schema as authored lists what it sends.
      if (registry.get(name).decodesNulls && listed?.required?.includes('total') === true) {
        expect(result.structuredContent).not.toEqual(sparseContent);
        expect(withoutNulls(result.structuredContent)).toEqual(sparseContent);
        expect(result.structuredContent).toMatchObject({ total: null, cursor: null, items: [{ id: 'a', note: null, page: null }, { page: { size: null } }] });
      } else {
        expect(result.structuredContent).toEqual(sparseContent);
      }
    } finally {
      await client.close();
    }
  });
});

describe('an output schema published as authored', () => {
  const asAuthored = registry.names().filter((name) => {
    const tool = dialects.listTools(name).tools.find((t) => t.name === 'open_output');
    return JSON.stringify(tool?.outputSchema) === JSON.stringify(openOutput.outputSchema);
  });

  it('is what every strict dialect whose vendor reads no result schema lists', () => {
    expect(asAuthored).toEqual(expect.arrayContaining(['canonical', 'openai_strict', 'anthropic_strict', 'bedrock_strict']));
    expect(registry.get('openai_strict').decodesNulls).toBe(true);
  });

  // Before 2026-12-05 these dialects closed the map and the open object and typed any value as
  // scalars, so the SDK client refused this canonical-valid result ("must NOT have additional properties").
  it.each(['openai_strict', 'anthropic_strict', 'bedrock_strict'])('lets a validating %s client take a result that uses every open part', async (name) => {
    const client = await connectHttp(`${server.url}?dialect=${encodeURIComponent(name)}`);
    try {
      await client.listTools();
      const result = (await client.callTool({ name: 'open_output', arguments: {} })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(openContent);
    } finally {
      await client.close();
    }
  });
});

describe('the tool list says which dialect answered', () => {
  it.each(nullSenders)('%s requested by _meta is named in the result _meta', async (dialect) => {
    const client = await connectHttp(server.url);
    try {
      const result = await client.listTools({ _meta: { [DIALECT_META_KEY]: dialect } });
      expect(result._meta?.[DIALECT_META_KEY]).toBe(registry.get(dialect).id);
    } finally {
      await client.close();
    }
  });
});
