// Every keyword's refusal in plain words, at the pointer of the value that must change.
import { describe, expect, it } from 'vitest';
import { createJudge } from '../../src/judge/create-judge.js';
import type { Violation } from '../../src/judge/types.js';

function violations(schema: unknown, args: unknown): Violation[] {
  const r = createJudge({ inputSchema: { type: 'object', properties: { v: schema } } }).checkArguments({ v: args }, { decodeNulls: false });
  if (r.ok) throw new Error('expected a refusal');
  return r.violations;
}
const rule = (schema: unknown, value: unknown) => violations(schema, value).map((v) => v.rule);

describe('violation wording', () => {
  it.each([
    [{ type: 'integer', maximum: 2147483647 }, 2147483648, 'must be at most 2147483647'],
    [{ minimum: -5 }, -6, 'must be at least -5'],
    [{ exclusiveMinimum: 0 }, 0, 'must be greater than 0'],
    [{ exclusiveMaximum: 10 }, 10, 'must be less than 10'],
    [{ multipleOf: 5 }, 7, 'must be a multiple of 5'],
    [{ minLength: 1 }, '', 'must not be empty'],
    [{ minLength: 3 }, 'ab', 'must be at least 3 characters long'],
    [{ maxLength: 2 }, 'abc', 'must be at most 2 characters long'],
    [{ pattern: '^[a-z]+$' }, 'A', 'must match the pattern ^[a-z]+$'],
    [{ format: 'date' }, '31/01/2024', 'must be an ISO-8601 date'],
    [{ format: 'date-time' }, '2024-01-31', 'must be an ISO-8601 date and time'],
    [{ format: 'email' }, 'nobody', 'must be an email address'],
    [{ format: 'uri' }, 'relative/path', 'must be an absolute URI'],
    [{ format: 'uuid' }, '1234', 'must be a UUID'],
    [{ format: 'ipv4' }, '1.2.3', 'must be an IPv4 address'],
    [{ enum: ['asc', 'desc'] }, 'up', 'must be one of: "asc", "desc"'],
    [{ const: 'x' }, 'y', 'must be exactly "x"'],
    [{ type: 'string' }, 1, 'must be a string'],
    [{ type: ['string', 'null'] }, 1, 'must be a string or null'],
    [{ minItems: 2 }, [1], 'must have at least 2 items'],
    [{ maxItems: 1 }, [1, 2], 'must have at most 1 item'],
    [{ uniqueItems: true }, [1, 2, 1], 'must not contain duplicates (items 0 and 2 are equal)'],
    [{ contains: { type: 'string' } }, [1], 'must contain at least 1 matching item'],
    [{ not: { type: 'string' } }, 's', 'must not match the excluded shape'],
    [{ minProperties: 2 }, { a: 1 }, 'must have at least 2 properties'],
    [{ oneOf: [{ type: 'number' }, { type: 'integer' }] }, 1, 'must match exactly one of the alternatives, but matches 2 (alternatives 1 and 2)'],
    [{ anyOf: [{ type: 'number' }, { type: 'boolean' }] }, 's', 'must match one of the alternatives: must be a number; or must be a boolean (true or false)'],
    [false, 1, 'is not accepted'],
  ])('%j refusing %j', (schema, value, words) => {
    expect(rule(schema, value)).toEqual([words]);
  });

  it('points required and extra properties at their own names, and shortens long values', () => {
    const long = 'x'.repeat(500);
    expect(violations({ type: 'object', required: ['a/b'], properties: {}, additionalProperties: false }, { extra: long })).toEqual([
      { path: '/v/a~1b', rule: 'is required', keyword: 'required' },
      { path: '/v/extra', rule: 'is not accepted (no such property here)', value: `"${'x'.repeat(78)}…`, keyword: 'additionalProperties' },
    ]);
  });

  it('folds the reasons of a failed anyOf into one violation, naming each place by its whole pointer', () => {
    const v = violations({ anyOf: [{ type: 'object', required: ['id'] }, { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }] }, { name: 1 });
    // "/id is required" under /v read as a top-level path (round 14).
    expect(v).toEqual([{ path: '/v', rule: 'must match one of the alternatives: /v/id is required; or /v/name must be a string', value: '{"name":1}', keyword: 'anyOf' }]);
  });

  it('renders one paragraph, counting what it does not spell out', () => {
    const schema = { type: 'object', properties: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`p${i}`, { type: 'string' }])) };
    const r = createJudge({ name: 'many', inputSchema: schema }).checkArguments(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`p${i}`, i])), { decodeNulls: false });
    expect(!r.ok && r.text).toBe(
      'The arguments of tool "many" were not accepted (12 problems): ' +
        Array.from({ length: 10 }, (_, i) => `/p${i} must be a string (got ${i})`).join('; ') +
        '; and 2 more. Correct these and call the tool again.',
    );
    expect(!r.ok && r.text.includes('\n')).toBe(false);
  });

  it('says "at least" when the list stopped at its limit, since more problems may stand behind it', () => {
    const judge = createJudge({ name: 'bulk', inputSchema: { type: 'object', properties: { xs: { type: 'array', items: { type: 'integer', minimum: 0 } } } } });
    const over = judge.checkArguments({ xs: Array.from({ length: 2500 }, () => -1) }, { decodeNulls: false });
    expect(!over.ok && over.violations.length).toBe(1000);
    expect(!over.ok && over.text).toMatch(/^The arguments of tool "bulk" were not accepted \(at least 1000 problems\): \/xs\/0 must be at least 0 \(got -1\);.*; and at least 990 more\. Correct these and call the tool again\.$/);
    // Under the limit, the count is exact.
    const under = judge.checkArguments({ xs: Array.from({ length: 999 }, () => -1) }, { decodeNulls: false });
    expect(!under.ok && under.text).toMatch(/\(999 problems\):.*; and 989 more\./);
  });
});

describe('annotations', () => {
  it('x-mcp-header and other x- keywords, unknown formats and nullable are accepted, not refused', () => {
    const judge = createJudge({
      inputSchema: {
        type: 'object',
        'x-vendor-root': { any: 'thing' },
        properties: { region: { type: 'string', 'x-mcp-header': 'X-Region' }, id: { type: 'integer', format: 'int64' }, note: { type: 'string', nullable: true } },
        required: ['region'],
      },
    });
    expect(judge.warm()).toEqual([]);
    expect(judge.checkArguments({ region: 'eu', id: 12, note: null }, { decodeNulls: false }).ok).toBe(true);
    const r = judge.checkArguments({ region: 5 }, { decodeNulls: false });
    expect(!r.ok && r.violations).toEqual([{ path: '/region', rule: 'must be a string', value: '5', keyword: 'type' }]);
  });
});

describe('a failed union whose value was meant for one branch (round 15)', () => {
  const judge = (inputSchema: unknown) => (args: unknown) => {
    const r = createJudge({ inputSchema }).checkArguments(args, { decodeNulls: false });
    if (r.ok) throw new Error('expected a refusal');
    return r.violations.map(({ path, rule }) => [path, rule]);
  };

  it('says a recursive nullable list\'s problems where they are, once each, not as alternatives three levels up', () => {
    const check = judge({
      type: 'object',
      properties: { list: { $ref: '#/$defs/Link' } },
      $defs: { Link: { anyOf: [{ type: 'object', properties: { head: { type: 'string' }, tail: { $ref: '#/$defs/Link' } }, required: ['head'], additionalProperties: false }, { type: 'null' }] } },
    });
    expect(check({ list: { head: 'a', tail: { head: 5, tail: { head: 'x', extra: 1 } } } })).toEqual([
      ['/list/tail/head', 'must be a string'],
      ['/list/tail/tail/extra', 'is not accepted (no such property here)'],
    ]);
  });

  it('reads a discriminated union of references by its const, and a referenced object or null by the type', () => {
    const check = judge({
      type: 'object',
      properties: { payment: { oneOf: [{ $ref: '#/$defs/Card' }, { $ref: '#/$defs/Cash' }] }, billing: { anyOf: [{ $ref: '#/$defs/Point' }, { type: 'null' }] } },
      $defs: {
        Card: { type: 'object', properties: { kind: { const: 'card' }, number: { type: 'string', minLength: 12 } }, required: ['number'] },
        Cash: { type: 'object', properties: { kind: { const: 'cash' } } },
        Point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'] },
      },
    });
    expect(check({ payment: { kind: 'card', number: '12' } })).toEqual([['/payment/number', 'must be at least 12 characters long']]);
    expect(check({ billing: { x: 1 } })).toEqual([['/billing/y', 'is required']]);
    // Meant for no branch (a kind of neither): the alternatives, each with its rules.
    expect(check({ payment: { kind: 'wire' } })).toEqual([
      ['/payment', 'must match exactly one of the alternatives: /payment/number is required and /payment/kind must be exactly "card"; or /payment/kind must be exactly "cash"'],
    ]);
  });
});
