// Untrusted arguments: a catastrophic pattern, deep or huge documents, non-objects, prototype keys.
// The verdicts are asserted, never the time: a stalled engine shows as a test that never ends.
import { describe, expect, it } from 'vitest';
import { createJudge } from '../../src/judge/create-judge.js';
import { DialectError } from '../../src/diagnostics.js';
import { linearEngineAvailable } from '../../src/judge/safe-regexp.js';

describe('hostile arguments', () => {
  it('50,000 items that each fail a union or a contains are read in one pass, each said where it is (it took minutes: quadratic)', () => {
    const judge = createJudge({
      inputSchema: {
        type: 'object',
        properties: {
          u: { type: 'array', items: { anyOf: [{ type: 'string', minLength: 2 }, { type: 'integer', minimum: 5 }] } },
          c: { type: 'array', items: { type: 'array', contains: { type: 'string' } } },
        },
      },
    });
    const r = judge.checkArguments({ u: Array.from({ length: 50_000 }, () => 'x'), c: Array.from({ length: 50_000 }, () => [1]) }, { decodeNulls: false });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // The string branch is the one meant for "x": its own rule, at the item.
    expect(r.violations[0]).toMatchObject({ path: '/u/0', keyword: 'minLength' });
    expect(r.violations.length).toBe(1000);
  });

  it('a pattern with catastrophic backtracking answers with a refusal', () => {
    const judge = createJudge({ inputSchema: { type: 'object', properties: { p: { type: 'string', pattern: '^(a+)+$' } } } });
    const r = judge.checkArguments({ p: 'a'.repeat(50_000) + '!' }, { decodeNulls: false });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.violations.map((v) => [v.path, v.keyword])).toEqual([['/p', 'pattern']]);
    expect(judge.checkArguments({ p: 'aaaa' }, { decodeNulls: false }).ok).toBe(true);
  });

  it('a look-around pattern runs natively in a worker under a time limit, and warm() says so', async () => {
    // Verdicts, not limits, are asserted here: a generous time, so a busy machine never decides.
    const judge = createJudge({ inputSchema: { type: 'object', properties: { pw: { type: 'string', pattern: '^(?=.*\\d)(?=.*[a-z]).{8,}$' } } } }, { patternTimeLimitMs: 10_000 });
    expect(judge.checkArguments({ pw: 'abcdefg1' }, { decodeNulls: false }).ok).toBe(true);
    expect(judge.checkArguments({ pw: 'abcdefgh' }, { decodeNulls: false }).ok).toBe(false);
    // Length is no longer the bound: a long string that matches quickly is judged.
    expect(judge.checkArguments({ pw: 'a1'.repeat(5000) }, { decodeNulls: false }).ok).toBe(true);
    expect(await judge.checkArgumentsAsync({ pw: 'a1'.repeat(5000) }, { decodeNulls: false })).toEqual({ ok: true, value: { pw: 'a1'.repeat(5000) } });
    expect((await judge.checkArgumentsAsync({ pw: 'a'.repeat(20) }, { decodeNulls: false })).ok).toBe(false);
    expect(judge.warm()).toEqual([expect.objectContaining({ code: 'judge.pattern-not-linear', severity: 'warning', path: '/inputSchema/properties/pw/pattern' })]);
  });

  it('a catastrophic look-around pattern is refused at the string when its time runs out, sync and async', async () => {
    const inputSchema = { type: 'object', properties: { list: { type: 'array', items: { type: 'string', pattern: '^(?=(a+)+$)a' } } } };
    const judge = createJudge({ inputSchema });
    const patient = createJudge({ inputSchema }, { patternTimeLimitMs: 10_000 });
    const hostile = 'a'.repeat(40) + '!';
    const expected = [{ path: '/list/1', rule: 'could not be checked against the pattern ^(?=(a+)+$)a within 50 ms, so it is not accepted', value: JSON.stringify(hostile), keyword: 'pattern' }];
    const sync = judge.checkArguments({ list: ['aaa', hostile] }, { decodeNulls: false });
    expect(!sync.ok && sync.violations).toEqual(expected);
    const async = await judge.checkArgumentsAsync({ list: ['aaa', hostile] }, { decodeNulls: false });
    expect(!async.ok && async.violations).toEqual(expected);
    // The worker was stopped and replaced: the next call is judged normally.
    const wrong = patient.checkArguments({ list: ['aaa', 'ab'] }, { decodeNulls: false });
    expect(!wrong.ok && wrong.violations.map((v) => v.rule)).toEqual(['must match the pattern ^(?=(a+)+$)a']);
    expect(await patient.checkArgumentsAsync({ list: ['aaa', 'aa'] }, { decodeNulls: false })).toEqual({ ok: true, value: { list: ['aaa', 'aa'] } });
  });

  it('a real tool pattern that backtracks natively runs in linear time on a long hostile string', () => {
    // cloudflare-radar's hostname pattern: the native engine takes exponential time on this string.
    const pattern = '^(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])\\.)*([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9-]*[A-Za-z0-9])$';
    const judge = createJudge({ inputSchema: { type: 'object', properties: { domain: { type: 'string', pattern } } } });
    const hostile = 'a'.repeat(100_000) + '-';
    expect(judge.checkArguments({ domain: hostile }, { decodeNulls: false }).ok).toBe(false);
    expect(judge.checkArguments({ domain: `${'ab.'.repeat(30_000)}example` }, { decodeNulls: false }).ok).toBe(true);
    expect(judge.warm()).toEqual([]);
  });

  it('a hostile key under a look-around patternProperties is refused at that key when its time runs out', async () => {
    const inputSchema = { type: 'object', patternProperties: { '^(?=(a+)+$)a': { type: 'integer' } } };
    const judge = createJudge({ inputSchema });
    const patient = createJudge({ inputSchema }, { patternTimeLimitMs: 10_000 });
    const key = 'a'.repeat(40) + '!';
    for (const r of [judge.checkArguments({ ok: 1, [key]: 2 }, { decodeNulls: false }), await judge.checkArgumentsAsync({ ok: 1, [key]: 2 }, { decodeNulls: false })]) {
      expect(!r.ok && r.violations.map((v) => [v.path, v.keyword, v.rule])).toEqual([[`/${key}`, 'pattern', 'could not be checked against the pattern ^(?=(a+)+$)a within 50 ms, so it is not accepted']]);
    }
    const wrong = patient.checkArguments({ aaa: 'x' }, { decodeNulls: false });
    expect(!wrong.ok && wrong.violations.map((v) => [v.path, v.keyword])).toEqual([['/aaa', 'type']]);
    expect(patient.checkArguments({ aaa: 3, b: 'x' }, { decodeNulls: false }).ok).toBe(true);
  });

  it('finds a look-around pattern under a property named like a data keyword, and never blocks for it when async', async () => {
    const judge = createJudge({ inputSchema: { type: 'object', properties: { enum: { type: 'string', pattern: '^(?=(a+)+$)a' } } } });
    expect(judge.warm()).toEqual([expect.objectContaining({ code: 'judge.pattern-not-linear', path: '/inputSchema/properties/enum/pattern' })]);
    let settled = false;
    const pending = judge.checkArgumentsAsync({ enum: 'a'.repeat(40) + '!' }, { decodeNulls: false }).finally(() => (settled = true));
    expect(settled).toBe(false);
    expect((await pending).ok).toBe(false);
  });

  it('patterns compiled into the shared instance never stand in for one another', () => {
    // Ajv caches patterns by the engine object's toString(): each pattern must have its own.
    const judges = ['^a+$', '^b+$', '^[0-9]{3}$'].map((pattern) => createJudge({ inputSchema: { type: 'object', properties: { s: { type: 'string', pattern } } } }));
    const verdicts = ['aaa', 'bbb', '123'].map((s) => judges.map((j) => j.checkArguments({ s }, { decodeNulls: false }).ok));
    expect(verdicts).toEqual([
      [true, false, false],
      [false, true, false],
      [false, false, true],
    ]);
  });

  it('warns about no pattern that runs in linear time, with or without re2js', () => {
    const judge = createJudge({ inputSchema: { type: 'object', properties: { d: { type: 'string', pattern: '^[a-z]+$' }, w: { type: 'string', pattern: '\\bx' } } } });
    expect(judge.warm().length).toBe(linearEngineAvailable() ? 0 : 1);
  });

  it('an array nested 100000 deep is refused at the pointer where it passes the limit', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const judge = createJudge({ inputSchema: { type: 'object', properties: { v: {} } } }, { maxDepth: 16 });
    for (const decodeNulls of [false, true]) {
      const r = judge.checkArguments({ v: deep }, { decodeNulls });
      expect(!r.ok && r.violations).toEqual([{ path: '/v' + '/0'.repeat(15), rule: 'is nested deeper than 16 levels, which is not accepted', keyword: 'maxDepth' }]);
    }
  });

  it('a document with too many values is refused, and a cyclic object does not hang', () => {
    const judge = createJudge({ inputSchema: { type: 'object' } }, { maxNodes: 1000 });
    const r = judge.checkArguments({ list: Array.from({ length: 5000 }, (_, i) => i) }, { decodeNulls: false });
    expect(!r.ok && r.violations).toEqual([{ path: '', rule: 'holds more than 1000 values, which is not accepted', keyword: 'maxNodes' }]);
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    const c = judge.checkArguments(cyclic, { decodeNulls: true });
    expect(!c.ok && c.violations[0]!.keyword).toBe('maxDepth');
  });

  it('non-object arguments are refused; missing arguments are {}', () => {
    const judge = createJudge({ inputSchema: { type: 'object', properties: { a: { type: 'string' } } } });
    for (const args of [null, 'text', 42, [1, 2], true]) {
      const r = judge.checkArguments(args, { decodeNulls: true });
      expect(!r.ok && r.violations.map((v) => [v.path, v.keyword])).toEqual([['', 'type']]);
      expect(!r.ok && r.text).toMatch(/The arguments must be an object/);
    }
    expect(judge.checkArguments(undefined, { decodeNulls: false })).toEqual({ ok: true, value: {} });
  });

  it('__proto__ and constructor keys are judged as plain keys and never reach a prototype', () => {
    const judge = createJudge({
      inputSchema: { type: 'object', properties: { constructor: { type: 'string' }, toString: { type: 'string' }, name: { type: 'string' } }, additionalProperties: { type: 'object', properties: { polluted: { type: 'boolean' } } } },
    });
    expect(judge.checkArguments({}, { decodeNulls: false })).toEqual({ ok: true, value: {} });
    const args = JSON.parse('{"__proto__": {"polluted": null}, "constructor": null, "name": null}') as object;
    const r = judge.checkArguments(args, { decodeNulls: true });
    expect(r.ok).toBe(true);
    const value = (r.ok ? r.value : undefined) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({});
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const bad = judge.checkArguments(JSON.parse('{"constructor": 5}'), { decodeNulls: false });
    expect(!bad.ok && bad.violations).toEqual([{ path: '/constructor', rule: 'must be a string', value: '5', keyword: 'type' }]);
  });

  it('a schema the judge cannot read is the server\'s fault, on every call', () => {
    const judge = createJudge({ name: 'old', inputSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' } });
    expect(judge.warm()).toEqual([expect.objectContaining({ code: 'judge.schema-unsupported', severity: 'error', path: '/inputSchema/$schema' })]);
    const r = judge.checkArguments({}, { decodeNulls: false });
    expect(!r.ok && r.fault).toBe('server');
    expect(!r.ok && r.text).toMatch(/^The arguments of tool "old" could not be judged; this is a fault of the server, not of the call \(1 problem\): The arguments cannot be judged: The schema declares \$schema/);
    const unresolved = createJudge({ inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } } });
    expect(unresolved.warm()).toEqual([expect.objectContaining({ code: 'judge.schema-invalid', path: '/inputSchema' })]);
  });

  it('a schema its meta-schema refuses is told in the meta-schema check\'s words at each fault, as lint and convert say it', () => {
    const judge = createJudge({ name: 'x', inputSchema: { type: 'object', properties: { a: { type: 'strin' }, b: { minimum: 'a' } } } });
    expect(judge.warm()).toEqual([
      { code: 'judge.schema-invalid', severity: 'error', path: '/inputSchema/properties/a/type', message: expect.stringMatching(/^The schema cannot be compiled: Not a valid 2020-12 schema: "type" must be one of \[/) },
      { code: 'judge.schema-invalid', severity: 'error', path: '/inputSchema/properties/b/minimum', message: expect.stringContaining('must be number') },
    ]);
    const r = createJudge({ name: 'x', inputSchema: { type: 'strin' } }).checkArguments({}, { decodeNulls: false });
    expect(!r.ok && r.text).not.toMatch(/data\/type|must match a schema in anyOf/);
    expect(!r.ok && r.violations[0]!.rule).toContain('(at /inputSchema/type of the tool)');
  });

  it('a schema past the judge\'s bounds is not compiled: the server\'s fault at once, on every call, at the bound\'s pointer', () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 6_000; i++) properties[`p${i}`] = { type: 'string' };
    const huge = createJudge({ name: 'huge', inputSchema: { type: 'object', properties } });
    expect(huge.warm()).toEqual([expect.objectContaining({ code: 'judge.schema-too-large', severity: 'error', path: '/inputSchema', message: expect.stringContaining('more than 10000 JSON values') })]);
    const r = huge.checkArguments({ p1: 'x' }, { decodeNulls: false });
    expect(!r.ok && r.fault).toBe('server');
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 300; i++) deep = { type: 'object', properties: { a: deep } };
    const nested = createJudge({ inputSchema: deep });
    const [problem] = nested.warm();
    expect(problem).toMatchObject({ code: 'judge.schema-too-large', message: expect.stringContaining('deeper than 256 levels') });
    expect(problem!.path.startsWith('/inputSchema/properties/a/properties/a')).toBe(true);
  });

  it('a small schema whose references lead Ajv past its stack is said to be too deep to compile, not invalid', () => {
    const $defs: Record<string, unknown> = {};
    // 8 000 JSON values, within the judge's size bound.
    for (let i = 0; i < 2000; i++) $defs[`D${i}`] = i + 1 < 2000 ? { allOf: [{ $ref: `#/$defs/D${i + 1}` }] } : { properties: { a1: { type: 'integer' } } };
    const judge = createJudge({ name: 'chain', inputSchema: { type: 'object', allOf: [{ $ref: '#/$defs/D0' }], $defs } });
    expect(judge.warm()).toEqual([expect.objectContaining({ code: 'judge.schema-too-large', path: '/inputSchema', message: expect.stringContaining('references lead deeper than the validator can follow') })]);
    const r = judge.checkArguments({ a1: 1 }, { decodeNulls: false });
    expect(!r.ok && r.fault).toBe('server');
  });

  it('a small schema whose references multiply the work of one value is not compiled (round 27: a failing call stalled the server, then exhausted its memory)', () => {
    const $defs: Record<string, unknown> = { L0: { type: 'string' } };
    // 90 JSON values; 2^20 evaluations for a value that fails every branch.
    for (let i = 1; i <= 18; i++) $defs[`L${i}`] = { anyOf: [{ $ref: `#/$defs/L${i - 1}` }, { $ref: `#/$defs/L${i - 1}` }] };
    const judge = createJudge({ name: 'fan', inputSchema: { type: 'object', properties: { x: { $ref: '#/$defs/L18' } }, $defs } });
    expect(judge.warm()).toEqual([{ code: 'judge.schema-too-large', severity: 'error', path: '/inputSchema/properties/x/$ref', message: expect.stringContaining("can apply 1,048,574 subschemas to one part of it once references are written out (the judge's bound is 10,000)") }]);
    const r = judge.checkArguments({ x: 1 }, { decodeNulls: false });
    expect(!r.ok && [r.fault, r.violations.length]).toEqual(['server', 1]);
    // A recursion that doubles at each level of the value: the caller would choose the cost.
    const doubling = createJudge({ inputSchema: { type: 'object', properties: { t: { $ref: '#/$defs/T' } }, $defs: { T: { anyOf: [{ type: 'object', properties: { a: { $ref: '#/$defs/T' } } }, { type: 'object', properties: { a: { $ref: '#/$defs/T' } }, required: ['a'] }] } } } });
    expect(doubling.warm()).toEqual([expect.objectContaining({ code: 'judge.schema-too-large', path: '/inputSchema/$defs/T', message: expect.stringContaining('(property "a")') })]);
  });

  it('follows a $dynamicRef to a $dynamicAnchor inside $defs as JSON Schema does (Ajv alone took the document root)', () => {
    const judge = createJudge({ inputSchema: { $id: 'https://example.com/s', type: 'object', properties: { a: { $dynamicRef: '#n' } }, $defs: { N: { $dynamicAnchor: 'n', type: ['string', 'null'] } } } });
    expect(judge.checkArguments({ a: 'x' }, { decodeNulls: false }).ok).toBe(true);
    expect(judge.checkArguments({ a: null }, { decodeNulls: false }).ok).toBe(true);
    expect(judge.checkArguments({ a: {} }, { decodeNulls: false }).ok).toBe(false);
    expect(judge.checkArguments({ a: 5 }, { decodeNulls: false }).ok).toBe(false);
  });

  it('refuses to judge by a $dynamicRef that names nothing, as by a $ref that names nothing (Ajv took the document root)', () => {
    const judge = createJudge({ inputSchema: { type: 'object', properties: { a: { $dynamicRef: '#missing' }, n: { type: 'integer' } } } });
    expect(judge.warm()).toEqual([expect.objectContaining({ code: 'judge.schema-invalid', message: expect.stringContaining('#missing') })]);
    const r = judge.checkArguments({ n: 1, a: 1 }, { decodeNulls: false });
    expect(!r.ok && r.fault).toBe('server');
  });

  it('compares objects with their own toString or valueOf keys as JSON (const, enum, uniqueItems), never calling them', () => {
    const judge = createJudge({ inputSchema: { type: 'object', properties: { p: { const: { toString: 5 } }, q: { enum: [{ valueOf: 1 }, 'x'] }, u: { type: 'array', uniqueItems: true } } } });
    const ok = (args: unknown) => judge.checkArguments(args, { decodeNulls: false }).ok;
    expect(ok({ p: { toString: 5 } })).toBe(true);
    expect(ok({ p: { toString: 6 } })).toBe(false);
    expect(ok({ q: { valueOf: 1 } })).toBe(true);
    expect(ok({ q: { valueOf: 2 } })).toBe(false);
    expect(ok({ u: [{ toString: 5 }, { toString: 6 }] })).toBe(true);
    expect(ok({ u: [{ toString: 5 }, { toString: 5 }] })).toBe(false);
    // key order does not make two objects different
    expect(ok({ u: [{ a: 1, b: 2 }, { b: 2, a: 1 }] })).toBe(false);
  });

  it('bad options throw a DialectError', () => {
    expect(() => createJudge({ inputSchema: {} }, { maxDepth: 0 })).toThrow(DialectError);
    expect(() => createJudge({ inputSchema: {} }, { defaultDraft: 'draft-04' as never })).toThrow(/defaultDraft/);
  });

  it('two tools with the same $id do not see each other', () => {
    const a = createJudge({ inputSchema: { $id: 'https://example.com/tool', type: 'object', properties: { x: { type: 'string' } } } });
    const b = createJudge({ inputSchema: { $id: 'https://example.com/tool', type: 'object', properties: { x: { type: 'number' } } } });
    expect(a.checkArguments({ x: 's' }, { decodeNulls: false }).ok).toBe(true);
    expect(b.checkArguments({ x: 's' }, { decodeNulls: false }).ok).toBe(false);
    expect(b.checkArguments({ x: 1 }, { decodeNulls: false }).ok).toBe(true);
  });
});
