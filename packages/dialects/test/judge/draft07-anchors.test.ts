// draft-07 declares an anchor with `$id: "#name"`; `$anchor` is 2020-12's and names nothing there.
// Ajv reads `$anchor` in draft-07 too, and refused to compile a schema holding both spellings of one
// name ("resolves to more than one schema"): every call failed though lint took the schema (round 27).
import { describe, expect, it } from 'vitest';
import { convert, createJudge, lintTools, loadDialects } from '../../src/index.js';

const D07 = 'http://json-schema.org/draft-07/schema#';
const registry = loadDialects();

describe('draft-07 anchors, one reading for lint, convert and the judge', () => {
  it('follows $id "#addr" whatever a $anchor of the same name says, and judges by it', () => {
    const tool = { name: 'a', inputSchema: { $schema: D07, type: 'object', properties: { a: { $ref: '#addr' } }, definitions: { legacy: { $anchor: 'addr', type: 'integer' }, Addr: { $id: '#addr', type: 'string' } } } };
    const before = structuredClone(tool);
    expect(lintTools([tool]).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const judge = createJudge(tool);
    expect(judge.warm()).toEqual([]);
    expect(judge.checkArguments({ a: 'x' }, { decodeNulls: false }).ok).toBe(true);
    const refused = judge.checkArguments({ a: 5 }, { decodeNulls: false });
    expect(!refused.ok && refused.violations.map((v) => v.path)).toEqual(['/a']);
    expect(convert(tool, registry.get('flat')).output).toMatchObject({ inputSchema: { properties: { a: { type: 'string' } } } });
    expect(tool).toEqual(before);
  });

  it('refuses a reference to a name only $anchor declares, in lint, convert and the judge alike', () => {
    const tool = { name: 'b', inputSchema: { $schema: D07, type: 'object', properties: { a: { $ref: '#only' } }, definitions: { O: { $anchor: 'only', type: 'string' } } } };
    expect(lintTools([tool]).diagnostics.filter((d) => d.severity === 'error').map((d) => [d.path, d.message])).toEqual([
      ['/0/inputSchema/properties/a/$ref', '$ref "#only" names anchor "only", which this schema does not define (draft-07 declares one with $id: "#only"; $anchor is 2020-12\'s).'],
    ]);
    for (const d of ['canonical', 'flat', 'openai_strict']) {
      expect(convert(tool, registry.get(d)).diagnostics.filter((x) => x.severity === 'error').map((x) => x.path), d).toEqual(['/inputSchema/properties/a/$ref']);
    }
    expect(createJudge(tool).warm()).toEqual([expect.objectContaining({ code: 'judge.schema-invalid', severity: 'error' })]);
  });
});
