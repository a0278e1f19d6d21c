// Every corpus tool (881 real MCP tools, both schemas) through canonical, flat and nova.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { convert, loadDialects, type Diagnostic } from '@redouble/dialects';

const toolsDir = fileURLToPath(new URL('../../../../corpus/tools/', import.meta.url));
const tools = readdirSync(toolsDir)
  .sort()
  .flatMap((server) =>
    readdirSync(join(toolsDir, server))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => ({ file: `${server}/${f}`, tool: JSON.parse(readFileSync(join(toolsDir, server, f), 'utf8')) as Record<string, unknown> })),
  );
const registry = loadDialects();

/** Keys holding a reference or definitions, anywhere in a value (data included, to be strict). */
function referenceKeys(v: unknown, path = ''): string[] {
  if (v === null || typeof v !== 'object') return [];
  if (Array.isArray(v)) return v.flatMap((x, i) => referenceKeys(x, `${path}/${i}`));
  return Object.entries(v).flatMap(([k, x]) => [...(['$ref', '$defs', 'definitions'].includes(k) ? [`${path}/${k}`] : []), ...referenceKeys(x, `${path}/${k}`)]);
}

function countByCode(diags: Diagnostic[], into: Map<string, number>): void {
  for (const d of diags) into.set(`${d.severity} ${d.code}`, (into.get(`${d.severity} ${d.code}`) ?? 0) + 1);
}

describe('the corpus through canonical, flat and nova', () => {
  it('holds 881 tools', () => {
    expect(tools.length).toBe(881);
  });

  it('canonical gives every tool back key for key; only the one invalid schema is refused', () => {
    const d = registry.get('canonical');
    for (const { file, tool } of tools) {
      const r = convert(tool, d);
      // pdf-reader's read_pdf has a draft-04 boolean exclusiveMinimum: invalid under its 2020-12 meta-schema.
      if (file === 'livemcpbench.pdf-reader-mcp/read_pdf.json') expect(r.diagnostics.map((x) => [x.code, x.path]), file).toEqual([['invalid-schema', '/inputSchema/properties/sources/items/properties/pages/anyOf/0/items/exclusiveMinimum']]);
      else expect(r.diagnostics, file).toEqual([]);
      expect(JSON.stringify(r.output), file).toBe(JSON.stringify(tool));
      expect(r.output).not.toBe(tool);
    }
  });

  for (const name of ['flat', 'nova']) {
    it(`${name}: no failure, no reference left, the Tool's other fields untouched`, () => {
      const d = registry.get(name);
      const counts = new Map<string, number>();
      let largest = 0;
      for (const { file, tool } of tools) {
        const r = convert(tool, d);
        expect(r.output, file).toBeDefined();
        countByCode(r.diagnostics, counts);
        const out = r.output as Record<string, unknown>;
        for (const k of Object.keys(tool)) if (k !== 'inputSchema' && k !== 'outputSchema') expect(out[k], `${file} ${k}`).toEqual(tool[k]);
        for (const k of ['inputSchema', 'outputSchema']) {
          if (tool[k] === undefined) continue;
          expect(referenceKeys(out[k]), `${file} ${k}`).toEqual([]);
          if (name === 'nova') {
            expect(Object.keys(out[k] as object).every((key) => ['type', 'properties', 'required'].includes(key)), `${file} ${k}`).toBe(true);
            expect(JSON.stringify(out[k]), file).not.toMatch(/"title":"/);
          }
          if (name === 'flat') expect((out[k] as Record<string, unknown>).type, `${file} ${k}`).toBe('object');
        }
        largest = Math.max(largest, JSON.stringify(out).length);
      }
      console.log(`${name}: diagnostics by code ${JSON.stringify(Object.fromEntries([...counts].sort()))}; largest output ${largest} bytes`);
    });
  }

  it('breaks the recursive chart tools at their re-entry, with the cycle sentence', () => {
    const mindMap = tools.find((t) => t.file === 'livemcpbench.mcp-server-chart/generate_mind_map.json');
    const out = convert(mindMap?.tool, registry.get('flat')).output as any;
    const stub = out.inputSchema.properties.data.properties.children.items.properties.children.items;
    expect(stub.type).toBe('object');
    expect(stub.description).toMatch(/Repeats the structure of \S+, to any depth\.$/);
  });
});
