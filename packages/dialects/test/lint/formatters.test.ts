import { describe, expect, it } from 'vitest';
import { formatLintJson, formatLintSarif, formatLintText, LINT_RULES, lintTools, readLintSource } from '../../src/index.js';
import { metaValidator } from '../../src/lint/ajv-instances.js';

const yamlDoc = `protocolVersions: ["2026-07-28"]
tools:
  - name: fine
    inputSchema:
      type: object
  - name: broken
    inputSchema:
      type: object
      properties:
        id:
          $ref: "#/$defs/identifier"
        ext:
          $ref: https://schemas.example.invalid/x.json
`;

describe('readLintSource', () => {
  it('reads YAML and JSON and maps pointers to lines and columns', () => {
    const yaml = readLintSource(yamlDoc);
    expect(yaml.ok).toBe(true);
    if (!yaml.ok) return;
    expect(yaml.locate('/tools/1/inputSchema/properties/id/$ref')).toEqual({ line: 11, column: 17 });
    // A pointer to something absent lands on its nearest ancestor.
    expect(yaml.locate('/tools/1/outputSchema')).toEqual({ line: 6, column: 5 });
    const json = readLintSource('{\n  "name": "a",\n  "inputSchema": {"type": "array"}\n}');
    expect(json.ok && json.value).toEqual({ name: 'a', inputSchema: { type: 'array' } });
    expect(json.ok && json.locate('/inputSchema/type')).toEqual({ line: 3, column: 27 });
    // Which reader took it, so a caller that knows the text must be JSON can tell.
    expect([yaml.json, json.ok && json.json]).toEqual([false, true]);
  });
  it('refuses text that is neither', () => {
    const bad = readLintSource('tools: [unclosed');
    expect(bad.ok).toBe(false);
    expect(readLintSource('').ok).toBe(false);
  });
  it('says nesting too deep to read, with where, when the YAML parser runs out of stack', () => {
    const deep = readLintSource(`tools: ${'['.repeat(20000)}${']'.repeat(20000)}`);
    expect(deep.ok).toBe(false);
    expect(!deep.ok && deep.message).toMatch(/^Nesting too deep to read \(the YAML parser ran out of stack near line 1, column \d+\); flatten the input\.$/);
  });
});

describe('formatters', () => {
  const source = readLintSource(yamlDoc);
  if (!source.ok) throw new Error('fixture text must parse');
  const result = lintTools(source.value);

  it('text: groups by tool, names the rule, colours only when asked', () => {
    const plain = formatLintText(result, { input: source.value, file: 'tools.yaml', locate: source.locate });
    expect(plain).toContain('Tool "broken" (/tools/1)');
    expect(plain).not.toContain('Tool "fine"');
    expect(plain).toContain('error   json-schema.tool-schema.valid  /tools/1/inputSchema/properties/id/$ref  tools.yaml:11:17');
    expect(plain).toContain('1 error, 1 warning in 1 tool.');
    expect(plain).toContain('The check is incomplete');
    expect(plain).not.toMatch(/\u001b\[/);
    expect(formatLintText(result, { input: source.value, color: true })).toMatch(/\u001b\[31merror/);
    expect(formatLintText({ diagnostics: [], complete: true })).toBe('No problems found.\n');
  });

  it('json: the result with counts', () => {
    const parsed = JSON.parse(formatLintJson(result)) as Record<string, unknown>;
    expect(parsed).toEqual({ complete: false, errors: 1, warnings: 1, diagnostics: result.diagnostics });
  });

  it('sarif: a 2.1.0 log whose results point at catalogued rules and source lines', () => {
    const log = JSON.parse(formatLintSarif(result, { uri: 'tools.yaml', locate: source.locate }));
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toMatch(/sarif-schema-2\.1\.0\.json$/);
    const run = log.runs[0];
    expect(run.tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(LINT_RULES.map((r) => r.id));
    expect(run.results).toHaveLength(2);
    for (const r of run.results) {
      expect(run.tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
      expect(['error', 'warning', 'note']).toContain(r.level);
      expect(r.locations[0].physicalLocation.artifactLocation.uri).toBe('tools.yaml');
      expect(r.locations[0].physicalLocation.region.startLine).toBeGreaterThan(0);
    }
    expect(run.results.map((r: { level: string }) => r.level)).toEqual(['error', 'warning']);
    expect(run.results[0].locations[0].logicalLocations[0].fullyQualifiedName).toBe('/tools/1/inputSchema/properties/id/$ref');
    expect(run.invocations[0].properties.complete).toBe(false);
  });
});

describe('cost of linting one tool', () => {
  it('uses one precompiled meta-schema validator per dialect across calls', () => {
    lintTools({ name: 'a', inputSchema: { type: 'object' } });
    const first = metaValidator('2020-12');
    lintTools({ name: 'b', inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' } });
    const seven = metaValidator('draft-07');
    lintTools({ name: 'c', inputSchema: { type: 'object', required: 'x' } });
    expect(metaValidator('2020-12')).toBe(first);
    expect(metaValidator('draft-07')).toBe(seven);
    expect(first).not.toBe(seven);
  });
});
