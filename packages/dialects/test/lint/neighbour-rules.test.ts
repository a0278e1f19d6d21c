import { describe, expect, it } from 'vitest';
import { DialectError, lintTools } from '../../src/index.js';

const codes = (input: unknown, protocol?: string) =>
  lintTools(input, protocol ? { protocol } : {}).diagnostics.map((d) => [d.code, d.severity, d.path]);

describe('mcp.tool.input-schema.present', () => {
  it('refuses a tool without inputSchema under every revision', () => {
    for (const p of ['2024-11-05', '2025-06-18', '2026-07-28']) {
      expect(codes({ name: 'x' }, p)).toEqual([['mcp.tool.input-schema.present', 'error', '']]);
    }
    expect(codes({ tools: [{ name: 'a', inputSchema: { type: 'object' } }, { name: 'b' }] })).toEqual([
      ['mcp.tool.input-schema.present', 'error', '/tools/1'],
    ]);
  });
});

describe('mcp.tool.input-schema.object-root', () => {
  it('accepts type object and refuses any other root', () => {
    expect(codes({ name: 'x', inputSchema: { type: 'object', additionalProperties: false } })).toEqual([]);
    expect(codes({ name: 'x', inputSchema: { type: 'array' } })).toEqual([['mcp.tool.input-schema.object-root', 'error', '/inputSchema/type']]);
    expect(codes({ name: 'x', inputSchema: { type: ['object', 'null'] } })).toEqual([['mcp.tool.input-schema.object-root', 'error', '/inputSchema/type']]);
    expect(codes({ name: 'x', inputSchema: { properties: {} } })).toEqual([['mcp.tool.input-schema.object-root', 'error', '/inputSchema']]);
    expect(codes({ name: 'x', inputSchema: true })).toEqual([['mcp.tool.input-schema.object-root', 'error', '/inputSchema']]);
  });
});

describe('mcp.tool.output-schema.object-root', () => {
  const arrayOut = { name: 'x', inputSchema: { type: 'object' }, outputSchema: { type: 'array', items: { type: 'string' } } };
  it('refuses a non-object root under 2025-06-18 and 2025-11-25, accepts it from 2026-07-28', () => {
    expect(codes(arrayOut, '2025-11-25')).toEqual([['mcp.tool.output-schema.object-root', 'error', '/outputSchema/type']]);
    expect(codes(arrayOut, '2025-06-18')).toEqual([['mcp.tool.output-schema.object-root', 'error', '/outputSchema/type']]);
    expect(codes(arrayOut, '2026-07-28')).toEqual([]);
    const listed = lintTools(arrayOut, { protocol: '2025-06-18, 2026-07-28' }).diagnostics;
    expect(listed.map((d) => d.code)).toEqual(['mcp.tool.output-schema.object-root']);
    expect(listed[0]!.message).toMatch(/^Under 2025-06-18 the root/);
    // With no revision named, a tool is checked for every dialect revision, so 2025-11-25 applies.
    expect(codes(arrayOut)).toEqual([['mcp.tool.output-schema.object-root', 'error', '/outputSchema/type']]);
  });
  it('follows a tool narrowing protocolVersions inside a document', () => {
    const doc = { protocolVersions: ['2025-11-25', '2026-07-28'], tools: [{ ...arrayOut, protocolVersions: ['2026-07-28'] }, { ...arrayOut, name: 'second' }] };
    expect(codes(doc)).toEqual([['mcp.tool.output-schema.object-root', 'error', '/tools/1/outputSchema/type']]);
  });
});

describe('mcp.tool.legacy-schema.shape', () => {
  it('refuses a malformed schema under the revisions without a dialect', () => {
    const t = { name: 'x', inputSchema: { type: 'object', properties: { a: true, b: { type: 5 } }, required: 'a' } };
    expect(codes(t, '2024-11-05')).toEqual([
      ['mcp.tool.legacy-schema.shape', 'error', '/inputSchema/properties/a'],
      ['mcp.tool.legacy-schema.shape', 'error', '/inputSchema/required'],
      ['mcp.tool.legacy-schema.shape', 'error', '/inputSchema/properties/b/type'],
    ]);
  });
  it('warns about older-draft idioms and checks the rest of the schema as translated', () => {
    const t = {
      name: 'x',
      inputSchema: {
        type: 'object',
        properties: {
          n: { type: 'number', minimum: 0, exclusiveMinimum: true },
          m: { type: 'number', divisibleBy: 2, required: true },
          a: { type: 'any' },
        },
      },
    };
    const found = codes(t, '2025-03-26');
    expect(found.every(([c, s]) => c === 'mcp.tool.legacy-schema.shape' && s === 'warning')).toBe(true);
    expect(found.map(([, , p]) => p)).toEqual([
      '/inputSchema/properties/n/exclusiveMinimum',
      '/inputSchema/properties/m/required',
      '/inputSchema/properties/m/divisibleBy',
      '/inputSchema/properties/a/type',
    ]);
    // The same schema under a dialect revision is simply invalid 2020-12.
    expect(codes(t, '2025-11-25').some(([c, s]) => c === 'json-schema.tool-schema.valid' && s === 'error')).toBe(true);
  });
  it('refuses outputSchema before 2025-06-18, where it does not exist', () => {
    const t = { name: 'x', inputSchema: { type: 'object' }, outputSchema: { type: 'object' } };
    expect(codes(t, '2025-03-26')).toEqual([['mcp.tool.legacy-schema.shape', 'error', '/outputSchema']]);
    expect(codes(t, '2025-06-18')).toEqual([]);
  });
  it('does not apply from 2025-11-25 on', () => {
    const t = { name: 'x', inputSchema: { type: 'object', properties: { a: true } } };
    expect(codes(t, '2025-11-25')).toEqual([]);
  });
});

describe('mcp.tool.shape, mcp.protocol-version.known, mcp.component-ref.resolves', () => {
  it('refuses input that is no tool, tools that are not objects, and nameless tools', () => {
    expect(codes('hello')).toEqual([['mcp.tool.shape', 'error', '']]);
    expect(codes({ tools: 'x' })).toEqual([['mcp.tool.shape', 'error', '/tools']]);
    expect(codes([42, { inputSchema: { type: 'object' } }])).toEqual([
      ['mcp.tool.shape', 'error', '/0'],
      ['mcp.tool.shape', 'error', '/1'],
    ]);
  });
  it('warns about an unknown revision in a document and marks the check incomplete', () => {
    const result = lintTools({ protocolVersions: ['2031-01-01', '2025-11-25'], tools: [{ name: 'a', inputSchema: { type: 'object' } }] });
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([['mcp.protocol-version.known', 'warning', '/protocolVersions/0']]);
    expect(result.complete).toBe(false);
  });
  it('follows $componentRef in a document and refuses a broken one', () => {
    const doc = {
      protocolVersions: ['2026-07-28'],
      components: { schemas: { In: { type: 'object', required: 'q' } } },
      tools: [
        { name: 'a', inputSchema: { $componentRef: '#/components/schemas/In' } },
        { name: 'b', inputSchema: { $componentRef: '#/components/schemas/Missing' } },
      ],
    };
    expect(codes(doc)).toEqual([
      ['mcp.component-ref.resolves', 'error', '/tools/1/inputSchema/$componentRef'],
      ['json-schema.tool-schema.valid', 'error', '/components/schemas/In/required'],
    ]);
  });
  it('refuses a wrong protocol option as a caller fault', () => {
    expect(() => lintTools({ name: 'a', inputSchema: { type: 'object' } }, { protocol: '2030-01-01' })).toThrow(DialectError);
    expect(() => lintTools({}, null as never)).toThrow(DialectError);
  });
  it('takes the revisions named by the document over the option', () => {
    const doc = { protocolVersions: ['2026-07-28'], tools: [{ name: 'a', inputSchema: { type: 'object' }, outputSchema: { type: 'array' } }] };
    expect(codes(doc, '2025-11-25')).toEqual([]);
  });
});

describe('lintTools as a function', () => {
  it('never changes its input and gives the same output for the same input', () => {
    const input = {
      protocolVersions: ['2024-11-05', '2025-11-25'],
      tools: [{ name: 'a', inputSchema: { type: 'object', properties: { n: { type: 'number', minimum: 1, exclusiveMinimum: true, $ref: 'https://x.invalid/s' } } } }],
    };
    const before = structuredClone(input);
    const first = lintTools(input);
    expect(input).toEqual(before);
    expect(JSON.stringify(lintTools(input))).toBe(JSON.stringify(first));
    expect(first.diagnostics.length).toBeGreaterThan(0);
  });
});
