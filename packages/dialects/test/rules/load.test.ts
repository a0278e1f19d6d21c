import { describe, expect, it } from 'vitest';
import { DialectError, parseRuleFile } from '@redouble/dialects';

const HEADER = `dialect: demo
version: "2026-03"
status: draft
summary: demo
sources:
  spec:
    url: https://example.com/spec
    title: Spec
    read: 2026-01-01
`;

function refusal(text: string, file = 'dialects/demo@2026-03.yaml'): DialectError {
  try {
    parseRuleFile(text, file);
  } catch (err) {
    expect(err).toBeInstanceOf(DialectError);
    return err as DialectError;
  }
  throw new Error('the rule file was accepted');
}

describe('rule file loading', () => {
  it('accepts a valid file and fills the defaults', () => {
    const loaded = parseRuleFile(`${HEADER}rules:\n  - id: inline\n    source: spec\n    references: { mode: inline, cycles: break }\n`, 'demo@2026-03.yaml');
    expect(loaded.data.rules[0]?.references).toEqual({ mode: 'inline', cycles: 'break', definitionsKeyword: '$defs', refKeyword: '$ref', refPrefix: '#/$defs/', siblings: 'keep', unreferenced: 'keep' });
    expect(loaded.data.rules[0]?.scope).toBe('all');
  });

  it('refuses an unknown key with the file, line and column of the key', () => {
    const err = refusal(`${HEADER}rules:\n  - id: a\n    source: spec\n    drop: [title]\n    colour: red\n`);
    expect(err.code).toBe('rule-file-invalid');
    expect(err.diagnostics).toHaveLength(1);
    expect(err.diagnostics[0]?.path).toBe('dialects/demo@2026-03.yaml:14:5');
    expect(err.diagnostics[0]?.message).toContain('unknown key "colour" in rules[0]');
  });

  it('refuses an unknown top-level key', () => {
    const err = refusal(`${HEADER}otherKeyword: drop\n`);
    expect(err.diagnostics[0]?.path).toBe('dialects/demo@2026-03.yaml:10:1');
    expect(err.diagnostics[0]?.message).toContain('unknown key "otherKeyword" at the top level');
  });

  it('refuses a missing field, pointing at the object that lacks it', () => {
    const err = refusal(`${HEADER}rules:\n  - id: a\n    drop: [title]\n`);
    expect(err.diagnostics[0]?.message).toContain('missing field "source" in rules[0]');
    expect(err.diagnostics[0]?.path).toBe('dialects/demo@2026-03.yaml:11:5');
  });

  it('says an absent enum field is missing, as for any other field', () => {
    const err = refusal(HEADER.replace('status: draft\n', ''));
    expect(err.diagnostics.map((d) => [d.path, d.message])).toEqual([['dialects/demo@2026-03.yaml:1:1', 'missing field "status" at the top level']]);
  });

  it('refuses a bad value and shows it', () => {
    const err = refusal(`${HEADER}rules:\n  - id: a\n    source: spec\n    nulls: maybe\n`);
    expect(err.diagnostics[0]?.path).toBe('dialects/demo@2026-03.yaml:13:12');
    expect(err.diagnostics[0]?.message).toMatch(/bad value at rules\[0\]\.nulls: .*type-array.*\(got "maybe"\)/);
  });

  it('refuses a rule with no action or with two', () => {
    const none = refusal(`${HEADER}rules:\n  - id: a\n    source: spec\n`);
    expect(none.diagnostics[0]?.message).toContain('exactly one action');
    const two = refusal(`${HEADER}rules:\n  - id: a\n    source: spec\n    drop: [title]\n    keep: [type]\n`);
    expect(two.diagnostics[0]?.message).toContain('this one has 2: keep, drop');
  });

  it('refuses a rule whose source is not declared', () => {
    const err = refusal(`${HEADER}rules:\n  - id: a\n    source: blog\n    drop: [title]\n`);
    expect(err.diagnostics[0]?.message).toContain('names source "blog", which is not in sources (spec)');
    expect(err.diagnostics[0]?.path).toBe('dialects/demo@2026-03.yaml:12:13');
  });

  it('refuses a duplicate rule id at the second use', () => {
    const err = refusal(`${HEADER}rules:\n  - id: a\n    source: spec\n    drop: [title]\n  - id: a\n    source: spec\n    keep: [type]\n`);
    expect(err.diagnostics[0]?.message).toContain('duplicate rule id "a" (first used by rules[0])');
    expect(err.diagnostics[0]?.path).toBe('dialects/demo@2026-03.yaml:14:9');
  });

  it('refuses a keyword no schema holds where a rule or note names it, with the nearest known one', () => {
    const err = refusal(`${HEADER}notes:\n  - keywords: [minLenght]\n    text: "At least {minLenght}."\nrules:\n  - id: a\n    source: spec\n    drop: [title, fromat]\n  - id: b\n    source: spec\n    rename: { oneOf: anyOff }\n  - id: c\n    source: spec\n    keepWhen: { formatt: { notMatching: [x] } }\n`);
    expect(err.diagnostics.map((d) => [d.path, d.message])).toEqual([
      ['dialects/demo@2026-03.yaml:16:19', '"fromat" is not a JSON Schema or OpenAPI keyword (did you mean "format"?); declare it under extensionKeywords if the vendor reads it'],
      ['dialects/demo@2026-03.yaml:19:22', '"anyOff" is not a JSON Schema or OpenAPI keyword (did you mean "anyOf"?); declare it under extensionKeywords if the vendor reads it'],
      ['dialects/demo@2026-03.yaml:22:17', '"formatt" is not a JSON Schema or OpenAPI keyword (did you mean "format"?); declare it under extensionKeywords if the vendor reads it'],
      ['dialects/demo@2026-03.yaml:11:16', '"minLenght" is not a JSON Schema or OpenAPI keyword (did you mean "minLength"?); declare it under extensionKeywords if the vendor reads it'],
    ]);
  });

  it("accepts a vendor's own keyword it declares or derives, an x- extension and an OpenAPI field", () => {
    const text = `${HEADER}extensionKeywords: [vendorHint]\nrules:\n  - id: a\n    source: spec\n    keep: [type, vendorHint, nullable, x-order, propertyOrdering]\n  - id: b\n    source: spec\n    derive: { propertyOrdering: property-keys }\n`;
    expect(parseRuleFile(text, 'demo@2026-03.yaml').data.extensionKeywords).toEqual(['vendorHint']);
    expect(refusal(text.replace('extensionKeywords: [vendorHint]\n', '')).diagnostics.map((d) => d.message)).toEqual([
      '"vendorHint" is not a JSON Schema or OpenAPI keyword; declare it under extensionKeywords if the vendor reads it',
    ]);
  });

  it('refuses a rename into a keyword of another meaning, and a widening rename that is not noted', () => {
    const err = refusal(`${HEADER}rules:\n  - id: a\n    source: spec\n    rename: { anyOf: oneOf, minimum: maximum }\n  - id: b\n    source: spec\n    rename: { oneOf: anyOf }\n`);
    expect(err.diagnostics.map((d) => [d.path, d.message.split(';')[0]])).toEqual([
      ['dialects/demo@2026-03.yaml:13:22', 'rename anyOf to oneOf changes what the spelling accepts (a reader applies oneOf by its own meaning)'],
      ['dialects/demo@2026-03.yaml:13:38', 'rename minimum to maximum changes what the spelling accepts (a reader applies maximum by its own meaning)'],
      ['dialects/demo@2026-03.yaml:16:22', 'rename oneOf to anyOf accepts more than oneOf does'],
    ]);
    // The same meaning, between annotations, a noted widening, and into a vendor's own keyword are fine.
    const fine = `${HEADER}extensionKeywords: [vendorDefs]\nrules:\n  - id: a\n    source: spec\n    rename: { definitions: $defs, examples: example, $defs: vendorDefs }\n  - id: b\n    source: spec\n    rename: { oneOf: anyOf, exclusiveMinimum: minimum }\n    noteOnRename: true\n`;
    expect(() => parseRuleFile(fine, 'demo@2026-03.yaml')).not.toThrow();
  });

  it('refuses an any-value spell that is no valid schema or references what no output holds', () => {
    const refs = `  - id: refs\n    source: spec\n    references: { mode: keep, cycles: keep }\n`;
    const err = refusal(`${HEADER}rules:\n${refs}  - id: a\n    source: spec\n    anyValue:\n      spell: { anyOf: [{ type: strng }, { type: array, items: { $ref: "#/$defs/Other" } }] }\n      defineAs: JsonValue\n`);
    expect(err.diagnostics.map((d) => [d.path, d.message])).toEqual([
      ['dialects/demo@2026-03.yaml:17:32', 'anyValue.spell is not a valid schema: Not a valid 2020-12 schema: "type" must be one of ["array","boolean","integer","null","number","object","string"], or must be array.'],
      ['dialects/demo@2026-03.yaml:17:71', 'anyValue.spell references "#/$defs/Other", which no output holds: the spell may reference only its own definition ("#/$defs/JsonValue")'],
    ]);
    // Its own definition, under the file's prefix, is what a spell may reference.
    expect(() => parseRuleFile(`${HEADER}rules:\n${refs}  - id: a\n    source: spec\n    anyValue:\n      spell: { anyOf: [{ type: string }, { type: array, items: { $ref: "#/$defs/JsonValue" } }] }\n      defineAs: JsonValue\n`, 'demo@2026-03.yaml')).not.toThrow();
  });

  it('refuses a reference prefix that does not lead into the definitions keyword', () => {
    const err = refusal(`${HEADER}rules:\n  - id: refs\n    source: spec\n    references: { mode: keep, definitionsKeyword: defs }\n`);
    expect(err.diagnostics.map((d) => [d.path, d.message])).toEqual([
      ['dialects/demo@2026-03.yaml:13:17', 'references: refPrefix "#/$defs/" does not lead into definitionsKeyword "defs"; every kept definition would be referenced where it is not written. Write refPrefix: "#/defs/"'],
    ]);
    expect(() => parseRuleFile(`${HEADER}rules:\n  - id: refs\n    source: spec\n    references: { mode: keep, definitionsKeyword: defs, refKeyword: ref, refPrefix: "#/defs/" }\n`, 'demo@2026-03.yaml')).not.toThrow();
  });

  it('refuses a file whose name does not match its header', () => {
    const err = refusal(HEADER, 'dialects/demo@2026-04.yaml');
    expect(err.diagnostics[0]?.message).toContain('does not match its header demo@2026-03');
    expect(err.diagnostics[0]?.path).toBe('dialects/demo@2026-04.yaml:1:10');
  });

  it('refuses a YAML number that JSON has not (.inf, -.inf, .nan) where it stands, in a free-form value too', () => {
    // An any-value spell is written into schemas as it is: zod's own types do not reach inside it.
    const err = refusal(`${HEADER}rules:\n  - id: a\n    source: spec\n    anyValue:\n      spell: { type: number, maximum: .inf, minimum: -.inf }\n  - id: b\n    source: spec\n    keepWhen: { minimum: { in: [.nan] } }\n`);
    expect(err.diagnostics.map((d) => [d.path, d.message])).toEqual([
      ['dialects/demo@2026-03.yaml:14:39', 'bad value at rules[0].anyValue.spell.maximum: Infinity is not a JSON number; a rule file holds JSON data only'],
      ['dialects/demo@2026-03.yaml:14:54', 'bad value at rules[0].anyValue.spell.minimum: -Infinity is not a JSON number; a rule file holds JSON data only'],
      ['dialects/demo@2026-03.yaml:17:33', 'bad value at rules[1].keepWhen.minimum.in[0]: NaN is not a JSON number; a rule file holds JSON data only'],
    ]);
    // Finite numbers in the same places are fine.
    expect(() => parseRuleFile(`${HEADER}rules:\n  - id: a\n    source: spec\n    anyValue:\n      spell: { type: number, maximum: 1e308 }\n`, 'demo@2026-03.yaml')).not.toThrow();
  });

  it('refuses an alias to an anchor around it (a value that contains itself) at the alias, and nothing walks it further', () => {
    const inSpell = refusal(`${HEADER}rules:\n  - id: a\n    source: spec\n    anyValue:\n      spell: &s { type: object, properties: { again: *s } }\n`);
    expect(inSpell.diagnostics.map((d) => [d.path, d.message])).toEqual([
      ['dialects/demo@2026-03.yaml:14:54', 'bad value at rules[0].anyValue.spell.properties.again: an alias to an anchor around it makes a value that contains itself; a rule file holds JSON data only'],
    ]);
    // Under a key the schema does not know: still the cycle, not a stack overflow in the checks after.
    const elsewhere = refusal(`${HEADER}rules:\n  - id: a\n    source: spec\n    drop: [title]\n    x: &b [*b]\n`);
    expect(elsewhere.diagnostics.map((d) => d.path)).toEqual(['dialects/demo@2026-03.yaml:14:12']);
    // One anchor named twice side by side is no cycle: accepted, as JSON that repeats a value.
    const shared = parseRuleFile(`${HEADER}rules:\n  - id: a\n    source: spec\n    anyValue:\n      spell: { anyOf: [&t { type: string }, *t] }\n`, 'demo@2026-03.yaml');
    expect(shared.data.rules[0]?.anyValue?.spell).toEqual({ anyOf: [{ type: 'string' }, { type: 'string' }] });
  });

  it('refuses an alias to no anchor, and aliases past the expansion limit, at the alias (yaml itself gives no position)', () => {
    const unknown = refusal(`${HEADER}rules:\n  - id: a\n    source: spec\n    drop: [title, *nowhere]\n`);
    expect(unknown.diagnostics.map((d) => [d.path, d.message])).toEqual([['dialects/demo@2026-03.yaml:13:19', 'YAML: Unresolved alias (the anchor must be set before the alias): nowhere']]);
    // Each level doubles the one before: 2^12 copies from a few lines (an expansion attack).
    const levels = Array.from({ length: 12 }, (_, i) => `x${i + 1}: &a${i + 1} [*a${i}, *a${i}]`).join('\n');
    const laughs = refusal(`${HEADER}rules:\n  - id: a\n    source: spec\n    drop: [title]\nx0: &a0 [1, 1]\n${levels}\n`);
    expect(laughs.diagnostics.map((d) => [d.path, d.message])).toEqual([['dialects/demo@2026-03.yaml:15:10', 'YAML: Excessive alias count indicates a resource exhaustion attack']]);
  });

  it('says nesting too deep to read, at the collection the YAML parser was building, not a bare stack overflow', () => {
    const deep = refusal(`${HEADER}rules:\n  - id: a\n    source: spec\n    drop: ${'['.repeat(20000)}${']'.repeat(20000)}\n`);
    expect(deep.diagnostics.map((d) => d.message)).toEqual(['YAML: nesting too deep to read (the YAML parser ran out of stack here)']);
    expect(deep.diagnostics[0]?.path).toMatch(/^dialects\/demo@2026-03\.yaml:13:\d+$/);
    // Said once, however much stack the caller left: with less of it the parser also reported the
    // overflow at a second collection, and the file got the same message twice.
    const nested = (depth: number): DialectError => (depth === 0 ? refusal(`${HEADER}rules:\n  - id: a\n    source: spec\n    drop: ${'['.repeat(20000)}${']'.repeat(20000)}\n`) : nested(depth - 1));
    for (let depth = 0; depth <= 2000; depth += 100) expect(nested(depth).diagnostics.map((d) => d.message), `${depth} frames in`).toEqual(['YAML: nesting too deep to read (the YAML parser ran out of stack here)']);
  });

  it('reports a YAML number JSON has not beside the schema problems of the same file', () => {
    const err = refusal(`${HEADER}rules:\n  - id: a\n    source: spec\n    anyValue:\n      spell: { maximum: .nan }\n    colour: red\n`);
    expect(err.diagnostics.map((d) => d.message)).toEqual([
      'bad value at rules[0].anyValue.spell.maximum: NaN is not a JSON number; a rule file holds JSON data only',
      'unknown key "colour" in rules[0]',
    ]);
  });

  it('refuses broken YAML with its position', () => {
    const err = refusal(`${HEADER}rules: [\n`);
    expect(err.diagnostics[0]?.message).toMatch(/^YAML: /);
    expect(err.diagnostics[0]?.path).toMatch(/^dialects\/demo@2026-03\.yaml:\d+:\d+$/);
  });

  it('refuses an invalid regular expression and an unsupported JSONPath', () => {
    const err = refusal(`${HEADER}rules:\n  - id: a\n    source: spec\n    keepWhen: { pattern: { notMatching: ["(?<="] } }\n  - id: b\n    source: spec\n    given: "$..[?(@.type > )]"\n    drop: [minimum]\n`);
    expect(err.diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('not a valid regular expression'), expect.stringContaining('given: ')]);
  });

  it('reports every problem of a file at once', () => {
    const err = refusal(`${HEADER}colour: red\nrules:\n  - id: A\n    source: nowhere\n    drop: [title]\n`);
    expect(err.diagnostics.length).toBeGreaterThanOrEqual(2);
  });
});
