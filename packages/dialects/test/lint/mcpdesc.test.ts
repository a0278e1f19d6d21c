import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { lintTools } from '../../src/index.js';

const root = fileURLToPath(new URL('../../../../corpus/mcpdesc/spec/draft/fixtures/', import.meta.url));
const skips = parse(readFileSync(new URL('./skips.yaml', import.meta.url), 'utf8')) as { fixture: string; reason: string }[];
const skipped = new Map(skips.map((s) => [s.fixture, s.reason]));
const groups = ['expected-valid', 'expected-invalid', 'expected-warning'] as const;
const fixtures = groups.flatMap((group) =>
  readdirSync(root + group)
    .filter((f) => f.endsWith('.json') || f.endsWith('.yaml') || f.endsWith('.yml'))
    .sort()
    .map((file) => ({ group, file, id: `${group}/${file}` })),
);

function load(id: string): unknown {
  const text = readFileSync(root + id, 'utf8');
  return id.endsWith('.json') ? JSON.parse(text) : parse(text);
}

describe('mcpdesc fixtures', () => {
  it('finds the fixtures and every skip names one that exists, with a reason', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(24);
    for (const skip of skips) {
      expect(existsSync(root + skip.fixture), `skip names a missing fixture: ${skip.fixture}`).toBe(true);
      expect(skip.reason.trim().length, skip.fixture).toBeGreaterThan(20);
    }
  });

  for (const { group, id } of fixtures) {
    const reason = skipped.get(id);
    it.skipIf(reason !== undefined)(`${id} gets the outcome of its group`, () => {
      const { diagnostics, complete } = lintTools(load(id));
      const errors = diagnostics.filter((d) => d.severity === 'error');
      const warnings = diagnostics.filter((d) => d.severity === 'warning');
      const shown = JSON.stringify(diagnostics, null, 1);
      if (group === 'expected-valid') {
        expect(diagnostics, shown).toEqual([]);
        expect(complete).toBe(true);
      } else if (group === 'expected-invalid') {
        expect(errors.length, shown).toBeGreaterThan(0);
      } else {
        expect(errors, shown).toEqual([]);
        expect(warnings.length, shown).toBeGreaterThan(0);
      }
    });
  }

  it('pins the rule behind each tool-schema fixture', () => {
    const codes = (id: string) => [...new Set(lintTools(load(id)).diagnostics.map((d) => `${d.severity} ${d.code}`))].sort();
    expect(codes('expected-invalid/malformed-tool-schema.json')).toEqual(['error json-schema.tool-schema.valid']);
    expect(codes('expected-invalid/unresolved-local-tool-ref.json')).toEqual(['error json-schema.tool-schema.valid']);
    expect(codes('expected-invalid/revision-inapplicable-tool-schema-dialect.json')).toEqual(['error json-schema.tool-schema.valid']);
    expect(codes('expected-invalid/missing-tool-input-schema.json')).toEqual(['error mcp.tool.input-schema.present']);
    expect(codes('expected-invalid/non-object-output-schema-before-2026.json')).toEqual(['error mcp.tool.output-schema.object-root']);
    expect(codes('expected-invalid/malformed-pre-dialect-tool-schema-shape.json')).toEqual(['error mcp.tool.legacy-schema.shape']);
    expect(codes('expected-warning/pre-dialect-tool-schema-shape.json')).toEqual(['warning mcp.tool.legacy-schema.shape']);
    expect(codes('expected-warning/unresolved-external-tool-ref.json')).toEqual(['warning json-schema.tool-schema.valid']);
    expect(codes('expected-invalid/tool-example-schema-mismatches.json')).toEqual(['error mcp.tool.examples.valid']);
    expect(codes('expected-invalid/component-contextual-examples.json')).toEqual(['error mcp.tool.examples.valid']);
  });

  it('reports external references as an incomplete check', () => {
    expect(lintTools(load('expected-warning/unresolved-external-tool-ref.json')).complete).toBe(false);
    expect(lintTools(load('expected-warning/unresolved-external-tool-example-ref.json')).complete).toBe(false);
  });

  it('points at the offending node with a JSON pointer into the document', () => {
    const [d] = lintTools(load('expected-invalid/unresolved-local-tool-ref.json')).diagnostics;
    expect(d?.path).toBe('/tools/0/inputSchema/properties/identifier/$ref');
  });
});
