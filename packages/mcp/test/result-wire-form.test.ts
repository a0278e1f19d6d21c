// A handler's result is judged and sent as JSON writes it (round 10, F1 and F2): one JSON cannot
// carry (a BigInt, a function, NaN) is a logged server fault with its place, not a call left
// unanswered when the transport's send fails; one JSON writes otherwise (a Date, a toJSON, an
// undefined) is judged in the form the caller reads, so a Date where the schema wants an object is
// the server's fault, not the client's -32602.
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { createDialectTools, type DialectTool } from '../src/index.js';
import { silentLogger } from './helpers.js';
import { tooDeepAt } from '../src/nesting.js';

const outputSchema = { type: 'object', properties: { when: { type: 'object' }, n: {} }, required: ['when'] };

async function served(results: Record<string, Record<string, unknown>>, withOutput = true) {
  const logger = silentLogger();
  const tools: DialectTool[] = Object.entries(results).map(([name, structuredContent]) => ({
    name,
    inputSchema: { type: 'object' },
    ...(withOutput ? { outputSchema } : {}),
    handler: () => (withOutput ? { content: [], structuredContent } : { content: [{ type: 'text', text: 'x', _meta: structuredContent }] }),
  }));
  const server = new Server({ name: 's', version: '1.0.0' });
  createDialectTools(tools, { logger }).attach(server);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 'c', version: '1.0.0' });
  await client.connect(b);
  const call = (name: string) => client.callTool({ name, arguments: {} }).then((r) => ({ ok: true as const, r }), (e: unknown) => ({ ok: false as const, e: e as McpError }));
  return { call, logger, close: () => client.close() };
}

describe('a handler result JSON cannot carry', () => {
  it.each([
    ['a BigInt', { when: {}, n: 10n }, 'holds a BigInt at /structuredContent/n'],
    ['a function', { when: {}, n: () => 1 }, 'holds a function at /structuredContent/n'],
    ['NaN', { when: {}, n: Number.NaN }, 'holds NaN at /structuredContent/n'],
    ['an infinity deep inside', { when: { a: [1, Number.POSITIVE_INFINITY] } }, 'holds Infinity at /structuredContent/when/a/1'],
    ['a toJSON that answers a BigInt', { when: { toJSON: () => 1n } }, 'cannot be written as JSON (Do not know how to serialize a BigInt)'],
  ])('%s: -32603 with its place, logged, answered at once', async (_, structuredContent, said) => {
    const s = await served({ t: structuredContent });
    try {
      const answer = await s.call('t');
      expect(answer.ok).toBe(false);
      if (answer.ok) return;
      expect(answer.e.code).toBe(-32603);
      expect(answer.e.message).toContain(`Server fault in tool "t": its result ${said}`);
      expect(s.logger.lines.join('\n')).toContain(said);
    } finally {
      await s.close();
    }
  });

  it('in content[]._meta of a tool with no outputSchema too', async () => {
    const s = await served({ t: { n: 10n } }, false);
    try {
      const answer = await s.call('t');
      expect(answer.ok ? undefined : answer.e.message).toContain('its result holds a BigInt at /content/0/_meta/n');
    } finally {
      await s.close();
    }
  });
});

describe('a handler result JSON writes otherwise', () => {
  it('is judged as the caller reads it: a Date where an object is wanted is the server fault, a toJSON giving an object passes', async () => {
    const s = await served({ date: { when: new Date(0) }, own: { when: { toJSON: () => ({ ok: 1 }) } }, gone: { when: {}, n: undefined } });
    try {
      const date = await s.call('date');
      expect(date.ok ? undefined : [date.e.code, date.e.message]).toEqual([-32603, expect.stringContaining('/when must be an object (got "1970-01-01T00:00:00.000Z")')]);
      const own = await s.call('own');
      expect(own.ok ? own.r.structuredContent : own.e.message).toEqual({ when: { ok: 1 } });
      const gone = await s.call('gone');
      expect(gone.ok ? gone.r.structuredContent : gone.e.message).toEqual({ when: {} });
    } finally {
      await s.close();
    }
  });
});

describe('the scan under the result check (review)', () => {
  it('finds nesting past the bound beside a value JSON cannot carry, so the depth check still holds', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 1100; i++) deep = [deep];
    expect(tooDeepAt({ a: deep, b: 10n })).toBe('/a/0/0/0/0/0/…');
  });
  it('reads an array with its own toJSON as JSON writes it, and bounds what a toJSON answers', async () => {
    const s = await served({
      arr: { when: {}, n: Object.assign([10n], { toJSON: () => 1 }) },
      deep: { when: { toJSON: () => { let d: unknown = 1; for (let i = 0; i < 1100; i++) d = [d]; return d; } } },
    });
    try {
      const arr = await s.call('arr');
      expect(arr.ok ? arr.r.structuredContent : arr.e.message).toEqual({ when: {}, n: 1 });
      const deep = await s.call('deep');
      expect(deep.ok ? undefined : deep.e.message).toContain('nests deeper than 1000 levels once written as JSON');
    } finally {
      await s.close();
    }
  });
});

