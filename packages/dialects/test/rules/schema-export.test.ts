import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ruleFileJsonSchema, sentenceFileJsonSchema } from '@redouble/dialects';

const dialectsDir = fileURLToPath(new URL('../../../../dialects/', import.meta.url));

describe('dialects/rule-file.schema.json', () => {
  it('is the current export of the zod schema (re-run packages/dialects/scripts/export-rule-schema.ts when this fails)', () => {
    const committed = readFileSync(join(dialectsDir, 'rule-file.schema.json'), 'utf8');
    expect(committed).toBe(`${JSON.stringify(ruleFileJsonSchema(), null, 2)}\n`);
  });

  it('accepts every bundled rule file and refuses what the zod schema refuses', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    const validate = ajv.compile(ruleFileJsonSchema());
    const files = readdirSync(dialectsDir).filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const f of files) {
      const ok = validate(parse(readFileSync(join(dialectsDir, f), 'utf8')));
      expect({ file: f, ok, errors: validate.errors ?? null }).toEqual({ file: f, ok: true, errors: null });
    }
    const rule = { id: 'a', source: 'spec', drop: ['title'], keep: ['type'] };
    const file = { dialect: 'x', version: '2026-01', status: 'draft', summary: 's', sources: {}, rules: [rule] };
    expect(validate(file)).toBe(false);
    expect(validate({ ...file, rules: [{ id: 'a', source: 'spec', drop: ['title'] }] })).toBe(true);
    expect(validate({ ...file, colour: 'red', rules: [] })).toBe(false);
  });
});

describe('dialects/sentence-file.schema.json', () => {
  it('is the current export of the zod schema and accepts every bundled sentence file', () => {
    const committed = readFileSync(join(dialectsDir, 'sentence-file.schema.json'), 'utf8');
    expect(committed).toBe(`${JSON.stringify(sentenceFileJsonSchema(), null, 2)}\n`);
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    const validate = ajv.compile(sentenceFileJsonSchema());
    const files = readdirSync(join(dialectsDir, 'sentences')).filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const f of files) {
      const ok = validate(parse(readFileSync(join(dialectsDir, 'sentences', f), 'utf8')));
      expect({ file: f, ok, errors: validate.errors ?? null }).toEqual({ file: f, ok: true, errors: null });
    }
    expect(validate({ sentences: 's', version: '2026-01', summary: 'x', notes: [{ keywords: ['minimum'], event: 'cycle', text: 't' }] })).toBe(false);
    expect(validate({ sentences: 's', version: '2026-01', summary: 'x', colour: 'red' })).toBe(false);
  });
});
