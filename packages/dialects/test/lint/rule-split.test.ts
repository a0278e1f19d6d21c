// lintTools({rules}): the rules that can refuse a tool and those that only warn are two halves of a
// whole run. A server decides on the first half before it serves and logs the second after, so a
// rule that reported an error outside its catalog severities would let an invalid tool through.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { LINT_RULES, lintTools, type Diagnostic } from '../../src/index.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const files = (dir: string, ext: RegExp): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? files(`${dir}/${e.name}`, ext) : ext.test(e.name) ? [`${dir}/${e.name}`] : []));

// Real tools, the mcpdesc fixtures (every rule's findings) and each conformance case's schema as a tool.
const inputs: { id: string; input: unknown }[] = [
  ...files(`${repo}corpus/tools`, /\.json$/).map((f) => ({ id: f, input: JSON.parse(readFileSync(f, 'utf8')) })),
  ...files(`${repo}corpus/mcpdesc/spec/draft/fixtures`, /\.(json|ya?ml)$/).map((f) => ({ id: f, input: f.endsWith('.json') ? JSON.parse(readFileSync(f, 'utf8')) : parse(readFileSync(f, 'utf8')) })),
  ...files(`${repo}conformance/cases`, /^input\.json$/).map((f) => ({ id: f, input: { name: 'case', inputSchema: JSON.parse(readFileSync(f, 'utf8')) } })),
];

const key = (d: Diagnostic) => `${d.code} ${d.severity} ${d.path} ${d.message}`;

describe('lint rules split by what they can report', () => {
  it('keeps every rule to its catalog severities, and the errors and warnings runs make the whole run', () => {
    const severities = new Map(LINT_RULES.map((r) => [r.id, r.severities as string[]]));
    const counted = { errors: 0, warnings: 0 };
    for (const { id, input } of inputs) {
      for (const protocol of [undefined, '2025-06-18']) {
        const options = protocol ? { protocol } : {};
        const all = lintTools(input, options);
        for (const d of all.diagnostics) expect(severities.get(d.code), `${id} ${d.code}`).toContain(d.severity);
        const errors = lintTools(input, { ...options, rules: 'errors' });
        const warnings = lintTools(input, { ...options, rules: 'warnings' });
        expect(warnings.diagnostics.every((d) => d.severity === 'warning'), id).toBe(true);
        expect([...errors.diagnostics, ...warnings.diagnostics].map(key).sort(), id).toEqual(all.diagnostics.map(key).sort());
        expect(errors.complete && warnings.complete, id).toBe(all.complete);
        counted.errors += errors.diagnostics.length;
        counted.warnings += warnings.diagnostics.length;
      }
    }
    // Not vacuous: both halves find something in these inputs.
    expect(counted.errors).toBeGreaterThan(10);
    expect(counted.warnings).toBeGreaterThan(10);
  });

  it('refuses an unknown rules option in words', () => {
    expect(() => lintTools({}, { rules: 'some' as 'all' })).toThrow(/rules must be "all", "errors", "warnings" or a list of rule ids, not "some"/);
    expect(() => lintTools({}, { rules: ['mcp.tool.name', 'mcp.tool.nam'] })).toThrow(/names no rule "mcp\.tool\.nam"/);
  });

  it('runs exactly the rules a list names: one rule at a time, the warnings run is the sum', () => {
    const warningOnly = LINT_RULES.filter((r) => !r.severities.includes('error')).map((r) => r.id);
    let found = 0;
    for (const { id, input } of inputs) {
      const whole = lintTools(input, { rules: 'warnings' });
      const parts = warningOnly.flatMap((rule) => lintTools(input, { rules: [rule] }).diagnostics);
      expect(parts.map(key).sort(), id).toEqual(whole.diagnostics.map(key).sort());
      found += parts.length;
    }
    expect(found).toBeGreaterThan(10);
  });
});
