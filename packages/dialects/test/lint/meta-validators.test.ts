import { readFileSync, writeFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { metaValidator } from '../../src/lint/ajv-instances.js';
import { GENERATED, renderMetaValidator } from './render-meta-validators.js';

const dir = new URL('../../src/lint/generated/', import.meta.url);

describe('precompiled meta-schema validators', () => {
  for (const dialect of Object.keys(GENERATED) as (keyof typeof GENERATED)[]) {
    it(`${dialect}: the generated file matches what ajv renders now`, () => {
      const file = new URL(GENERATED[dialect].file, dir);
      const rendered = renderMetaValidator(dialect);
      if (process.env.UPDATE_META_VALIDATORS) writeFileSync(file, rendered);
      expect(readFileSync(file, 'utf8') === rendered, `stale ${GENERATED[dialect].file}: run with UPDATE_META_VALIDATORS=1`).toBe(true);
    });

    it(`${dialect}: gives the same verdicts and errors as Ajv's own meta-schema`, () => {
      const options = { allErrors: true, strict: false, logger: false } as const;
      const ajv = dialect === '2020-12' ? new Ajv2020(options) : new Ajv(options);
      const reference = ajv.getSchema(GENERATED[dialect].uri)!;
      const ours = metaValidator(dialect);
      const samples: unknown[] = [
        { type: 'object', required: 'query' },
        { type: 123 },
        { type: 'object', properties: { a: { type: 'string', minLength: -1 }, b: { items: [true, { enum: [] }] } } },
        { $defs: { x: { $ref: 5 } }, allOf: [], anyOf: [{}], definitions: { y: { not: 'no' } }, dependencies: { a: ['b', 'b'] } },
        { $id: 'a#b', $anchor: '1bad', exclusiveMinimum: true, uniqueItems: 'yes' },
        { type: 'object', properties: { p: { prefixItems: [{}], contains: { const: 1 }, unevaluatedProperties: false } } },
        true,
        'schema',
      ];
      for (const sample of samples) {
        const expected = reference(sample);
        expect(ours(sample), JSON.stringify(sample)).toBe(expected);
        expect(ours.errors ?? null).toEqual(reference.errors ?? null);
      }
    });
  }
});
