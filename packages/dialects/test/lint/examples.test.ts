import { describe, expect, it } from 'vitest';
import { lintTools } from '../../src/index.js';

const doc = (tool: Record<string, unknown>, protocolVersions = ['2026-07-28']) => ({ mcpdesc: '0.8.0', protocolVersions, tools: [tool] });
const weather = {
  name: 'weather',
  inputSchema: { type: 'object', properties: { city: { type: 'string', minLength: 2 }, when: { type: 'string', format: 'date' } }, required: ['city'] },
  outputSchema: { type: 'object', properties: { temperature: { type: 'number' } }, required: ['temperature'] },
};
const example = (input: unknown, result: unknown) => ({ examples: { one: { input, result } } });
const ok = { resultType: 'complete', content: [], structuredContent: { temperature: 21.5 } };
const summary = (input: unknown) => lintTools(input).diagnostics.map((d) => [d.code, d.severity, d.path]);

describe('mcp.tool.examples.valid', () => {
  it('accepts examples that match both schemas', () => {
    expect(lintTools(doc({ ...weather, ...example({ city: 'Paris', when: '2026-08-24' }, ok) }))).toEqual({ diagnostics: [], complete: true });
  });

  it('refuses an input or structuredContent that does not validate, at the failing value', () => {
    expect(summary(doc({ ...weather, ...example({ city: 'P' }, { content: [], structuredContent: { temperature: 'warm' } }) }))).toEqual([
      ['mcp.tool.examples.valid', 'error', '/tools/0/examples/one/input/city'],
      ['mcp.tool.examples.valid', 'error', '/tools/0/examples/one/result/structuredContent/temperature'],
    ]);
  });

  it('checks formats (ajv-formats)', () => {
    expect(summary(doc({ ...weather, ...example({ city: 'Paris', when: 'tomorrow' }, ok) }))).toEqual([
      ['mcp.tool.examples.valid', 'error', '/tools/0/examples/one/input/when'],
    ]);
  });

  it('validates with the draft-07 class when the schema declares draft-07', () => {
    const tuple = {
      name: 'pair',
      inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { p: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } } },
    };
    expect(summary(doc({ ...tuple, ...example({ p: ['a', 1] }, { content: [] }) }))).toEqual([]);
    expect(summary(doc({ ...tuple, ...example({ p: [1, 'a'] }, { content: [] }) })).map(([, s, p]) => [s, p])).toEqual([
      ['error', '/tools/0/examples/one/input/p/0'],
      ['error', '/tools/0/examples/one/input/p/1'],
    ]);
  });

  it('refuses a successful result without structuredContent when an outputSchema is declared', () => {
    expect(summary(doc({ ...weather, ...example({ city: 'Paris' }, { content: [] }) }))).toEqual([
      ['mcp.tool.examples.valid', 'error', '/tools/0/examples/one/result'],
    ]);
    expect(summary(doc({ ...weather, ...example({ city: 'Paris' }, { content: [], isError: true }) }))).toEqual([]);
  });

  it('warns and marks the check incomplete when an external reference stands in the way', () => {
    const ext = {
      name: 'lookup',
      inputSchema: { type: 'object', properties: { id: { $ref: 'https://schemas.example.invalid/id.json' }, n: { type: 'integer' } }, required: ['id'] },
    };
    const passing = lintTools(doc({ ...ext, ...example({ id: 'x', n: 1 }, { content: [] }) }));
    expect(passing.complete).toBe(false);
    expect(passing.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['json-schema.tool-schema.valid', 'warning'],
      ['mcp.tool.examples.valid', 'warning'],
    ]);
    // A failure the missing part cannot explain is still an error.
    const failing = summary(doc({ ...ext, ...example({ id: 'x', n: 'one' }, { content: [] }) }));
    expect(failing).toContainEqual(['mcp.tool.examples.valid', 'error', '/tools/0/examples/one/input/n']);
    // Under oneOf a more permissive branch can itself cause the failure: only a warning.
    const union = {
      name: 'u',
      inputSchema: { type: 'object', properties: { v: { oneOf: [{ $ref: 'https://schemas.example.invalid/v.json' }, { type: 'string' }] } } },
    };
    const unsure = lintTools(doc({ ...union, ...example({ v: 'text' }, { content: [] }) }));
    expect(unsure.diagnostics.filter((d) => d.code === 'mcp.tool.examples.valid').map((d) => d.severity)).toEqual(['warning', 'warning']);
    expect(unsure.diagnostics.some((d) => d.severity === 'error')).toBe(false);
  });

  it('does not judge examples by a schema that is itself invalid, and says the check is incomplete', () => {
    const broken = { name: 'b', inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/none' } } } };
    const result = lintTools(doc({ ...broken, ...example({ a: 1 }, { content: [] }) }));
    expect(result.diagnostics.map((d) => d.code)).toEqual(['json-schema.tool-schema.valid', 'mcp.tool.examples.valid']);
    expect(result.diagnostics[1]!.severity).toBe('warning');
    expect(result.complete).toBe(false);
  });

  it('refuses structuredContent under revisions that have none, and warns that pre-dialect checks are partial', () => {
    const plain = { name: 'p', inputSchema: { type: 'object' } };
    const result = lintTools(doc({ ...plain, ...example({}, { content: [], structuredContent: { a: 1 } }) }, ['2025-03-26']));
    expect(result.diagnostics.map((d) => [d.severity, d.path])).toEqual([
      ['error', '/tools/0/examples/one/result/structuredContent'],
      ['warning', '/tools/0/examples/one'],
    ]);
  });

  it('checks examples of a tool with $id in its schema without clashing across runs', () => {
    const withId = { name: 'i', inputSchema: { $id: 'https://example.com/in.json', type: 'object', properties: { a: { type: 'string' } } } };
    for (let i = 0; i < 2; i++) {
      expect(summary(doc({ ...withId, ...example({ a: 1 }, { content: [] }) }))).toEqual([
        ['mcp.tool.examples.valid', 'error', '/tools/0/examples/one/input/a'],
      ]);
    }
  });
});

describe('mcp.tool.examples.shape', () => {
  it('refuses an empty map, non-object examples, and missing or non-object input and result', () => {
    const base = { name: 'x', inputSchema: { type: 'object' } };
    expect(summary(doc({ ...base, examples: {} }))).toEqual([['mcp.tool.examples.shape', 'error', '/tools/0/examples']]);
    expect(summary(doc({ ...base, examples: [] }))).toEqual([['mcp.tool.examples.shape', 'error', '/tools/0/examples']]);
    expect(summary(doc({ ...base, examples: { a: 5 } }))).toEqual([['mcp.tool.examples.shape', 'error', '/tools/0/examples/a']]);
    expect(summary(doc({ ...base, examples: { a: { result: { content: [] } } } }))).toEqual([['mcp.tool.examples.shape', 'error', '/tools/0/examples/a']]);
    expect(summary(doc({ ...base, examples: { a: { input: [], result: { content: [] } } } }))).toEqual([
      ['mcp.tool.examples.shape', 'error', '/tools/0/examples/a/input'],
    ]);
    expect(summary(doc({ ...base, examples: { a: { input: {}, result: 'done' } } }))).toEqual([
      ['mcp.tool.examples.shape', 'error', '/tools/0/examples/a/result'],
    ]);
  });
  it('leaves an unknown examples field of a plain MCP Tool alone, but checks well-formed examples', () => {
    expect(summary({ ...weather, examples: ['free text', 3] })).toEqual([]);
    expect(summary({ ...weather, ...example({ city: 7 }, ok) })).toEqual([['mcp.tool.examples.valid', 'error', '/examples/one/input/city']]);
  });
});
