// The one "admits null" answer (judge, convert, MCP results) against Ajv's own verdict on `null`,
// for every subschema of every corpus tool schema and of every JSON-Schema-Test-Suite schema: where
// the answer is decided ('yes' / 'no') it must be Ajv's; 'unknown' is counted and kept rare.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { admitsNull, nullAdmissionIn, type NullAnswer } from '../../src/admits-null.js';
import { ResourceIndex, type Draft, type SchemaNode } from '../../src/resource-index.js';
import { privateAjv, type AnyAjv } from '../../src/judge/ajv-instances.js';
import { detectDraft } from '../../src/judge/draft.js';
import { walkSchema } from '../../src/lint/schema-walk.js';

const root = join(import.meta.dirname, '../../../..');
let documents = 0;

interface Tally {
  agree: number;
  unknown: number;
  uncompiled: number;
  disagree: string[];
}

const ajvs = new Map<Draft, AnyAjv>();

/** Each subschema at a schema position: the shared answer beside Ajv's verdict on null there. */
function compare(schema: unknown, where: string, tally: Tally): void {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return;
  const draft = detectDraft(schema, '2020-12');
  if (typeof draft !== 'string') return;
  const index = new ResourceIndex(schema as SchemaNode, draft);
  const nulls = nullAdmissionIn(index);
  let ajv = ajvs.get(draft);
  if (!ajv) ajvs.set(draft, (ajv = privateAjv(draft, false)));
  // A key of its own per document: Ajv keeps the fragments it compiled under a key after removeSchema.
  const KEY = `https://admits-null.test.invalid/${++documents}.json`;
  try {
    ajv.addSchema(schema, KEY);
  } catch {
    tally.uncompiled++;
    return;
  }
  try {
    walkSchema(schema, '', (node, at) => {
      const mine: NullAnswer = nulls.of(node);
      if (mine === 'unknown') {
        tally.unknown++;
        return undefined;
      }
      let verdict: boolean;
      try {
        const fragment = at.split('/').map(encodeURIComponent).join('/');
        const validate = ajv.getSchema(`${KEY}#${fragment}`);
        if (!validate) throw new Error('no validator');
        verdict = validate(null) as boolean;
      } catch {
        // A subschema Ajv cannot compile on its own (a remote it needs, its stack limit).
        tally.uncompiled++;
        return undefined;
      }
      if ((mine === 'yes') === verdict) tally.agree++;
      else tally.disagree.push(`${where}${at}: shared answer ${mine}, Ajv ${verdict ? 'accepts' : 'refuses'} null: ${JSON.stringify(node).slice(0, 160)}`);
      return undefined;
    });
  } finally {
    ajv.removeSchema(KEY);
  }
}

function toolFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) out.push(...toolFiles(join(dir, e.name)));
    else if (e.name.endsWith('.json')) out.push(join(dir, e.name));
  }
  return out.sort();
}

describe('admitsNull agrees with Ajv on null', () => {
  it('for every subschema of the 881 corpus tools (inputSchema and outputSchema)', () => {
    const tally: Tally = { agree: 0, unknown: 0, uncompiled: 0, disagree: [] };
    const files = toolFiles(join(root, 'corpus/tools'));
    expect(files.length).toBe(881);
    for (const file of files) {
      const tool = JSON.parse(readFileSync(file, 'utf8')) as { inputSchema?: unknown; outputSchema?: unknown };
      const id = file.slice(root.length + 1);
      compare(tool.inputSchema, `${id} inputSchema`, tally);
      compare(tool.outputSchema, `${id} outputSchema`, tally);
    }
    expect(tally.disagree).toEqual([]);
    expect(tally.agree).toBeGreaterThan(7_500);
    // Undecided only where the corpus leaves the document or recurses: a handful in ten thousand.
    expect(tally.unknown).toBeLessThan(tally.agree / 100);
  });

  for (const [dir, draft] of [['draft2020-12', '2020-12'], ['draft7', 'draft-07']] as const) {
    it(`for every subschema of the JSON-Schema-Test-Suite ${dir} schemas`, () => {
      const tally: Tally = { agree: 0, unknown: 0, uncompiled: 0, disagree: [] };
      const folder = join(root, 'corpus/json-schema-test-suite/tests', dir);
      for (const f of readdirSync(folder).filter((x) => x.endsWith('.json')).sort()) {
        const cases = JSON.parse(readFileSync(join(folder, f), 'utf8')) as { description: string; schema: unknown }[];
        for (const c of cases) {
          // Without `$schema`, a draft-07 file's schema is read as draft-07, as its suite means it.
          const schema = typeof c.schema === 'object' && c.schema !== null && !('$schema' in c.schema) && draft === 'draft-07'
            ? { $schema: 'http://json-schema.org/draft-07/schema#', ...c.schema }
            : c.schema;
          compare(schema, `${dir}/${f} "${c.description}"`, tally);
        }
      }
      expect(tally.disagree).toEqual([]);
      expect(tally.agree).toBeGreaterThan(500);
    });
  }
});

describe('admitsNull: edge cases, each checked against Ajv where decided', () => {
  const cases: [string, unknown, NullAnswer][] = [
    ['true schema', true, 'yes'],
    ['false schema', false, 'no'],
    ['empty schema', {}, 'yes'],
    ['type null', { type: 'null' }, 'yes'],
    ['type string', { type: 'string' }, 'no'],
    ['type array with null', { type: ['string', 'null'] }, 'yes'],
    ['type array without null', { type: ['string', 'integer'] }, 'no'],
    ['nullable flag beside type (Ajv, OpenAPI 3.0.3)', { type: 'string', nullable: true }, 'yes'],
    ['enum with null', { enum: ['a', null] }, 'yes'],
    ['enum without null', { enum: ['a', 1] }, 'no'],
    ['type with null but enum without', { type: ['string', 'null'], enum: ['a'] }, 'no'],
    ['const null', { const: null }, 'yes'],
    ['const other', { const: 0 }, 'no'],
    ['other keywords ignore null', { minimum: 3, pattern: '^a', properties: { a: false }, items: false, required: ['x'] }, 'yes'],
    ['anyOf with one null branch', { anyOf: [{ type: 'string' }, { type: 'null' }] }, 'yes'],
    ['anyOf without', { anyOf: [{ type: 'string' }, { enum: [1] }] }, 'no'],
    ['oneOf with one null branch', { oneOf: [{ type: 'string' }, { type: 'null' }] }, 'yes'],
    ['oneOf with two null branches refuses null', { oneOf: [{ type: 'null' }, {}] }, 'no'],
    ['allOf every branch', { allOf: [{ type: ['null', 'string'] }, { not: { type: 'string' } }] }, 'yes'],
    ['allOf one refuses', { allOf: [{}, { type: 'string' }] }, 'no'],
    ['not type null', { not: { type: 'null' } }, 'no'],
    ['not type string', { not: { type: 'string' } }, 'yes'],
    ['not true', { not: {} }, 'no'],
    ['if null then refused', { if: { type: 'null' }, then: false }, 'no'],
    ['if not null then refused: else applies', { if: { type: 'string' }, then: false, else: { type: ['null', 'integer'] } }, 'yes'],
    ['if without then', { if: { type: 'null' } }, 'yes'],
    ['$ref to a definition admitting null', { $defs: { n: { type: 'null' } }, $ref: '#/$defs/n' }, 'yes'],
    ['$ref through an anchor', { $defs: { n: { $anchor: 'N', enum: ['x'] } }, $ref: '#N' }, 'no'],
    ['$ref beside a type that refuses null', { $defs: { n: { type: 'null' } }, $ref: '#/$defs/n', type: 'string' }, 'no'],
    ['external $ref: not decided', { $ref: 'https://example.com/other.json' }, 'unknown'],
    ['external $ref beside a type that refuses null', { $ref: 'https://example.com/other.json', type: 'integer' }, 'no'],
    ['$ref cycle with no other keyword: not decided', { $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' }, 'unknown'],
    ['$dynamicRef: not decided', { $dynamicAnchor: 'node', $defs: { x: { $dynamicRef: '#node' } }, $ref: '#/$defs/x' }, 'unknown'],
    ['undecided if, then and else differ', { if: { $ref: 'https://example.com/x.json' }, then: true, else: false }, 'unknown'],
    ['undecided if, then and else agree', { if: { $ref: 'https://example.com/x.json' }, then: { type: 'null' } }, 'yes'],
    ['anyOf: one yes decides over an unknown', { anyOf: [{ $ref: 'https://example.com/x.json' }, { type: 'null' }] }, 'yes'],
  ];
  const edgeAjv = privateAjv('2020-12', false);
  for (const [name, schema, expected] of cases) {
    it(`${name}: ${expected}`, () => {
      const answer = nullAdmissionIn(new ResourceIndex(schema as SchemaNode, '2020-12')).of(schema);
      expect(answer).toBe(expected);
      if (answer === 'unknown') return;
      // An external ref beside a refusing type: Ajv needs the remote to compile; the verdict stands on the type.
      if (JSON.stringify(schema).includes('example.com')) return;
      expect(edgeAjv.compile(schema as object)(null)).toBe(answer === 'yes');
    });
  }

  it('a draft-07 $ref hides its siblings from the answer, as the draft says', () => {
    const schema = { $schema: 'http://json-schema.org/draft-07/schema#', definitions: { n: { type: 'null' } }, $ref: '#/definitions/n', type: 'string' };
    expect(nullAdmissionIn(new ResourceIndex(schema, 'draft-07')).of(schema)).toBe('yes');
  });

  it('without a resolver (convert asks about a spelled node) a reference is unknown; a renamed ref keyword too', () => {
    expect(admitsNull({ $ref: '#/$defs/x' })).toBe('unknown');
    expect(admitsNull({ $ref: '#/$defs/x', type: 'string' })).toBe('no');
    expect(admitsNull({ ref: 'x' }, { refKeyword: 'ref' })).toBe('unknown');
    expect(admitsNull({ ref: 'x' })).toBe('yes');
    expect(admitsNull({ $ref: '#/a' }, { resolve: (ref) => (ref === '#/a' ? { type: ['null'] } : undefined) })).toBe('yes');
  });

  it('a JS object that contains itself decides nothing, and does not run away', () => {
    const loop: Record<string, unknown> = { allOf: [] };
    (loop.allOf as unknown[]).push(loop);
    expect(admitsNull(loop)).toBe('unknown');
    expect(admitsNull({ ...loop, type: 'string' })).toBe('no');
  });

  it('a value that is not a schema decides nothing', () => {
    expect(admitsNull(5)).toBe('unknown');
    expect(admitsNull({ allOf: [5] })).toBe('unknown');
    expect(admitsNull({ allOf: [5], type: 'string' })).toBe('no');
  });
});
