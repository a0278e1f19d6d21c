// The three calls reported against the judge: each now gets Ajv's verdict (Ajv compiles patterns
// with new RegExp(p, "u")), through the sync and the async check alike.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { createJudge } from '../../../src/judge/create-judge.js';

const schema = {
  type: 'object',
  properties: { line: { type: 'string', pattern: '^.+$' }, token: { type: 'string', pattern: '^\\S+$' }, blank: { type: 'string', pattern: '^\\s*$' } },
  required: ['line'],
};

const calls: [unknown, boolean, string][] = [
  [{ line: '*\rL\'', token: 'clO' }, false, '/line'],
  [{ line: '=]', token: 'S&\u00a0Dc' }, false, '/token'],
  [{ line: '=]', blank: '\t\t\u00a0 \t' }, true, ''],
];

describe('the calls of the pattern report', () => {
  const ajv = new Ajv2020({ allErrors: true }).compile(schema);
  const judge = createJudge({ inputSchema: schema });

  it.each(calls)('%j gets Ajv\'s verdict', async (args, valid, path) => {
    expect(ajv(args)).toBe(valid);
    const sync = judge.checkArguments(args, { decodeNulls: false });
    expect(sync.ok).toBe(valid);
    if (!sync.ok) expect(sync.violations.map((v) => [v.path, v.keyword])).toEqual([[path, 'pattern']]);
    expect((await judge.checkArgumentsAsync(args, { decodeNulls: false })).ok).toBe(valid);
  });
});
