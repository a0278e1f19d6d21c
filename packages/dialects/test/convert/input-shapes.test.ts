import { describe, expect, it } from 'vitest';
import { convert, DialectError, inputShape, loadDialects } from '@redouble/dialects';

const registry = loadDialects();
const flat = registry.get('flat');

const schema = {
  type: 'object',
  properties: { n: { $ref: '#/$defs/N' }, gone: { $ref: '#/$defs/missing' } },
  $defs: { N: { type: 'integer', description: 'A number.' } },
};
const tool = { name: 'count', title: 'Count', description: 'Counts.', inputSchema: schema, outputSchema: { type: 'object', properties: { r: { $ref: '#/$defs/missing' } } }, annotations: { readOnlyHint: true }, _meta: { x: 1 } };

describe('the three input shapes', () => {
  it('tells them apart', () => {
    expect(inputShape(schema)).toBe('schema');
    expect(inputShape(tool)).toBe('tool');
    expect(inputShape({ tools: [tool], nextCursor: 'c' })).toBe('tools-list');
    expect(inputShape({ type: 'object', properties: { tools: { type: 'array' } } })).toBe('schema');
  });

  it('converts a bare schema with pointers into it', () => {
    const r = convert(schema, flat);
    expect(r.output).toEqual({ type: 'object', properties: { n: { type: 'integer', description: 'A number.' }, gone: {} } });
    expect(r.diagnostics.map((d) => d.path)).toEqual(['/properties/gone/$ref']);
  });

  it('converts both schemas of a Tool, keeps its other fields, and points into the Tool', () => {
    const r = convert(tool, flat);
    const out = r.output as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(Object.keys(tool));
    expect(out.annotations).toEqual(tool.annotations);
    expect(out.annotations).not.toBe(tool.annotations);
    expect(out._meta).toEqual({ x: 1 });
    expect(r.diagnostics.map((d) => d.path)).toEqual(['/inputSchema/properties/gone/$ref', '/outputSchema/properties/r/$ref']);
  });

  it('converts every tool of a tools/list result, with /tools/i pointers', () => {
    const list = { tools: [{ name: 'a', inputSchema: { type: 'object' } }, tool], nextCursor: 'next' };
    const r = convert(list, flat);
    const out = r.output as { tools: unknown[]; nextCursor: string };
    expect(out.nextCursor).toBe('next');
    expect(out.tools).toHaveLength(2);
    expect(r.diagnostics.map((d) => d.path)).toEqual(['/tools/1/inputSchema/properties/gone/$ref', '/tools/1/outputSchema/properties/r/$ref']);
  });

  it('refuses tools/list entries that are no MCP Tool, in every dialect, and converts the others', () => {
    const list = { tools: [null, 5, { name: 't' }, { inputSchema: { type: 'object' } }, { name: '', inputSchema: {} }, { name: 'ok', inputSchema: { type: 'object' } }] };
    for (const info of registry.list()) {
      const r = convert(list, registry.get(info.id));
      expect(r.ok, info.id).toBe(false);
      expect(r.diagnostics.filter((d) => d.code === 'invalid-tool').map((d) => `${d.path} ${d.message.split(': ')[1]}`), info.id).toEqual([
        '/tools/0 got null; copied as it is',
        '/tools/1 got a number; copied as it is',
        '/tools/2 it has no inputSchema; copied as it is',
        '/tools/3 it has no name (a non-empty string); copied as it is',
        '/tools/4 it has no name (a non-empty string); copied as it is',
      ]);
      expect((r.output as { tools: unknown[] }).tools.slice(0, 2)).toEqual([null, 5]);
    }
  });

  it('refuses a Tool whose inputSchema is a boolean schema, in every dialect, the identity one included', () => {
    for (const info of registry.list()) {
      for (const [input, at] of [[{ name: 'b', inputSchema: true }, '/inputSchema'], [{ tools: [{ name: 'ok', inputSchema: { type: 'object' } }, { name: 'b', inputSchema: false }] }, '/tools/1/inputSchema']] as const) {
        const r = convert(input, registry.get(info.id));
        expect(r.ok, info.id).toBe(false);
        expect(r.diagnostics.filter((d) => d.code === 'invalid-tool').map((d) => d.path), info.id).toEqual([at]);
      }
    }
    // Where it converts, a Tool's inputSchema is the object the types say.
    const r = convert({ name: 'o', inputSchema: { type: 'object' } }, registry.get('canonical'));
    expect(r.ok && typeof r.output.inputSchema).toBe('object');
  });

  it('never mutates the input and gives byte-identical output every time, in every dialect', () => {
    const before = JSON.stringify(tool);
    for (const info of registry.list()) {
      const d = registry.get(info.id);
      const a = convert(tool, d);
      const b = convert(structuredClone(tool), d);
      expect(JSON.stringify(tool)).toBe(before);
      expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    }
  });

  it('shares no object between output and input', () => {
    const input = { type: 'object', properties: { a: { type: 'string', enum: ['x'] } }, default: { a: 'x' } };
    const out = convert(input, registry.get('canonical')).output as any;
    expect(out).toEqual(input);
    expect(out.properties).not.toBe(input.properties);
    expect(out.properties.a.enum).not.toBe(input.properties.a.enum);
    expect(out.default).not.toBe(input.default);
  });

  it('reads each schema of a Tool by its own $schema', () => {
    const mixed = {
      name: 'mixed',
      inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { t: { type: 'array', items: [{ type: 'string' }] } } },
      outputSchema: { type: 'object', properties: { p: { type: 'array', prefixItems: [{ type: 'string' }], minContains: 1, contains: { type: 'string' } } } },
    };
    const out = convert(mixed, flat).output as any;
    expect(out.inputSchema.properties.t).toEqual({ type: 'array', prefixItems: [{ type: 'string' }] });
    expect(out.outputSchema.properties.p).toEqual(mixed.outputSchema.properties.p);
  });

  it('refuses options of the wrong type', () => {
    expect(() => convert(schema, flat, { maxNodes: -1 })).toThrow(DialectError);
    expect(() => convert(schema, flat, 'fast' as never)).toThrow(DialectError);
  });
});

describe('inputs that are no schema (round 11)', () => {
  it('a Tool that carries a field named tools is read as a Tool, not a tools/list result', () => {
    expect(inputShape({ name: 't', inputSchema: { type: 'object' }, tools: [] })).toBe('tool');
  });
  it.each([
    [{ jsonrpc: '2.0', id: 1, result: { tools: [] } }, '/jsonrpc', 'a JSON-RPC message'],
    [{ name: 'get_weather', input_schema: { type: 'object' } }, '/input_schema', 'input_schema'],
    [{ inputSchema: { type: 'object' } }, '/inputSchema', 'without a string name'],
    [{ name: 'f', parameters: { type: 'object' } }, '/parameters', 'function definition'],
  ])('%j is an input-shape error, not a schema that accepts any value', (input, path, said) => {
    const r = convert(input, flat);
    expect(r.ok).toBe(false);
    const d = r.diagnostics.find((x) => x.code === 'input-shape');
    expect(d?.path).toBe(path);
    expect(d?.message).toContain(said);
  });
  it('a schema with such a field beside its keywords is a schema', () => {
    expect(convert({ type: 'object', parameters: {} }, flat).diagnostics.filter((d) => d.code === 'input-shape')).toEqual([]);
  });
  it('refuses an option it does not know', () => {
    expect(() => convert({ type: 'object' }, flat, { maxdepth: 3 } as never)).toThrow(/unknown convert option "maxdepth"/);
  });
});
