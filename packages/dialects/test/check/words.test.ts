// Issue 11 part 3: sentences in words, not JSON. A dialect whose sentence file has a vocabulary
// writes a dropped subschema in words where it has a short wording, and as JSON where it has none;
// the sentence checker reads the words back and catches a sentence that says otherwise.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSentences, convert, loadDialects } from '@redouble/dialects';

const registry = loadDialects();
const words = registry.get('gemini');

/** A user's dialect that names an older sentence file (standard@2026-12, without a vocabulary: JSON sentences). */
function jsonSentences(sentences = 'standard@2026-12') {
  const dir = mkdtempSync(join(tmpdir(), 'dialects-words-'));
  writeFileSync(
    join(dir, 'json_sentences@2026-12.yaml'),
    'dialect: json_sentences\nversion: "2026-12"\nstatus: draft\nsummary: openai_strict with the JSON sentence file\n' +
      `extends: openai_strict@2026-10\nsentences: ${sentences}\n` +
      'sources:\n  page:\n    url: https://example.com/json-sentences\n    title: a test\n    read: 2026-12-02\n',
  );
  return loadDialects({ dirs: [dir] }).get('json_sentences');
}

const descriptions = (schema: unknown, dialect = words): Record<string, string> => {
  const out: Record<string, string> = {};
  const props = (convert(schema, dialect).output as { properties: Record<string, { description?: string }> }).properties;
  for (const [k, v] of Object.entries(props)) if (v.description !== undefined) out[k] = v.description;
  return out;
};

const address = {
  type: 'object',
  properties: { country: { type: 'string' }, zip: { type: 'string' }, mode: { type: 'string' }, level: { type: 'integer' } },
  if: { properties: { country: { const: 'US' } }, required: ['country'] },
  then: { required: ['zip'] },
  dependentRequired: { mode: ['level'] },
};

describe('sentences in words', () => {
  it('if/then/else, dependentRequired and dependentSchemas', () => {
    const schema = {
      type: 'object',
      properties: {
        a: address,
        b: { type: 'object', if: { properties: { kind: { enum: ['x', 'y'] } } }, then: { properties: { size: { type: 'integer' } }, required: ['size'] }, else: { required: ['name', 'tag'] } },
        c: { type: 'object', dependentSchemas: { card: { required: ['billing', 'cvc', 'expiry'] } } },
      },
    };
    expect(descriptions(schema)).toEqual({
      a: 'When mode is sent, level is required too. When country is "US", zip is required.',
      // an `if` property not listed in required also matches when it is absent
      b: 'When kind is one of "x", "y" or is not sent, size is required and size must be an integer; otherwise name and tag are required.',
      c: 'When card is sent, billing, cvc and expiry are required.',
    });
  });

  it('not, patternProperties, propertyNames, prefixItems, contains and a map value', () => {
    const schema = {
      type: 'object',
      properties: {
        n: { type: 'string', not: { const: 'x' } },
        e: { type: 'integer', not: { enum: [1, 2] } },
        h: { type: 'object', patternProperties: { '^x-': { type: 'string' }, '^n-': { type: ['integer', 'null'] } }, propertyNames: { pattern: '^[a-z-]+$' } },
        p: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] },
        t: { type: 'array', items: { type: 'string' }, contains: { const: 'main' } },
        m: { type: 'object', additionalProperties: { type: 'boolean' } },
      },
    };
    expect(descriptions(schema)).toEqual({
      n: 'Not accepted: "x".',
      e: 'Not accepted: one of 1, 2.',
      h: 'Each property whose name matches ^x- must be a string. Each property whose name matches ^n- must be an integer or null. Property names must match the regular expression ^[a-z-]+$.',
      p: 'Items by position: first a string, then an integer.',
      t: 'At least one item must be "main".',
      m: 'Other properties are accepted; each value must be true or false.',
    });
  });

  it('stays JSON where a subschema has no short wording, and in a dialect whose sentence file has no vocabulary', () => {
    // A typeless `not` reads as a value of its schema's type only where its every keyword
    // constrains that type alone: under a type list, or with a keyword of another type, it also
    // matches other values, so it stays JSON (standard@2026-12-07's typed form).
    const schema = {
      type: 'object',
      properties: {
        n: { type: 'string', not: { pattern: '^a', minLength: 2 } },
        listed: { type: ['string', 'integer'], not: { pattern: '^a' } },
        other: { type: 'string', not: { minimum: 2 } },
        a: address,
      },
    };
    const said = descriptions(schema);
    expect(said.n).toBe('Not accepted: a string (at least 2 characters and matching the regular expression ^a).');
    expect(said.listed).toBe('Must not match {"pattern":"^a"}.');
    expect(said.other).toBe('Must not match {"minimum":2}.');
    // A frozen version keeps the file it was pinned with: the same `not` in JSON there.
    expect(descriptions(schema, registry.get('openai_strict@2026-12-06')).n).toBe('Must not match {"pattern":"^a","minLength":2}.');
    expect(descriptions(schema, jsonSentences()).a).toBe(
      'When a property on the left is sent, the properties listed for it are required too: {"mode":["level"]}. If the value matches {"properties":{"country":{"const":"US"}},"required":["country"]}, it must also match {"required":["zip"]}.',
    );
  });
});

describe('a typeless subschema typed by the schema around it (round 14)', () => {
  const schema = {
    type: 'object',
    properties: { country: { type: 'string' }, postcode: { type: 'string' }, n: { type: 'integer' }, t: { type: 'string' } },
    if: { properties: { country: { const: 'US' } }, required: ['country'] },
    then: { properties: { postcode: { pattern: '^[0-9]{5}$' } } },
    dependentSchemas: { t: { properties: { n: { minimum: 10 } } } },
  };

  it('words a then or dependentSchemas property with the type the schema declares for it, and the checker reads it back', () => {
    const out = convert(schema, words);
    expect((out.output as { description: string }).description).toBe('When t is sent, n, if sent, must be an integer (at least 10). When country is "US", postcode, if sent, must be a string (matching the regular expression ^[0-9]{5}$).');
    expect(checkSentences(schema, out.output, words)).toEqual([]);
  });

  it('keeps JSON where the schema declares no type for the property, or one the keyword does not constrain alone', () => {
    const { dependentSchemas: _, ...conditional } = schema;
    const undeclared = { ...conditional, properties: { country: { type: 'string' } } };
    expect((convert(undeclared, words).output as { description: string }).description).toContain('it must also match {"properties":{"postcode":{"pattern":"^[0-9]{5}$"}}}');
    const listed = { ...conditional, properties: { ...schema.properties, postcode: { type: ['string', 'integer'] } } };
    expect((convert(listed, words).output as { description: string }).description).toContain('{"pattern":"^[0-9]{5}$"}');
  });

  it('words a typeless contains with the type its items schema gives every item, and only then', () => {
    const said = descriptions({ type: 'object', properties: { nums: { type: 'array', items: { type: 'number' }, contains: { minimum: 10 }, minContains: 2 }, mixed: { type: 'array', contains: { minimum: 10 } } } });
    expect(said.nums).toBe('At least 2 items must be a number (at least 10).');
    expect(said.mixed).toBe('At least one item must match {"minimum":10}.');
  });
});

describe('rules beside a subschema\'s type in words (vocabulary ruled and rules)', () => {
  const schema = {
    type: 'object',
    properties: {
      m: { type: 'object', additionalProperties: { type: 'string', minLength: 1, maxLength: 63 } },
      w: { type: 'object', additionalProperties: { type: 'number', exclusiveMinimum: 0, multipleOf: 0.5 } },
      a: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string', format: 'email' }, uniqueItems: true } },
      d: { type: 'object', additionalProperties: { type: 'array', items: { type: 'array', items: { type: 'array', items: { type: 'array', items: { type: 'string' } } } } } },
      j: { type: 'object', additionalProperties: { type: 'string', title: 'Note', maxLength: 3 } },
    },
  };

  it('words each rule with its phrase, a subschema inside a phrase as a noun', () => {
    const said = descriptions(schema);
    expect(said.m).toBe('Other properties are accepted; each value must be a string (1 to 63 characters).');
    expect(said.w).toBe('Other properties are accepted; each value must be a number (greater than 0 and a multiple of 0.5).');
    expect(said.a).toBe('Other properties are accepted; each value must be an array (items unique and each item a string (an email address)).');
  });

  it('leaves out values that constrain nothing, as the notes do (minLength 0, uniqueItems false)', () => {
    const idle = {
      type: 'object',
      properties: {
        s: { type: 'object', additionalProperties: { type: 'string', minLength: 0, maxLength: 3 } },
        u: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' }, uniqueItems: false, minItems: 0 } },
        n: { type: 'object', additionalProperties: { type: 'string', minLength: 0 } },
      },
    };
    const said = descriptions(idle);
    expect(said.s).toBe('Other properties are accepted; each value must be a string (at most 3 characters).');
    expect(said.u).toBe('Other properties are accepted; each value must be an array (each item a string).');
    expect(said.n).toBe('Other properties are accepted; each value must be a string.');
    expect(checkSentences(idle, convert(idle, words).output, words)).toEqual([]);
  });

  it('writes JSON where a keyword has no phrase, or the nouns nest past three levels', () => {
    const said = descriptions(schema);
    expect(said.j).toBe('Other properties are accepted; each value must match {"type":"string","title":"Note","maxLength":3}.');
    expect(said.d).toMatch(/^Other properties are accepted; each value must match \{"type":"array"/);
  });

  it('keeps JSON in a dialect whose sentence file has no phrases (a user\'s, on standard@2026-12-02)', () => {
    const said = descriptions(schema, jsonSentences('standard@2026-12-02'));
    expect(said.m).toBe('Other properties are accepted; each value must match {"type":"string","minLength":1,"maxLength":63}.');
    expect(descriptions(schema, registry.get('openai_strict@2026-10')).m).toBe('Other properties are accepted; each value must be a string (1 to 63 characters).');
  });

  it('is read back by the checker, which catches a phrase that says otherwise', () => {
    const out = structuredClone(convert(schema, words).output) as { properties: Record<string, { description?: string }> };
    expect(checkSentences(schema, out, words)).toEqual([]);
    (out.properties.m as { description: string }).description = 'Other properties are accepted; each value must be a string (1 to 64 characters).';
    expect(checkSentences(schema, out, words).map((d) => d.path)).toEqual(['/properties/m/description']);
  });

  it('refuses a phrase that names a keyword it does not take, at its file and line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dialects-ruled-'));
    mkdirSync(join(dir, 'sentences'));
    writeFileSync(
      join(dir, 'sentences', 'mine@2026-12.yaml'),
      'sentences: mine\nversion: "2026-12"\nsummary: a test\nvocabulary:\n  ruled: "{value} ({rules})"\n  rules:\n    - keywords: [minLength]\n      text: "at most {maxLength}"\n',
    );
    writeFileSync(
      join(dir, 'mine@2026-12.yaml'),
      'dialect: mine\nversion: "2026-12"\nstatus: draft\nsummary: a test\nextends: openai_strict@2026-10\nsentences: mine@2026-12\n' +
        'sources:\n  page:\n    url: https://example.com/mine\n    title: a test\n    read: 2026-12-04\n',
    );
    const diagnostics = loadProblems(dir);
    expect(diagnostics.map((d) => d.message).join(' ')).toContain("{maxLength} is not one of this phrase's keywords (minLength)");
    expect(diagnostics.map((d) => d.path).join(' ')).toMatch(/mine@2026-12\.yaml:8:\d+/);
  });

  /** The problems of a dialect file whose one note (at line 16) is `note`, with their messages and file:line pointers. */
  const noteProblems = (note: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'dialects-noted-'));
    writeFileSync(
      join(dir, 'mine@2026-12.yaml'),
      'dialect: mine\nversion: "2026-12"\nstatus: draft\nsummary: a test\notherKeywords: keep\n' +
        'sources:\n  page:\n    url: https://example.com/mine\n    title: a test\n    read: 2026-12-04\n' +
        `rules:\n  - id: no-format\n    source: page\n    drop: [format]\nnotes:\n${note}`,
    );
    const diagnostics = loadProblems(dir);
    return { messages: diagnostics.map((d) => d.message).join(' '), paths: diagnostics.map((d) => d.path).join(' ') };
  };

  it('refuses a note whose text names a placeholder that is none of its keywords, at its file and line', () => {
    const { messages, paths } = noteProblems('  - keywords: [format]\n    text: "Must be a {formt}."\n');
    expect(messages).toContain("{formt} is not one of this note's keywords (format)");
    expect(paths).toMatch(/mine@2026-12\.yaml:17:\d+/);
  });

  it('refuses an event note whose text names a placeholder the event does not fill, at its file and line', () => {
    const { messages, paths } = noteProblems('  - event: cycle\n    text: "Repeats {lable}."\n');
    expect(messages).toContain('{lable} is not filled for the cycle event ({name}, {label})');
    expect(paths).toMatch(/mine@2026-12\.yaml:17:\d+/);
  });
});

describe('the checker reads sentences in words', () => {
  const canonical = {
    type: 'object',
    properties: {
      a: address,
      n: { type: 'string', not: { const: 'x' } },
      h: { type: 'object', patternProperties: { '^x-': { type: 'string' } } },
      p: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] },
      s: { type: 'string' },
      z: { not: { type: 'null' } },
    },
  };
  const spelled = (d: Record<string, string>): unknown => {
    const out = structuredClone(convert(canonical, words).output) as { properties: Record<string, { description?: string }> };
    for (const [k, v] of Object.entries(d)) (out.properties[k] as { description?: string }).description = v;
    return out;
  };

  it('finds nothing in what the dialect wrote', () => {
    expect(checkSentences(canonical, convert(canonical, words).output, words)).toEqual([]);
  });

  it('catches a sentence in words that says otherwise', () => {
    const found = checkSentences(
      canonical,
      spelled({
        a: 'When mode is sent, kind is required too. When country is "CA", zip is required.',
        n: 'Not accepted: "y".',
        h: 'Each property whose name matches ^x- must be an integer.',
        p: 'Items by position: first an integer, then a string.',
        s: 'When mode is sent, level is required too.',
      }),
      words,
    );
    expect(found.map((d) => [d.path, d.message])).toEqual([
      ['/properties/a/description', '"When mode is sent, kind is required too." but the canonical schema reads "When mode is sent, level is required too." here'],
      ['/properties/a/description', '"When country is "CA", zip is required." but the canonical schema reads "When country is "US", zip is required." here'],
      ['/properties/n/description', '"Not accepted: "y"." but the canonical schema reads "Not accepted: "x"." here'],
      ['/properties/h/description', '"Each property whose name matches ^x- must be an integer." but the canonical schema reads "Each property whose name matches ^x- must be a string." here'],
      ['/properties/p/description', '"Items by position: first an integer, then a string." but the canonical schema reads "Items by position: first a string, then an integer." here'],
      ['/properties/s/description', '"When mode is sent, level is required too." but the canonical schema has no "dependentRequired" here'],
    ]);
  });

  it('catches "Must not be null." where the spelling admits null', () => {
    const out = spelled({ z: 'Must not be null.' }) as { properties: Record<string, Record<string, unknown>> };
    out.properties.z = { type: 'string', nullable: true, description: 'Must not be null.' };
    expect(checkSentences(canonical, out, words).map((d) => d.path)).toEqual(['/properties/z/description']);
  });
});

/** The diagnostics loadDialects refuses the rule files of `dir` with (none when it loads them). */
function loadProblems(dir: string): { message: string; path: string }[] {
  try {
    loadDialects({ dirs: [dir] });
    return [];
  } catch (e) {
    return (e as { diagnostics?: { message: string; path: string }[] }).diagnostics ?? [];
  }
}
