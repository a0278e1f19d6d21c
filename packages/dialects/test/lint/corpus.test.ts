import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { lintTools, type Diagnostic } from '../../src/index.js';
import { getAt } from '../../src/json-pointer.js';

const root = fileURLToPath(new URL('../../../../corpus/tools/', import.meta.url));
const tools = readdirSync(root)
  .sort()
  .flatMap((server) =>
    readdirSync(root + server)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((file) => ({ id: `${server}/${file.replace(/\.json$/, '')}`, tool: JSON.parse(readFileSync(`${root}${server}/${file}`, 'utf8')) as Record<string, unknown> })),
  );

function tally(results: { id: string; diagnostics: Diagnostic[] }[]) {
  const byRule = new Map<string, { diagnostics: number; tools: Set<string> }>();
  for (const { id, diagnostics } of results) {
    for (const d of diagnostics) {
      const key = `${d.code} ${d.severity}`;
      const entry = byRule.get(key) ?? { diagnostics: 0, tools: new Set<string>() };
      entry.diagnostics++;
      entry.tools.add(id);
      byRule.set(key, entry);
    }
  }
  return [...byRule].sort(([a], [b]) => (a < b ? -1 : 1)).map(([rule, e]) => ({ rule, diagnostics: e.diagnostics, tools: e.tools.size }));
}

describe('lint over the 881 real corpus tools', () => {
  const protocols = [undefined, '2024-11-05', '2025-06-18', '2026-07-28'] as const;
  const runs = protocols.map((protocol) => ({
    protocol,
    results: tools.map(({ id, tool }) => ({ id, tool, ...lintTools(tool, protocol ? { protocol } : {}) })),
  }));

  it('reads every tool and prints the counts by rule and severity', () => {
    expect(tools.length).toBe(881);
    for (const { protocol, results } of runs) {
      const withErrors = results.filter((r) => r.diagnostics.some((d) => d.severity === 'error')).length;
      const withWarnings = results.filter((r) => r.diagnostics.some((d) => d.severity === 'warning')).length;
      console.log(`protocol ${protocol ?? 'default (2025-11-25 + 2026-07-28)'}: ${withErrors} tools with errors, ${withWarnings} with warnings`);
      console.table(tally(results));
    }
  });

  it('gives every diagnostic a path that resolves in the tool, and a rule id as code', () => {
    for (const { results } of runs) {
      for (const r of results) {
        for (const d of r.diagnostics) {
          expect(getAt(r.tool, d.path), `${r.id} ${d.path}`).not.toBe(undefined);
          expect(d.code).toMatch(/^[a-z-]+(\.[a-z-]+)+$/);
        }
      }
    }
  });

  it('finds the draft-04 tool: an error under a dialect revision, a warning only before them', () => {
    const pdf = (protocol: number) => runs[protocol]!.results.find((r) => r.id === 'livemcpbench.pdf-reader-mcp/read_pdf')!;
    const path = '/inputSchema/properties/sources/items/properties/pages/anyOf/0/items/exclusiveMinimum';
    expect(pdf(0).diagnostics).toEqual([expect.objectContaining({ code: 'json-schema.tool-schema.valid', severity: 'error', path })]);
    expect(pdf(3).diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([['json-schema.tool-schema.valid', 'error', path]]);
    expect(pdf(1).diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([['mcp.tool.legacy-schema.shape', 'warning', path]]);
  });

  it('agrees with Ajv: a schema gets a tool-schema.valid finding exactly when Ajv cannot compile it', () => {
    const disagreements: string[] = [];
    const ajv07 = new Ajv({ strict: false, logger: false });
    const ajv2020 = new Ajv2020({ strict: false, logger: false });
    for (const r of runs[0]!.results) {
      for (const key of ['inputSchema', 'outputSchema'] as const) {
        const schema = r.tool[key] as Record<string, unknown> | undefined;
        if (!schema) continue;
        const draft07 = typeof schema.$schema === 'string' && schema.$schema.includes('draft-07');
        const ajv = draft07 ? ajv07 : ajv2020;
        let compiles = true;
        try {
          ajv.compile(schema);
        } catch {
          compiles = false;
        } finally {
          ajv.removeSchema(schema);
        }
        const flagged = r.diagnostics.some((d) => d.code === 'json-schema.tool-schema.valid' && d.path.startsWith(`/${key}`));
        if (flagged === compiles) disagreements.push(`${r.id} ${key}: lint ${flagged}, Ajv compiles ${compiles}`);
      }
    }
    expect(disagreements).toEqual([]);
  }, 60_000);

  it('reports a declared $schema under revisions before 2025-11-25, and none from it on', () => {
    const declared = tools.filter(({ tool }) => typeof (tool.inputSchema as Record<string, unknown>)?.$schema === 'string').length;
    expect(declared).toBeGreaterThan(0);
    const flagged = runs[2]!.results.filter((r) => r.diagnostics.some((d) => d.path === '/inputSchema/$schema' && d.severity === 'error')).length;
    expect(flagged).toBe(declared);
    expect(runs[3]!.results.some((r) => r.diagnostics.some((d) => d.path.endsWith('/$schema')))).toBe(false);
  });
});
