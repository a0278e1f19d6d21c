// The rule shapes issue 10 added (docs/rule-format.md): each as YAML in a temporary dialect, on
// real inputs, with the edges the conformance pins do not show.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { convert, DialectError, explain, getAt, loadDialects } from '@redouble/dialects';
import { codes, dialectFrom, STANDARD_NOTES } from './helpers.js';

const list = {
  type: 'object',
  properties: { head: { $ref: '#/$defs/Node' } },
  $defs: { Node: { type: 'object', properties: { value: { type: 'string' }, next: { $ref: '#/$defs/Node' } }, required: ['value'] } },
};
const tree = {
  type: 'object',
  properties: { root: { $ref: '#/$defs/Tree' } },
  $defs: { Tree: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/Tree' } } }, required: ['kids'] } },
};

describe('references.keepCyclesThrough', () => {
  it('keeps only the cycles whose every re-entry passes a listed way out', () => {
    const items = dialectFrom(`rules:\n  - id: r\n    source: spec\n    references: { mode: inline, cycles: break, keepCyclesThrough: [optional-items] }`);
    // the list recurs through an optional property, which this dialect does not count: broken
    expect(JSON.stringify(convert(list, items).output)).not.toContain('$ref');
    // the tree recurs through array items with no minItems: kept as a reference
    expect(convert(tree, items).output).toEqual({
      type: 'object',
      properties: { root: { $ref: '#/$defs/Tree' } },
      $defs: { Tree: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/Tree' } } }, required: ['kids'] } },
    });
    // minItems 1 makes the recursion one the caller cannot stop: broken
    const nonEmpty = structuredClone(tree) as any;
    nonEmpty.$defs.Tree.properties.kids.minItems = 1;
    expect(JSON.stringify(convert(nonEmpty, items).output)).not.toContain('$ref');
  });

  it('keeps the definition of a kept cycle with mode keep, and breaks the rest', () => {
    const d = dialectFrom(`rules:\n  - id: r\n    source: spec\n    references: { mode: keep, cycles: break, keepCyclesThrough: [optional-property] }`);
    const both = { type: 'object', properties: { l: { $ref: '#/$defs/Node' }, p: { $ref: '#/$defs/Pair' } }, $defs: { ...list.$defs, Pair: { type: 'object', properties: { left: { $ref: '#/$defs/Pair' } }, required: ['left'] } } };
    const out = convert(both, d).output as any;
    expect(Object.keys(out.$defs)).toEqual(['Node']);
    expect(out.properties.l).toEqual({ $ref: '#/$defs/Node' });
    expect(out.properties.p.properties.left).toEqual({ type: 'object', title: 'Pair' });
  });
});

describe('derive', () => {
  it('writes propertyOrdering where properties are spelled, and leaves an author\'s own one standing', () => {
    const d = dialectFrom(`rules:\n  - id: order\n    source: spec\n    scope: below-root\n    derive: { propertyOrdering: property-keys }`);
    const out = convert({ type: 'object', properties: { b: { type: 'object', properties: { z: {}, a: {} } }, a: { type: 'object', properties: { x: {} }, propertyOrdering: ['x'] } } }, d).output;
    expect(out).toEqual({
      type: 'object',
      properties: { b: { type: 'object', properties: { z: {}, a: {} }, propertyOrdering: ['z', 'a'] }, a: { type: 'object', properties: { x: {} }, propertyOrdering: ['x'] } },
    });
  });
});

describe('unionBranches', () => {
  const d = dialectFrom(`rules:
  - id: branches
    source: spec
    unionBranches: { move: [properties, required] }
  - id: no-patterns
    source: spec
    drop: [pattern]`);

  it('moves the parent\'s properties into every branch; true gains them, false stays false', () => {
    const r = convert({ type: 'object', properties: { k: { type: 'string', pattern: '^k' } }, required: ['k'], anyOf: [true, false, { required: ['x'] }] }, d);
    expect(r.output).toEqual({
      type: 'object',
      anyOf: [{ properties: { k: { type: 'string' } }, required: ['k'] }, false, { required: ['x', 'k'], properties: { k: { type: 'string' } } }],
    });
    // the dropped pattern is reported where the author wrote it, not inside a branch
    expect(r.diagnostics.map((x) => [x.code, x.path])).toEqual([['rule-lost', '/properties/k/pattern']]);
  });

  it('leaves the node as authored, reported, where a branch spells a property otherwise', () => {
    const input = { type: 'object', properties: { k: { type: 'string' } }, oneOf: [{ properties: { k: { type: 'integer' } } }] };
    const r = convert(input, d);
    expect(r.output).toEqual(input);
    expect(r.diagnostics.map((x) => [x.code, x.path, x.message])).toEqual([
      ['union-branches-kept', '', 'properties stand beside a union here and cannot be moved into its branches: branch 0 spells one of its properties differently; the node is spelled as authored, which this dialect\'s reader refuses'],
    ]);
  });
});

describe('nullInEnum and keepWhen nodeTypes', () => {
  it('tests the type of the node as spelled: after allOf merging', () => {
    const d = dialectFrom(`rules:
  - id: merge
    source: spec
    allOf: merge
  - id: integer-bounds
    source: spec
    keepWhen:
      minimum: { nodeTypes: [integer] }`);
    const r = convert({ type: 'object', properties: { n: { minimum: 1, allOf: [{ type: 'integer' }] }, x: { minimum: 1, allOf: [{ type: 'number' }] } } }, d);
    expect(r.output).toEqual({ type: 'object', properties: { n: { minimum: 1, type: 'integer' }, x: { type: 'number' } } });
    expect(codes(r.diagnostics)).toEqual(['rule-lost']);
  });

  it('leaves a nullable flag dialect to its own rule, which takes null out of the enum anyway', () => {
    const d = dialectFrom(`rules:\n  - id: flag\n    source: spec\n    nulls: nullable-flag\n  - id: n\n    source: spec\n    nullInEnum: drop-when-typed`);
    expect(convert({ type: ['string', 'null'], enum: ['a', null] }, d).output).toEqual({ type: 'string', enum: ['a'], nullable: true });
  });

  it('reports the narrowing when the dialect has no enum-null sentence', () => {
    const d = dialectFrom(`rules:\n  - id: n\n    source: spec\n    nullInEnum: drop-when-typed`);
    const r = convert({ type: 'object', properties: { c: { type: ['string', 'null'], enum: ['a', null] } } }, d);
    expect(r.output).toEqual({ type: 'object', properties: { c: { type: ['string', 'null'], enum: ['a'] } } });
    expect(r.diagnostics.map((x) => [x.code, x.path])).toEqual([['rule-lost', '/properties/c/enum']]);
  });
});

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'dialects-merge-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const head = (name: string, extra = '') =>
  `dialect: ${name}\nversion: "2026-01"\nstatus: draft\nsummary: ${name}\n${extra}sources:\n  spec:\n    url: https://example.com/${name}\n    title: ${name}\n    read: 2026-01-01\n`;
const BASE = `${head('base')}otherKeywords: drop
rules:
  - id: refs
    source: spec
    references: { mode: keep, refPrefix: "#/$defs/" }
  - id: words
    source: spec
    keep: [type, properties]
  - id: bounds
    source: spec
    keepWhen:
      minimum: { min: 0 }
      maxItems: { max: 5 }
  - id: limits
    source: spec
    limits: { properties: 10, depth: 3 }
`;

function refused(files: Record<string, string>): string[] {
  try {
    loadDialects({ dirs: [folder(files)], bundled: false });
  } catch (err) {
    if (err instanceof DialectError) return err.diagnostics.map((x) => `${x.path.replace(/^.*[/\\]/, '')} ${x.message}`);
    throw err;
  }
  throw new Error('accepted');
}

describe('merge: true in an extending file', () => {
  it('merges key by key, keeps the rule\'s place, and puts new rules after the inherited ones', () => {
    const child = `${head('child', 'extends: base@2026-01\n')}rules:
  - id: extra
    source: spec
    keep: [required]
  - id: limits
    source: spec
    merge: true
    limits: { properties: 20 }
  - id: words
    source: spec
    merge: true
    keep: [items, type]
  - id: bounds
    source: spec
    merge: true
    description: maxItems up to 8 now.
    keepWhen:
      maxItems: { max: 8 }
  - id: refs
    source: spec
    merge: true
    references: { cycles: break }
`;
    const d = loadDialects({ dirs: [folder({ 'base@2026-01.yaml': BASE, 'child@2026-01.yaml': child })], bundled: false }).get('child');
    const byId = Object.fromEntries(d.resolved.rules.map((r) => [r.id, r]));
    expect(d.resolved.rules.map((r) => r.id)).toEqual(['refs', 'words', 'bounds', 'limits', 'extra']);
    expect(byId.limits?.limits).toEqual({ properties: 20, depth: 3 });
    expect(byId.words?.keep).toEqual(['type', 'properties', 'items']);
    expect(Object.keys(byId.bounds?.keepWhen ?? {})).toEqual(['minimum', 'maxItems']);
    expect(byId.bounds?.description).toBe('maxItems up to 8 now.');
    expect(byId.refs?.references).toMatchObject({ mode: 'keep', cycles: 'break', refPrefix: '#/$defs/' });
    expect(byId.refs?.merge).toBeUndefined();
    const out = convert({ type: 'object', properties: { l: { type: 'array', items: { type: 'string' }, maxItems: 7 }, n: { type: 'integer', minimum: 2 } } }, d).output;
    expect(out).toEqual({ type: 'object', properties: { l: { type: 'array', items: { type: 'string' }, maxItems: 7 }, n: { type: 'integer', minimum: 2 } } });
  });

  it('refuses a merge with nothing to merge into, into another action, or into an invalid rule', () => {
    expect(refused({ 'lone@2026-01.yaml': `${head('lone')}rules:\n  - id: x\n    source: spec\n    merge: true\n    keep: [type]\n` })).toEqual([
      'lone@2026-01.yaml:13:12 rule "x" merges into an inherited rule, but this file extends nothing',
    ]);
    const child = (rules: string) => ({ 'base@2026-01.yaml': BASE, 'child@2026-01.yaml': `${head('child', 'extends: base@2026-01\n')}rules:\n${rules}` });
    expect(refused(child('  - id: ghost\n    source: spec\n    merge: true\n    keep: [type]\n'))).toEqual([
      'child@2026-01.yaml:14:12 rule "ghost" merges into an inherited rule, but no file it extends has a rule with that id',
    ]);
    expect(refused(child('  - id: words\n    source: spec\n    merge: true\n    drop: [type]\n'))).toEqual([
      'child@2026-01.yaml:14:12 rule "words" merges a drop action into an inherited keep rule; restate it without merge to change its action',
    ]);
    expect(refused(child('  - id: limits\n    source: spec\n    merge: true\n    limits: { depth: -1 }\n'))[0]).toMatch(/^child@2026-01\.yaml:\d+:\d+ bad value at rules\[0\]\.limits\.depth/);
  });

  it('still requires references.mode in a rule that does not merge', () => {
    expect(refused({ 'r@2026-01.yaml': `${head('r')}rules:\n  - id: x\n    source: spec\n    references: { cycles: break }\n` })).toEqual([
      'r@2026-01.yaml:13:17 bad value at rules[0].references.mode: missing field "mode" in references (keep or inline)',
    ]);
  });

  it('refuses keptBeside beside any siblings mode but describe, where it would act on nothing', () => {
    expect(refused({ 'r@2026-01.yaml': `${head('r')}rules:\n  - id: x\n    source: spec\n    references: { mode: keep, siblings: wrap-anyof, keptBeside: [description] }\n` })[0]).toMatch(
      /^r@2026-01\.yaml:\d+:\d+ bad value at rules\[0\]\.references\.keptBeside: keptBeside goes with siblings: describe$/,
    );
    expect(() => refused({ 'r@2026-01.yaml': `${head('r')}rules:\n  - id: x\n    source: spec\n    references: { mode: keep, siblings: describe, keptBeside: [description] }\n` })).toThrow('accepted');
  });
});

describe('outputSchema: as-authored', () => {
  const closing = `rules:
  - id: closed
    source: spec
    objects: { closed: all, optional: required-nullable, maps: close-and-report }
  - id: small
    source: spec
    limits: { properties: 1 }
  - id: output
    source: spec
    outputSchema: as-authored`;
  const d = dialectFrom(closing, { notes: STANDARD_NOTES });
  const tool = {
    name: 'stock',
    inputSchema: { type: 'object', properties: { sku: { type: 'string' } } },
    outputSchema: { type: 'object', properties: { byId: { type: 'object', additionalProperties: { type: 'number', minimum: 0 } }, note: { type: 'string' } }, required: ['byId'] },
  };

  it("publishes a tool's outputSchema unchanged, as a copy, while the inputSchema is spelled", () => {
    const before = JSON.stringify(tool);
    const result = convert(tool, d);
    const out = result.output as { inputSchema: Record<string, unknown>; outputSchema: unknown };
    expect(out.outputSchema).toEqual(tool.outputSchema);
    expect(out.outputSchema).not.toBe(tool.outputSchema);
    expect(out.inputSchema).toMatchObject({ additionalProperties: false, required: ['sku'] });
    expect(JSON.stringify(tool)).toBe(before);
    // No narrowing and no limit is reported for it: only the inputSchema was spelled.
    expect(result.diagnostics.filter((x) => x.path.startsWith('/outputSchema'))).toEqual([]);
    // The same rule file without it spells the outputSchema and reports what that narrows.
    const spelling = dialectFrom(closing.split('\n').slice(0, -3).join('\n'), { notes: STANDARD_NOTES });
    const spelled = convert(tool, spelling);
    expect((spelled.output as { outputSchema: Record<string, unknown> }).outputSchema).toMatchObject({ additionalProperties: false, required: ['byId', 'note'] });
    const reported = spelled.diagnostics.filter((x) => x.path.startsWith('/outputSchema')).map((x) => `${x.path} ${x.code}`);
    expect(reported).toEqual(expect.arrayContaining(['/outputSchema/properties/byId map-closed', '/outputSchema limit-exceeded']));
  });

  it('still refuses an invalid outputSchema, at its pointer', () => {
    const result = convert({ ...tool, outputSchema: { type: 'object', properties: { n: { type: 'integr' } } } }, d);
    expect(result.ok).toBe(false);
    expect(result.diagnostics.some((x) => x.severity === 'error' && x.path.startsWith('/outputSchema/properties/n'))).toBe(true);
  });

  it('reports of it what the canonical dialect reports: a dangling reference, an external one', () => {
    const refs = { ...tool, outputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/Nope' }, b: { $ref: 'https://example.com/b.json' } } } };
    const said = (r: ReturnType<typeof convert>) => r.diagnostics.filter((x) => x.path.startsWith('/outputSchema')).map((x) => `${x.severity} ${x.code} ${x.path}`);
    const canonical = convert(refs, loadDialects().get('canonical'));
    const result = convert(refs, d);
    expect(said(result)).toEqual(said(canonical));
    expect(said(result)).toEqual(['error unresolved-ref /outputSchema/properties/a/$ref', 'warning external-ref /outputSchema/properties/b/$ref']);
    expect(result.ok).toBe(false);
    expect((result.output as { outputSchema: unknown }).outputSchema).toEqual((canonical.output as { outputSchema: unknown }).outputSchema);
  });

  it('is refused in a rule file with any other value, at its line', () => {
    expect(() => dialectFrom(`rules:\n  - id: output\n    source: spec\n    outputSchema: as-written`)).toThrow(/@2026-01\.yaml:\d+:\d+.*outputSchema/s);
  });
});

describe('an object pinned by const or enum, where every object is closed', () => {
  const schema = {
    type: 'object',
    properties: {
      preset: { const: { mode: 'fast', retries: 1, scope: { region: 'eu' } } },
      layout: { enum: [{ columns: 2 }, { columns: 3, gutter: 'wide' }] },
      mixed: { enum: [{ k: 1 }, 'x', null] },
      open: { type: ['object', 'null'], additionalProperties: true, const: { a: 1 } },
      both: { const: { a: 1 }, enum: [{ a: 1 }, { a: 2 }] },
      // JSON Schema compares objects by names and values, in any order
      reordered: { const: { a: 1, b: 2 }, enum: [{ b: 2, a: 1 }] },
      described: { type: 'object', properties: { z: { type: 'integer', description: 'Z' } }, const: { z: 3 } },
      // accepts nothing (the closure refuses a): the spelling must not accept it either
      unsat: { type: 'object', additionalProperties: false, const: { a: 1 } },
      typed: { type: 'string', enum: ['s', { k: 1 }] },
      // the author's own const of a property refuses a pinned value
      conflict: { type: 'object', properties: { a: { const: 2 } }, const: { a: 1 } },
      filtered: { type: 'object', properties: { a: { const: 'x', description: 'Always x.' } }, enum: [{ a: 'y' }, { a: 'x' }] },
      // a value sending kind without level is refused by dependentRequired (and by draft-07's dependencies)
      dependent: { enum: [{ kind: 'a', level: 1 }, { kind: 'b' }], dependentRequired: { kind: ['level'] } },
      depends: { enum: [{ kind: 'a', level: 1 }, { kind: 'b' }], dependencies: { kind: ['level'] } },
    },
    additionalProperties: false,
  };
  const values = [
    { preset: { mode: 'fast', retries: 1, scope: { region: 'eu' } } },
    { layout: { columns: 2 } },
    { layout: { columns: 3, gutter: 'wide' } },
    { mixed: { k: 1 } },
    { mixed: 'x' },
    { open: { a: 1 } },
    { both: { a: 1 } },
    { reordered: { b: 2, a: 1 } },
    { described: { z: 3 } },
    { typed: 's' },
    { filtered: { a: 'x' } },
    { dependent: { kind: 'a', level: 1 } },
    { depends: { kind: 'a', level: 1 } },
  ];
  const wrong = [
    { preset: { mode: 'fast', retries: 1, scope: { region: 'eu', extra: 1 } } },
    { layout: { columns: 2, gutter: 'wide' } },
    { preset: {} },
    { mixed: { k: 2 } },
    { mixed: 'y' },
    { both: { a: 2 } },
    { reordered: { a: 1 } },
    { described: { z: 4 } },
    { unsat: { a: 1 } },
    { typed: { k: 1 } },
    { conflict: { a: 1 } },
    { filtered: { a: 'y' } },
    { dependent: { kind: 'b' } },
    { depends: { kind: 'b' } },
  ];
  const closing = loadDialects().list().map((i) => i.id).filter((id) => /strict/.test(id));

  it.each(closing)('%s spells each value, so its spelling accepts them all and only them, with nothing to report', (id) => {
    const d = loadDialects().get(id);
    const result = convert(schema, d);
    // (an optional property that admits null is the usual ambiguity for null senders, nothing more)
    // (conflict accepts nothing: it is left as it stands, and its closure is reported)
    expect(result.diagnostics.filter((x) => x.path.startsWith('/properties') && x.code !== 'optional-null-ambiguous' && x.path !== '/properties/conflict')).toEqual([]);
    const out = result.output as Record<string, any>;
    expect(JSON.stringify(out)).not.toContain('Other properties are accepted');
    const ajv = new Ajv2020({ strict: false });
    const accepts = ajv.compile(out);
    // openai_strict's callers send every property, with null for what they leave out.
    const asSent = (v: Record<string, unknown>) => (d.decodesNulls ? { ...Object.fromEntries(Object.keys(schema.properties).map((k) => [k, null])), ...v } : v);
    for (const v of values) expect(accepts(asSent(v)), `${id} ${JSON.stringify(v)} ${JSON.stringify(accepts.errors)}`).toBe(true);
    for (const v of wrong) expect(accepts(asSent(v)), `${id} ${JSON.stringify(v)}`).toBe(false);
  });
});

describe('vocabulary authorStop', () => {
  const schema = {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, description: 'The user name' },
      done: { type: 'string', minLength: 1, description: 'Done.' },
      quoted: { type: 'string', minLength: 1, description: 'Say "hi!"' },
      spaced: { type: 'string', minLength: 1, description: 'Set apart ' },
      lines: { type: 'string', minLength: 1, description: 'Ends a line.\n' },
      blank: { type: 'string', minLength: 1, description: ' \t\n' },
      plain: { type: 'string', description: 'No sentence follows' },
      kana: { type: 'string', minLength: 1, description: '名前は？' },
      comma: { type: 'string', minLength: 1, description: 'Name,' },
      fence: { type: 'string', minLength: 1, description: 'Example:\n```js\nf()\n```' },
      tilde: { type: 'string', minLength: 1, description: 'Example:\n~~~\nf()\n~~~' },
    },
    additionalProperties: false,
  };
  const described = (id: string) => {
    const out = convert(schema, loadDialects().get(id)).output as { properties: Record<string, { description?: string }> };
    return Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, v.description]));
  };

  it('closes an author description that ends no sentence before the sentences after it, and changes no other', () => {
    expect(described('anthropic_strict')).toEqual({
      name: 'The user name. At least 1 character.',
      done: 'Done. At least 1 character.',
      quoted: 'Say "hi!" At least 1 character.',
      spaced: 'Set apart At least 1 character.',
      lines: 'Ends a line.\nAt least 1 character.',
      blank: ' \t\nAt least 1 character.',
      plain: 'No sentence follows',
      kana: '名前は？ At least 1 character.',
      comma: 'Name, At least 1 character.',
      fence: 'Example:\n```js\nf()\n``` At least 1 character.',
      tilde: 'Example:\n~~~\nf()\n~~~ At least 1 character.',
    });
  });

  it('is not in the sentence files the frozen versions name: their outputs stay as pinned', () => {
    expect(described('openai_strict@2026-10').name).toBe('The user name At least 1 character.');
    expect(described('openai_strict@2026-10').lines).toBe('Ends a line.\n At least 1 character.');
    expect(described('openai_strict').name).toBe('The user name. At least 1 character.');
  });
});

describe('an enum mixing objects with other values, where objects are not closed', () => {
  it('is spelled out in a dialect with an any-value spelling (gemini), not typed as scalars with a sentence listing objects', () => {
    const schema = { type: 'object', properties: { theme: { enum: ['dark', { background: '#000' }] }, layout: { type: 'object', enum: [{ columns: 2 }] } } };
    const result = convert(schema, loadDialects().get('gemini'));
    expect(result.diagnostics.map((x) => x.code)).not.toContain('any-value-narrowed');
    const out = result.output as { properties: Record<string, any> };
    expect(out.properties.theme.anyOf).toEqual([
      { enum: ['dark'], type: 'string' },
      { type: 'object', properties: { background: { enum: ['#000'], type: 'string' } }, required: ['background'], description: 'No other properties are accepted.' },
    ]);
    // objects alone share their type, and an open object accepts them: left as it was
    expect(out.properties.layout).toEqual({ type: 'object', description: 'One of: {"columns":2}.' });
  });
});

describe('explain of a pinned const', () => {
  it('points at places the input has, also where the const is read as an enum (openai_strict@2024-08)', () => {
    const schema = { type: 'object', properties: { q: { const: { b: [1], c: 'x' } } } };
    for (const id of ['openai_strict@2024-08', 'anthropic_strict']) {
      const entries = explain(schema, loadDialects().get(id));
      const missing = entries.filter((e) => getAt(schema, e.path) === undefined).map((e) => e.path);
      expect(missing, id).toEqual([]);
      expect(entries.find((e) => e.path === '/properties/q/const')).toMatchObject({ keyword: 'const', outcome: 'renamed' });
    }
  });
});

describe('enum values the type beside them refuses', () => {
  // "x" is the only value the canonical schema accepts here; 1 and null are refused by the type.
  const schema = { type: 'object', properties: { size: { type: 'string', enum: ['x', 1, null] }, mixed: { type: ['string', 'integer'], enum: ['x', 1, 2.5, true] } } };
  const out = (id: string) => convert(schema, loadDialects().get(id)).output as { properties: Record<string, any> };

  it('are left out before a dialect spells or words the values, so no sentence states a refused value', () => {
    expect(out('gemini').properties.size).toEqual({ type: 'string', enum: ['x'] });
    expect(out('gemini').properties.mixed.description).toBe('One of: "x", 1.');
    // openai_strict makes the optional property nullable once: no second null beside the author's
    expect(out('openai_strict').properties.size).toEqual({ type: ['string', 'null'], enum: ['x', null] });
  });

  it('stay as written in the canonical spelling, and an enum the type refuses entirely stays too', () => {
    expect(out('canonical').properties.size).toEqual(schema.properties.size);
    const none = convert({ type: 'object', properties: { n: { type: 'integer', enum: ['a'] } } }, loadDialects().get('flat')).output as { properties: Record<string, any> };
    expect(none.properties.n).toEqual({ type: 'integer', enum: ['a'] });
  });
});

describe('a typeless if whose then and else both name their types', () => {
  // Only integers pass: one at most 3 must be 0, any other value must be an integer.
  const schema = { type: 'object', properties: { u: { if: { type: 'integer', maximum: 3 }, then: { const: 0 }, else: { type: 'integer' } } } };

  it.each(['anthropic_strict', 'gemini', 'openai_strict'])('%s spells those types, with no "Any JSON value" sentence and no narrowing claimed', (id) => {
    const result = convert(schema, loadDialects().get(id));
    const u = (result.output as { properties: Record<string, any> }).properties.u;
    expect(u.description).not.toContain('Any JSON value');
    expect(JSON.stringify(u)).not.toContain('"string"');
    expect(result.diagnostics.map((d) => d.code)).not.toContain('any-value-narrowed');
  });
});
