// Sentence files: the wording dialects share (docs/rule-format.md, "Sentence files"). Each test
// loads real files from a temporary folder the way a user's --dialects-dir is loaded.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { convert, DialectError, loadDialects, type Note } from '@redouble/dialects';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'dialects-sentences-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

function dialect(name: string, extra: string): string {
  return `dialect: ${name}\nversion: "2026-01"\nstatus: draft\nsummary: ${name}\nsources:\n  spec:\n    url: https://example.com/${name}\n    title: ${name} page\n    read: 2026-01-01\notherKeywords: keep\n${extra}`;
}

const SHARED = `sentences: shared
version: "2026-01"
summary: shared wording
notes:
  - keywords: [minimum, maximum]
    text: "Accepted range: {minimum} to {maximum}."
  - keywords: [minimum]
    text: "Must be at least {minimum}."
  - keywords: [maximum]
    text: "Must be at most {maximum}."
  - event: cycle
    text: "Repeats {name}."
`;

const DROP_BOUNDS = `rules:
  - id: bounds
    source: spec
    drop: [minimum, maximum, pattern]
`;

function refusal(dirs: string[]): DialectError {
  try {
    loadDialects({ dirs, bundled: false });
  } catch (err) {
    if (err instanceof DialectError) return err;
    throw err;
  }
  throw new Error('the folder was accepted');
}

const bounded = { type: 'object', properties: { lo: { type: 'integer', minimum: 1 }, both: { type: 'integer', minimum: 1, maximum: 9 }, p: { type: 'string', pattern: '^a' } } };

describe('sentence files', () => {
  it('give a dialect that names them their notes, in their order', () => {
    const dir = folder({ 'sentences/shared@2026-01.yaml': SHARED, 'plain@2026-01.yaml': dialect('plain', `sentences: shared@2026-01\n${DROP_BOUNDS}`) });
    const d = loadDialects({ dirs: [dir], bundled: false }).get('plain');
    expect(d.resolved.sentences).toBe('shared@2026-01');
    expect(d.resolved.notes.map((n) => n.text)).toEqual(['Accepted range: {minimum} to {maximum}.', 'Must be at least {minimum}.', 'Must be at most {maximum}.', 'Repeats {name}.']);
    const out = convert(bounded, d);
    expect(out.output).toEqual({
      type: 'object',
      properties: { lo: { type: 'integer', description: 'Must be at least 1.' }, both: { type: 'integer', description: 'Accepted range: 1 to 9.' }, p: { type: 'string' } },
    });
    // the pattern has no sentence in the shared file: it is reported, not dropped silently
    expect(out.diagnostics.map((x) => [x.code, x.path])).toEqual([['rule-lost', '/properties/p/pattern']]);
  });

  it('let a dialect override one sentence in place and add its own before the shared ones', () => {
    const own = `sentences: shared@2026-01
notes:
  - keywords: [minimum]
    text: "No less than {minimum}."
  - keywords: [pattern]
    text: "Matches {pattern}."
${DROP_BOUNDS}`;
    const dir = folder({ 'sentences/shared@2026-01.yaml': SHARED, 'own@2026-01.yaml': dialect('own', own) });
    const d = loadDialects({ dirs: [dir], bundled: false }).get('own');
    // the override keeps the shared note's place: after the two-keyword note, so "both" still reads as a range
    expect(d.resolved.notes.map((n: Note) => n.text)).toEqual(['Matches {pattern}.', 'Accepted range: {minimum} to {maximum}.', 'No less than {minimum}.', 'Must be at most {maximum}.', 'Repeats {name}.']);
    const out = convert(bounded, d);
    expect(out.output).toEqual({
      type: 'object',
      properties: { lo: { type: 'integer', description: 'No less than 1.' }, both: { type: 'integer', description: 'Accepted range: 1 to 9.' }, p: { type: 'string', description: 'Matches ^a.' } },
    });
    expect(out.diagnostics).toEqual([]);
  });

  it('treat keywords as a set and compare when values, so [maximum, minimum] overrides [minimum, maximum]', () => {
    const own = `sentences: shared@2026-01\nnotes:\n  - keywords: [maximum, minimum]\n    text: "Between {minimum} and {maximum}."\n${DROP_BOUNDS}`;
    const dir = folder({ 'sentences/shared@2026-01.yaml': SHARED, 'own@2026-01.yaml': dialect('own', own) });
    const notes = loadDialects({ dirs: [dir], bundled: false }).get('own').resolved.notes;
    expect(notes).toHaveLength(4);
    expect(notes[0]?.text).toBe('Between {minimum} and {maximum}.');
  });

  it('extend one another, and reach a dialect through extends', () => {
    const newer = `sentences: shared\nversion: "2026-02"\nsummary: newer wording\nextends: shared@2026-01\nnotes:\n  - event: cycle\n    text: "Nests {name} again."\n`;
    const child = dialect('child', 'extends: base@2026-01\n').replace('dialect: child\nversion: "2026-01"', 'dialect: child\nversion: "2026-02"');
    const dir = folder({
      'sentences/shared@2026-01.yaml': SHARED,
      'sentences/shared@2026-02.yaml': newer,
      'base@2026-01.yaml': dialect('base', `sentences: shared@2026-02\n${DROP_BOUNDS}`),
      'child@2026-02.yaml': child,
    });
    const registry = loadDialects({ dirs: [dir], bundled: false });
    for (const id of ['base', 'child']) {
      const notes = registry.get(id).resolved.notes;
      expect(notes.map((n) => n.text)).toEqual(['Accepted range: {minimum} to {maximum}.', 'Must be at least {minimum}.', 'Must be at most {maximum}.', 'Nests {name} again.']);
    }
    expect(registry.get('child').resolved.sentences).toBe('shared@2026-02');
  });

  it('refuse a pin to a sentence file that is not loaded, at its line', () => {
    const dir = folder({ 'lost@2026-01.yaml': dialect('lost', 'sentences: nowhere@2026-01\n') });
    const err = refusal([dir]);
    expect(err.code).toBe('rule-file-invalid');
    expect(err.diagnostics[0]?.message).toBe('sentence file nowhere@2026-01 is not loaded (none found in any sentences/ folder)');
    expect(err.diagnostics[0]?.path).toMatch(/lost@2026-01\.yaml:11:12$/);
  });

  it('refuse an unknown key, a name that does not match the header, a duplicate and a cycle', () => {
    const a = folder({
      'sentences/shared@2026-01.yaml': SHARED.replace('summary:', 'colour: red\nsummary:'),
      'sentences/other@2026-01.yaml': SHARED,
    });
    const messages = refusal([a]).diagnostics.map((d) => `${d.path.replace(/^.*[/\\]/, '')} ${d.message}`);
    expect(messages).toEqual([
      'other@2026-01.yaml:1:12 the file name "other@2026-01.yaml" does not match its header shared@2026-01; name it shared@2026-01.yaml',
      'shared@2026-01.yaml:3:1 unknown key "colour" at the top level',
    ]);
    const b = folder({ 'sentences/shared@2026-01.yaml': SHARED });
    const c = folder({ 'sentences/shared@2026-01.yaml': SHARED });
    expect(refusal([b, c]).diagnostics[0]?.message).toMatch(/^sentence file shared@2026-01 is defined twice: here and in /);
    const loop = folder({
      'sentences/x@2026-01.yaml': 'sentences: x\nversion: "2026-01"\nsummary: x\nextends: y@2026-01\n',
      'sentences/y@2026-01.yaml': 'sentences: y\nversion: "2026-01"\nsummary: y\nextends: x@2026-01\n',
      'd@2026-01.yaml': dialect('d', 'sentences: x@2026-01\n'),
    });
    expect(refusal([loop]).diagnostics[0]?.message).toBe('sentence file x@2026-01 extends itself through x@2026-01 -> y@2026-01 (a cycle)');
  });
});

describe('the bundled sentence files', () => {
  const dialectsDir = fileURLToPath(new URL('../../../../dialects/', import.meta.url));
  const registry = loadDialects();

  it('hold the wording, so the vendor files hold rules and sources', () => {
    // Every vendor version reads the same list, with words and the rules beside a type in words;
    // the versions not frozen before 2026-12-05 also close an author's run-on description, and say
    // a const or default array as the one value it is (standard@2026-12-06; decisions.md).
    // The draft versions also word a typeless `not` under one type (standard@2026-12-07); the
    // frozen openai_strict versions keep the file they were pinned with.
    const words = 'standard@2026-12-04';
    const frozen = 'standard@2026-12-06';
    const frozenWithIt = 'standard@2026-12-07';
    // openai_strict@2026-12-08 says a const or default as JSON and the oneOf rule as a rule (standard@2026-12-08).
    const jsonValues = 'standard@2026-12-08';
    // The drafts and openai_strict@2026-12-09 also word a union of branches that only require properties.
    const latest = 'standard@2026-12-09';
    const pins = { 'openai_strict@2024-08': words, 'openai_strict@2026-10': words, 'openai_strict@2026-12': frozen, 'openai_strict@2026-12-06': frozen, 'openai_strict@2026-12-07': frozenWithIt, 'openai_strict@2026-12-08': jsonValues, 'openai_strict@2026-12-09': latest, 'anthropic_strict@2026-05': latest, 'bedrock_strict@2026-12': latest, 'gemini@2026-10': latest };
    for (const [id, pin] of Object.entries(pins)) {
      const file = parse(readFileSync(registry.get(id).file, 'utf8')) as { notes?: unknown[] };
      expect(file.notes?.length ?? 0, id).toBeLessThanOrEqual(1);
      expect(registry.get(id).resolved.sentences, id).toBe(pin);
    }
    for (const id of ['flat@2026-11', 'nova@2026-11']) {
      expect((parse(readFileSync(registry.get(id).file, 'utf8')) as { notes?: unknown }).notes, id).toBeUndefined();
      expect(registry.get(id).resolved.sentences, id).toBe('mcp-client@2026-11');
    }
  });

  it('are one list shared, not copies: the vendor versions read the very notes of standard@2026-12, with words in place', () => {
    const standard = parse(readFileSync(join(dialectsDir, 'sentences/standard@2026-12.yaml'), 'utf8')) as { notes: Note[] };
    // standard@2026-12-02 gives some of those notes words, in place: the same sentences in the same order.
    const openai = registry.get('openai_strict@2026-10').resolved;
    expect(openai.notes.map(({ words: _, ...n }) => n)).toEqual(standard.notes);
    expect(openai.vocabulary?.types?.integer).toBe('an integer');
    const gemini = registry.get('gemini@2026-10').resolved;
    // standard@2026-12-07 adds one event and two annotation notes ahead of the list (names a branch
    // beside unevaluatedProperties declares; deprecated, examples) and four for equal counts, standard@2026-12-06 one note
    // (unevaluatedItems: false in words).
    expect(gemini.notes.map(({ words: _, ...n }) => n)).toEqual([
      { keywords: ['nullable'], text: 'May be null.' },
      // standard@2026-12-09: at least one of the branches, said as JSON where no words say them.
      { keywords: ['anyOf'], text: 'Must match at least one of: {anyOf}.' },
      // standard@2026-12-08: a propertyNames that says only "a string" (zod 4's records).
      { keywords: ['propertyNames'], when: { propertyNames: { type: 'string' } }, text: 'Any property name is accepted.' },
      { event: 'evaluated-where', text: 'Send {names} only where the condition or branch that declares each applies.' },
      { keywords: ['deprecated'], when: { deprecated: true }, text: 'Deprecated.' },
      { keywords: ['examples'], text: 'Examples: {examples}.' },
      // Equal lower and upper counts read as one count.
      { keywords: ['minItems', 'maxItems'], equal: ['minItems', 'maxItems'], text: 'Exactly {minItems|item|items}.' },
      { keywords: ['minLength', 'maxLength'], equal: ['minLength', 'maxLength'], text: 'Exactly {minLength|character|characters}.' },
      { keywords: ['minProperties', 'maxProperties'], equal: ['minProperties', 'maxProperties'], text: 'Exactly {minProperties|property|properties}.' },
      { keywords: ['minimum', 'maximum'], equal: ['minimum', 'maximum'], text: 'Must be exactly {minimum}.' },
      // maxContains 0: no item may match.
      { keywords: ['contains', 'minContains', 'maxContains'], when: { maxContains: 0 }, text: 'No item may match {contains}.' },
      { keywords: ['contains', 'maxContains'], when: { maxContains: 0 }, text: 'No item may match {contains}.' },
      { keywords: ['contains', 'minContains', 'maxContains'], equal: ['minContains', 'maxContains'], text: 'Exactly {minContains|item|items} must match {contains}.' },
      { keywords: ['unevaluatedItems'], when: { unevaluatedItems: false }, text: 'No further items are accepted.' },
      // The closures, in place, said after the node's other note sentences.
      // and the oneOf rule said as a rule (standard@2026-12-08), in place; a cut cycle named by its label (a title, or the property using a made-up name).
      ...standard.notes.map((n) =>
        n.text === 'No other properties are accepted.'
          ? { ...n, last: true }
          : n.keywords?.join() === 'oneOf'
            ? { ...n, text: 'Must match exactly one of the alternatives.' }
            : n.event === 'cycle' || n.event === 'cycle-unrolled'
              ? { ...n, text: n.text.replace('{name}', '{label}') }
              : n,
      ),
    ]);
    expect(gemini.notes.filter((n) => n.words !== undefined).map((n) => n.keywords?.join('+'))).toEqual([
      'anyOf', 'contains+minContains+maxContains', 'contains+maxContains', 'contains+minContains+maxContains', 'additionalProperties', 'patternProperties', 'propertyNames', 'prefixItems', 'contains+minContains+maxContains', 'contains+minContains', 'contains+maxContains', 'contains',
      'dependentRequired', 'dependentSchemas', 'if+then+else', 'if+then', 'if+else', 'not', 'oneOf', 'default', 'const',
    ]);
    // standard@2026-12-06 gives default and const words in place, so an array reads as one value.
    expect(convert({ type: 'object', properties: { a: { type: 'array', items: { type: 'string' }, default: [] }, b: { const: [1, 2] } } }, registry.get('gemini@2026-10')).output).toMatchObject({
      properties: { a: { description: 'Default: [].' }, b: { description: 'One of: [1,2].' } },
    });
    expect(gemini.vocabulary?.types?.integer).toBe('an integer');
    // standard@2026-12-04 adds phrases to the vocabulary and inherits the rest, key by key.
    expect(gemini.vocabulary?.ruled).toBe('{value} ({rules})');
    expect(gemini.vocabulary?.rules?.[0]).toEqual({ keywords: ['minimum', 'maximum'], text: 'from {minimum} to {maximum}' });
  });

  it('refuse words on an event note, and merge a vocabulary key by key over the file it extends', () => {
    const base = 'sentences: base\nversion: "2026-01"\nsummary: s\nvocabulary:\n  types: { string: a string, integer: an integer }\n  enum: "one of {values}"\nnotes:\n  - keywords: [not]\n    text: "Must not match {not}."\n    words: "Must not be {not:value}."\n';
    const more = 'sentences: more\nversion: "2026-02"\nsummary: s\nextends: base@2026-01\nvocabulary:\n  types: { string: text }\n';
    const dir = folder({ 'sentences/base@2026-01.yaml': base, 'sentences/more@2026-02.yaml': more, 'plain@2026-01.yaml': dialect('plain', 'sentences: more@2026-02\nrules:\n  - id: d\n    source: spec\n    drop: [not]\n') });
    const d = loadDialects({ dirs: [dir], bundled: false }).get('plain');
    expect(d.resolved.vocabulary).toEqual({ types: { string: 'text', integer: 'an integer' }, enum: 'one of {values}' });
    const spelled = (s: unknown): unknown => (convert(s, d).output as { description?: unknown }).description;
    expect([spelled({ type: 'integer', not: { const: 3 } }), spelled({ type: 'string', not: { type: 'string' } }), spelled({ not: { type: 'boolean' } })]).toEqual(['Must not be 3.', 'Must not be text.', 'Must not match {"type":"boolean"}.']);
    const bad = folder({ 'sentences/bad@2026-01.yaml': 'sentences: bad\nversion: "2026-01"\nsummary: s\nnotes:\n  - event: cycle\n    text: "x"\n    words: "y"\n' });
    expect(() => loadDialects({ dirs: [bad], bundled: false })).toThrow(/words goes with a keyword note/);
  });

  it('apply an equal note only where its keywords hold one value, say a last note after the others, and refuse an equal naming another keyword', () => {
    const words = `sentences: counts\nversion: "2026-01"\nsummary: s\nnotes:
  - keywords: [additionalProperties]
    when: { additionalProperties: false }
    last: true
    text: "Closed."
  - keywords: [minItems, maxItems]
    equal: [minItems, maxItems]
    text: "Exactly {minItems|item|items}."
  - keywords: [minItems, maxItems]
    text: "Between {minItems} and {maxItems|item|items}."
  - keywords: [minProperties]
    text: "At least {minProperties|property|properties}."
`;
    const dir = folder({ 'sentences/counts@2026-01.yaml': words, 'plain@2026-01.yaml': dialect('plain', 'sentences: counts@2026-01\nrules:\n  - id: d\n    source: spec\n    drop: [minItems, maxItems, additionalProperties, minProperties]\n') });
    const d = loadDialects({ dirs: [dir], bundled: false }).get('plain');
    const said = (s: object): unknown => (convert(s, d).output as { description?: unknown }).description;
    expect(said({ type: 'array', minItems: 2, maxItems: 2 })).toBe('Exactly 2 items.');
    expect(said({ type: 'array', minItems: 1, maxItems: 3 })).toBe('Between 1 and 3 items.');
    expect(said({ type: 'object', additionalProperties: false, minProperties: 1 })).toBe('At least 1 property. Closed.');
    const bad = folder({ 'sentences/bad@2026-01.yaml': 'sentences: bad\nversion: "2026-01"\nsummary: s\nnotes:\n  - keywords: [minItems, maxItems]\n    equal: [minItems, minLength]\n    text: "x"\n' });
    expect(() => loadDialects({ dirs: [bad], bundled: false })).toThrow(/equal names minLength, which is not one of this note's keywords/);
  });
});
