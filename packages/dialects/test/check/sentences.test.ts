// Issue 11 part 2: no sentence contradicts the schema beside it. checkSentences reads every
// description sentence back with the dialect's own templates and checks it against the spelled
// node and the canonical node; here it first proves it can find each known kind of false sentence,
// then finds nothing over conformance cases, the corpus, JSON-Schema-Test-Suite and generated schemas.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSentences, convert, loadDialects, type Dialect } from '@redouble/dialects';
import { corpusTools, dialects, runs } from '../properties/fixtures.js';
import { anySchema } from '../properties/inputs.js';

const registry = loadDialects();
const repo = join(import.meta.dirname, '../../../..');

/** The false sentences of one conversion, as `pointer: message`. */
function falseSentences(input: unknown, dialect: Dialect): string[] {
  const r = convert(input, dialect);
  // A root the dialect must spell as an object, though it is not one, is refused as a whole.
  if (r.output === undefined || r.diagnostics.some((d) => d.code === 'root-not-object')) return [];
  return checkSentences(input, r.output, dialect).map((d) => `${d.path}: ${d.message}`);
}

describe('checkSentences finds false sentences (the four of issue 11, as they were spelled)', () => {
  it('a cycle stub that says "Other properties are accepted." where the definition is closed', () => {
    const canonical = { type: 'object', properties: { data: { $ref: '#/$defs/Node' } }, $defs: { Node: { type: 'object', additionalProperties: false, properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } } } } };
    const spelled = { type: 'object', properties: { data: { type: 'object', additionalProperties: false, properties: { children: { type: 'array', items: { type: 'object', additionalProperties: false, description: 'Other properties are accepted. Repeats the structure of Node, to any depth.' } } } } }, additionalProperties: false };
    expect(checkSentences(canonical, spelled, registry.get('anthropic_strict')).map((d) => [d.code, d.path])).toEqual([
      ['sentence-contradiction', '/properties/data/properties/children/items/description'],
    ]);
  });

  it('"Any JSON value is accepted." beside a const', () => {
    const canonical = { type: 'object', properties: { k: { const: 'a' } }, required: ['k'] };
    const spelled = { type: 'object', properties: { k: { const: 'a', anyOf: [{ type: 'string' }, { type: 'number' }], description: 'Any JSON value is accepted.' } }, required: ['k'], additionalProperties: false };
    expect(checkSentences(canonical, spelled, registry.get('openai_strict')).map((d) => d.message)).toEqual([
      '"Any JSON value is accepted." stands beside an enum or const in the spelled schema, which accepts only those values',
    ]);
  });

  it('"Must not match {"type":"null"}." on a nullable spelling, and "Any JSON value" beside an enum', () => {
    const canonical = { type: 'object', properties: { n: { not: { type: 'null' } }, e: { enum: [1, 2, 3] } } };
    const spelled = {
      type: 'object',
      properties: {
        n: { anyOf: [{ type: 'string', nullable: true }, { type: 'number' }], description: 'Must not match {"type":"null"}. Any JSON value is accepted.' },
        e: { anyOf: [{ type: 'string', nullable: true }, { type: 'number' }], description: 'One of: 1, 2, 3. Any JSON value is accepted.' },
      },
    };
    expect(checkSentences(canonical, spelled, registry.get('gemini')).map((d) => d.path)).toEqual([
      '/properties/n/description',
      '/properties/n/description',
      '/properties/e/description',
    ]);
  });

  it('"The property nothing must not be sent." on the wrong object', () => {
    const canonical = { type: 'object', properties: { nothing: false, open: { type: 'object', properties: { x: { type: 'string' } } } } };
    const spelled = { type: 'object', properties: { open: { type: 'object', properties: { x: { type: 'string' } }, description: 'The property nothing must not be sent.' } } };
    expect(checkSentences(canonical, spelled, registry.get('gemini')).map((d) => d.path)).toEqual(['/properties/open/description']);
  });

  it('a bound that is not the canonical one, and a rule the canonical schema does not have', () => {
    const canonical = { type: 'object', properties: { s: { type: 'string', maxLength: 5 } } };
    const spelled = { type: 'object', properties: { s: { type: 'string', description: 'At most 6 characters. Must be an ISO-8601 date.' } } };
    expect(checkSentences(canonical, spelled, registry.get('openai_strict')).map((d) => d.message)).toEqual([
      '"At most 6 characters." but the canonical schema says maxLength 5 here',
      '"Must be an ISO-8601 date." but the canonical schema has no "format" here',
    ]);
  });

  it('reads the schemas of a Tool and of a tools/list result, with their pointers', () => {
    const tool = { name: 't', inputSchema: { type: 'object', properties: { s: { type: 'string' } } } };
    const spelled = { name: 't', inputSchema: { type: 'object', properties: { s: { type: 'string', description: 'At least 2 characters.' } } } };
    expect(checkSentences({ tools: [tool] }, { tools: [spelled] }, registry.get('openai_strict')).map((d) => d.path)).toEqual(['/tools/0/inputSchema/properties/s/description']);
  });
});

describe('the four issue-11 shapes now convert with true sentences', () => {
  const shapes = {
    'closed cycle': { type: 'object', properties: { data: { $ref: '#/$defs/Node' } }, $defs: { Node: { type: 'object', additionalProperties: false, properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } }, required: ['name'] } } },
    'typeless const and mixed enum': { type: 'object', properties: { k: { const: 'a' }, m: { enum: [1, 'a'] } }, required: ['k', 'm'] },
    'not null and an integer enum': { type: 'object', properties: { n: { not: { type: 'null' } }, e: { enum: [1, 2, 3] } }, required: ['n', 'e'] },
    'a false property beside an object': { type: 'object', properties: { nothing: false, open: { type: 'object', properties: { x: { type: 'string' } } } } },
  };
  for (const [name, schema] of Object.entries(shapes)) {
    it(name, () => {
      for (const d of dialects) expect(falseSentences(schema, d), d.id).toEqual([]);
    });
  }
});

describe('a sentence about a dropped subschema shows what its references name', () => {
  // The output may leave the definition out (or spell it under another key), so a sentence that
  // quoted {"$ref":"#/$defs/Bad"} would point the model at nothing.
  const schema = { type: 'object', properties: { p: { type: 'object', properties: { a: { type: 'string' } }, not: { $ref: '#/$defs/Bad' } } }, $defs: { Bad: { required: ['a'] } } };

  it('every dialect that drops the not says what Bad holds, and keeps Bad counted as used', () => {
    let dropping = 0;
    for (const d of dialects) {
      const r = convert(schema, d);
      const text = (r.output as { properties: { p: { description?: string } } }).properties.p.description ?? '';
      if (!text.includes('Must not match')) continue;
      dropping++;
      expect(text, d.id).not.toContain('$ref');
      expect(text, d.id).toContain('"required":["a"]');
      expect(r.diagnostics.filter((x) => x.code === 'definition-unreferenced'), d.id).toEqual([]);
      expect(falseSentences(schema, d), d.id).toEqual([]);
    }
    expect(dropping).toBeGreaterThanOrEqual(3);
  });

  it('the checker refuses the sentence that names the reference instead', () => {
    const spelled = { type: 'object', properties: { p: { type: 'object', properties: { a: { type: 'string' } }, description: 'Must not match {"$ref":"#/$defs/Bad"}.' } } };
    expect(checkSentences(schema, spelled, registry.get('gemini')).map((d) => d.path)).toEqual(['/properties/p/description']);
  });
});

describe('no false sentence', () => {
  for (const dialect of dialects) {
    it(`${dialect.id}: conformance cases and the corpus`, () => {
      const found: string[] = [];
      const cases = join(repo, 'conformance/cases');
      for (const c of readdirSync(cases).sort()) {
        const input = JSON.parse(readFileSync(join(cases, c, 'input.json'), 'utf8')) as unknown;
        for (const f of falseSentences(input, dialect)) found.push(`${c} ${f}`);
      }
      for (const { file, tool } of corpusTools()) for (const f of falseSentences(tool, dialect)) found.push(`${file} ${f}`);
      expect(found).toEqual([]);
    });

    it(`${dialect.id}: JSON-Schema-Test-Suite schemas`, () => {
      const found: string[] = [];
      for (const dir of ['draft2020-12', 'draft7']) {
        const base = join(repo, 'corpus/json-schema-test-suite/tests', dir);
        for (const file of readdirSync(base).filter((f) => f.endsWith('.json')).sort()) {
          const cases = JSON.parse(readFileSync(join(base, file), 'utf8')) as { description: string; schema: unknown }[];
          for (const c of cases) {
            const schema = dir === 'draft7' && c.schema !== null && typeof c.schema === 'object' && !('$schema' in c.schema) ? { $schema: 'http://json-schema.org/draft-07/schema#', ...c.schema } : c.schema;
            for (const f of falseSentences(schema, dialect)) found.push(`${dir}/${file} "${c.description}" ${f}`);
          }
        }
      }
      expect(found).toEqual([]);
    });

    it(`${dialect.id}: generated schemas`, () => {
      fc.assert(
        fc.property(anySchema, (schema) => {
          expect(falseSentences(schema, dialect)).toEqual([]);
        }),
        runs(150),
      );
    });
  }
});

describe('sentences where a reference is written out with its siblings', () => {
  // A closed target beside a property of its own (the two cannot merge: written as an allOf, then
  // worded), and a property both sides declare (merged: the target's minimum stands beside the type).
  const closedTarget = { type: 'object', properties: { p: { $ref: '#/$defs/C', properties: { extra: { type: 'string' } } } }, $defs: { C: { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false } } };
  const bothDeclare = { type: 'object', properties: { p: { $ref: '#/$defs/O', properties: { a: { type: 'integer' } } } }, $defs: { O: { type: 'object', properties: { a: { type: 'number', minimum: 0 } }, required: ['a'] } } };
  it.each(['anthropic_strict', 'openai_strict', 'gemini'])('%s: none is false', (id) => {
    for (const input of [closedTarget, bothDeclare]) {
      const r = convert(input, registry.get(id));
      expect(checkSentences(input, r.output, registry.get(id))).toEqual([]);
    }
  });
});

describe('checkSentences and explain misused', () => {
  it('refuse a dialect name or nothing in place of a Dialect with a DialectError, never a TypeError', async () => {
    const { DialectError, explain } = await import('@redouble/dialects');
    const misuse = [
      () => checkSentences({}, {}, 'gemini' as unknown as Dialect),
      () => checkSentences({}, {}, undefined as unknown as Dialect),
      () => explain({}, 'gemini' as unknown as Dialect),
    ];
    const messages = misuse.map((f) => {
      try {
        f();
        return 'no error';
      } catch (e) {
        return e instanceof DialectError ? `${e.code}: ${e.message}` : `not a DialectError: ${String(e)}`;
      }
    });
    expect(messages).toEqual([
      'invalid-option: checkSentences needs a Dialect from loadDialects().get(name), not the name "gemini"',
      'invalid-option: checkSentences needs a Dialect from loadDialects().get(name)',
      'invalid-option: explain needs a Dialect from loadDialects().get(name), not the name "gemini"',
    ]);
  });

  it('say a cyclic or too deep input as convert says it, never overflow the stack', () => {
    const gemini = loadDialects().get('gemini');
    const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
    (cyclic.properties as Record<string, unknown>).self = cyclic;
    expect(checkSentences({ type: 'object' }, cyclic, gemini).map((d) => [d.code, d.path])).toEqual([['cyclic-object', '']]);
    let deep: unknown = {};
    for (let i = 0; i < 5000; i++) deep = { not: deep };
    expect(checkSentences(deep, {}, gemini).map((d) => [d.code, d.path])).toEqual([['too-deep', '']]);
  });

  it('read a sentence whole where the JSON it shows holds a sentence end of its own', () => {
    const gemini = loadDialects().get('gemini@2026-10');
    const input = {
      type: 'object',
      properties: {
        c: { type: 'string', not: { const: 'x', description: 'Not x. Really not.' } },
        p: { type: 'array', prefixItems: [{ type: 'string', description: 'Head. Then more.' }] },
      },
    };
    const out = convert(input, gemini).output as { properties: { c: { description: string } } };
    // The subschemas carry descriptions, so they are shown as JSON, with their ". " inside.
    expect(out.properties.c.description).toContain('Not x. Really not.');
    expect(checkSentences(input, out, gemini)).toEqual([]);
    // A false one is still found, its sentence read whole.
    const other = structuredClone(out);
    other.properties.c.description = other.properties.c.description.replace('"x"', '"y"');
    expect(checkSentences(input, other, gemini).map((d) => [d.path, d.message.startsWith('"Must not match {"const":"y","description":"Not x. Really not."}." but')])).toEqual([
      ['/properties/c/description', true],
    ]);
  });
});
