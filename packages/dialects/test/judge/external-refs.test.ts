// A reference that leaves the tool's schema is never fetched. The judge still judges every call by
// the rest of the schema (before, every call to such a tool failed as a server fault: Ajv could not
// compile it), accepts what the missing part would have said, and warm() says so.
import { describe, expect, it } from 'vitest';
import { createJudge } from '../../src/index.js';

const tool = {
  name: 'extref',
  inputSchema: {
    type: 'object',
    properties: {
      e: { $ref: 'https://example.com/s.json#/definitions/thing', description: 'kept: the rest of this node' },
      f: { type: 'string', $ref: 'other.json' },
      n: { type: 'integer', minimum: 1 },
      schema: { $ref: 'https://json-schema.org/draft/2020-12/schema' },
    },
    required: ['n'],
    additionalProperties: false,
  },
};

describe('a schema with references that leave it', () => {
  it('judges calls by the rest of the schema', () => {
    const before = structuredClone(tool);
    const judge = createJudge(tool);
    expect(judge.checkArguments({ n: 1, e: { anything: [1, 2] } }, { decodeNulls: false })).toEqual({ ok: true, value: { n: 1, e: { anything: [1, 2] } } });
    const refused = judge.checkArguments({ n: 0, f: 5, extra: true }, { decodeNulls: false });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.fault).toBe('caller');
    expect(refused.violations.map((v) => `${v.path} ${v.keyword}`).sort()).toEqual(['/extra additionalProperties', '/f type', '/n minimum']);
    expect(tool).toEqual(before);
  });

  it('keeps checking a reference the judge holds itself (a meta-schema)', () => {
    const judge = createJudge(tool);
    const refused = judge.checkArguments({ n: 1, schema: 5 }, { decodeNulls: false });
    expect(refused.ok).toBe(false);
    expect(judge.checkArguments({ n: 1, schema: { type: 'string' } }, { decodeNulls: false }).ok).toBe(true);
  });

  it('warns about each reference left unchecked, at its pointer in the tool', () => {
    const warnings = createJudge(tool).warm();
    expect(warnings.map((d) => `${d.severity} ${d.code} ${d.path}`)).toEqual([
      'warning judge.external-ref /inputSchema/properties/e/$ref',
      'warning judge.external-ref /inputSchema/properties/f/$ref',
    ]);
    expect(warnings[0]?.message).toMatch(/^https:\/\/example\.com\/s\.json#\/definitions\/thing leaves the schema and is never fetched/);
  });

  it("decodes a null-sending dialect's nulls beside them; a null where only the external part could say whether null is allowed stays as sent", async () => {
    const judge = createJudge(tool);
    expect(await judge.checkArgumentsAsync({ n: 2, f: null }, { decodeNulls: true })).toEqual({ ok: true, value: { n: 2 } });
    expect(await judge.checkArgumentsAsync({ n: 2, e: null, f: null }, { decodeNulls: true })).toEqual({ ok: true, value: { n: 2, e: null } });
  });

  it('reads a draft-07 schema the same way, and an output schema too', () => {
    const judge = createJudge({
      inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { e: { $ref: 'https://example.com/s.json' }, n: { type: 'integer' } } },
      outputSchema: { type: 'object', properties: { r: { $ref: 'https://example.com/r.json' } }, required: ['r'] },
    });
    expect(judge.checkArguments({ e: 1, n: 2 }, { decodeNulls: false }).ok).toBe(true);
    expect(judge.checkArguments({ n: 'x' }, { decodeNulls: false }).ok).toBe(false);
    expect(judge.checkResult({ r: 'anything' }).ok).toBe(true);
    expect(judge.checkResult({}).ok).toBe(false);
  });

  it('judges a schema whose root declares an $id the same way (the first, failed compile left that $id behind)', () => {
    for (const $id of ['https://x.example/root.json', 'root.json']) {
      const judge = createJudge({ name: 't', inputSchema: { ...tool.inputSchema, $id } });
      expect(judge.warm().map((d) => d.code)).toEqual(['judge.external-ref', 'judge.external-ref']);
      expect(judge.checkArguments({ n: 1 }, { decodeNulls: false })).toEqual({ ok: true, value: { n: 1 } });
      const refused = judge.checkArguments({ n: 0 }, { decodeNulls: false });
      expect(refused.ok === false && refused.fault).toBe('caller');
    }
  });
});

describe('a $dynamicRef to another document', () => {
  // Ajv refuses one outright ("$dynamicRef only supports hash fragment reference"): the tool was
  // registered with lint's warning, and every call failed as a server fault (round 18).
  it('is left unchecked, with a warning at its own keyword, and the rest of the schema judges every call', () => {
    const judge = createJudge({ name: 'dyn', inputSchema: { type: 'object', properties: { f: { $dynamicRef: 'http://127.0.0.1:18080/dyn.json#meta' }, n: { type: 'integer' } } } });
    expect(judge.warm().map((d) => `${d.severity} ${d.code} ${d.path}`)).toEqual(['warning judge.external-ref /inputSchema/properties/f/$dynamicRef']);
    expect(judge.checkArguments({ f: { any: 1 }, n: 1 }, { decodeNulls: false }).ok).toBe(true);
    const refused = judge.checkArguments({ n: 'x' }, { decodeNulls: false });
    expect(refused.ok === false && refused.fault).toBe('caller');
  });
});

describe('an $id beside a $ref with no other rule', () => {
  // Ajv recursed without end compiling such a schema, and every call was refused as "too deep".
  // 2020-12 reads the reference from the $id beside it; draft-07 ignores that $id with every other sibling.
  for (const [draft, defs, sent, refused] of [['https://json-schema.org/draft/2020-12/schema', '$defs', 5, 'x'], ['http://json-schema.org/draft-07/schema#', 'definitions', 'x', 5]] as const) {
    it(`is judged as its reference says (${defs})`, () => {
      const judge = createJudge({
        name: 't',
        inputSchema: {
          $schema: draft,
          $id: 'https://x.example/root.json',
          type: 'object',
          properties: { p1: { $id: 'other.json', $ref: `#/${defs}/num`, [defs]: { num: { type: 'integer' } } } },
          [defs]: { num: { type: 'string' } },
        },
      });
      expect(judge.warm()).toEqual([]);
      expect(judge.checkArguments({ p1: sent }, { decodeNulls: false })).toEqual({ ok: true, value: { p1: sent } });
      const answer = judge.checkArguments({ p1: refused }, { decodeNulls: false });
      expect(answer.ok === false && answer.fault).toBe('caller');
    });
  }
});
