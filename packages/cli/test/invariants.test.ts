/**
 * Each invariant `dialects test` applies can fail: a real conversion passes it, and the same result
 * with one thing broken (a keyword the rules drop, a description replaced, a rule dropped in
 * silence, a frozen version changed by a loaded folder) is caught and named.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convert, loadDialects, type ConvertResult } from '@redouble/dialects';
import { CaseRun, checkInvariants, INVARIANTS, outputAsAuthored, type CaseSet } from '../src/index.js';
import { conformanceInput, repoRoot } from './run-cli.js';
import { folderWith } from './user-dialect.js';

const registry = loadDialects();
const gemini = registry.get('gemini');
const input = JSON.parse(readFileSync(conformanceInput('vendor-version-difference'), 'utf8')) as Record<string, unknown>;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function broken(edit: (output: { properties: Record<string, Record<string, unknown>> }) => void): ConvertResult {
  const result = clone(convert(input, gemini));
  edit(result.output as { properties: Record<string, Record<string, unknown>> });
  return result;
}

describe('the invariants', () => {
  it('hold for real conversions in every bundled dialect', () => {
    for (const info of registry.list()) {
      const dialect = registry.get(info.id);
      expect(checkInvariants({ dialect, input, result: convert(input, dialect) }), info.id).toEqual([]);
    }
  });

  it('catch a keyword that no rule keeps or produces, and one a rule drops', () => {
    const problems = checkInvariants({ dialect: gemini, input, result: broken((o) => (o.properties.count!.minimum = 1)) });
    expect(problems).toEqual(['keywords-kept-or-produced: /properties/count: "minimum" is written, but a rule of gemini@2026-10 drops or renames it']);
    const unknown = checkInvariants({ dialect: gemini, input, result: broken((o) => (o.properties.count!.exclusiveFoo = 1)) });
    expect(unknown).toEqual(['keywords-kept-or-produced: /properties/count: "exclusiveFoo" is written, but no rule of gemini@2026-10 keeps or produces it']);
    // a dialect that keeps what no rule mentions accepts the same unknown keyword
    const canonical = registry.get('canonical');
    const kept = clone(convert(input, canonical));
    (kept.output as { properties: { count: Record<string, unknown> } }).properties.count.exclusiveFoo = 1;
    expect(checkInvariants({ dialect: canonical, input, result: kept })).toEqual([]);
  });

  it("catch an author's description that is replaced or no longer first", () => {
    const withAuthor = { ...input, properties: { ...(input.properties as object), day: { type: 'string', format: 'date', description: 'The day.' } } };
    const result = clone(convert(withAuthor, gemini));
    expect(checkInvariants({ dialect: gemini, input: withAuthor, result })).toEqual([]);
    const day = (result.output as { properties: { day: { description: string } } }).properties.day;
    day.description = `Must be an ISO-8601 date. The day.`;
    expect(checkInvariants({ dialect: gemini, input: withAuthor, result })).toEqual([
      'author-description-first: /properties/day: the author\'s description "The day." is not first in "Must be an ISO-8601 date. The day."',
    ]);
  });

  it('catch a rule dropped with neither its sentence nor a diagnostic', () => {
    const problems = checkInvariants({ dialect: gemini, input, result: broken((o) => delete o.properties.count!.description) });
    expect(problems).toEqual(['dropped-rule-told: /properties/count: "minimum" is dropped with neither its sentence nor a diagnostic']);
    // a diagnostic at the node is enough
    const told = broken((o) => delete o.properties.count!.description);
    told.diagnostics.push({ code: 'rule-lost', severity: 'warning', message: 'minimum lost', path: '/properties/count/minimum' });
    expect(checkInvariants({ dialect: gemini, input, result: told })).toEqual([]);
  });

  it('catch an outputSchema published as authored that is not the canonical one, and judge it by no keyword rule', () => {
    const tool = { name: 't', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { byId: { type: 'object', additionalProperties: { type: 'number', minimum: 0 } } } } };
    const anthropic = registry.get('anthropic_strict');
    expect(outputAsAuthored(anthropic)).toBe(true);
    expect(outputAsAuthored(gemini)).toBe(false);
    // minimum is a keyword anthropic_strict drops; in the author's output schema it is no finding
    const result = clone(convert(tool, anthropic));
    expect(checkInvariants({ dialect: anthropic, input: tool, result })).toEqual([]);
    (result.output as { outputSchema: { additionalProperties?: boolean } }).outputSchema.additionalProperties = false;
    expect(checkInvariants({ dialect: anthropic, input: tool, result })).toEqual(['output-schema-as-authored: /outputSchema: differs from the canonical outputSchema']);
  });

  it('take a const object spelled out as pinned properties for the const, and catch one that pins another value', () => {
    const strict = registry.get('anthropic_strict');
    const pinned = { type: 'object', properties: { preset: { const: { mode: 'fast', n: 1 } } }, additionalProperties: false };
    const result = clone(convert(pinned, strict));
    expect(checkInvariants({ dialect: strict, input: pinned, result })).toEqual([]);
    (result.output as { properties: { preset: { properties: { n: { const: number } } } } }).properties.preset.properties.n.const = 2;
    expect(checkInvariants({ dialect: strict, input: pinned, result })).toContain('dropped-rule-told: /properties/preset: "const" is dropped with neither its sentence nor a diagnostic');
  });

  it('take enum values told one per union branch (a dialect that drops enum), and catch a branch that says none', () => {
    const yaml = ['dialect: no_enum_reader', 'version: "2026-12"', 'status: draft', 'summary: gemini without enum.', 'extends: gemini@2026-10',
      'sources:', '  page:', '    url: https://example.com/page', '    title: A page', '    read: 2026-12-05',
      'rules:', '  - id: no-enum', '    source: page', '    description: drops enum', '    drop: [enum]', ''].join('\n');
    const dialect = loadDialects({ dirs: [folderWith({ 'no_enum_reader@2026-12.yaml': yaml })] }).get('no_enum_reader');
    const theme = { type: 'object', properties: { theme: { enum: ['dark', { background: '#000' }, null] } } };
    const result = clone(convert(theme, dialect));
    expect(checkInvariants({ dialect, input: theme, result })).toEqual([]);
    const branches = (result.output as { properties: { theme: { anyOf: { description?: string }[] } } }).properties.theme.anyOf;
    expect(branches.length).toBeGreaterThan(1);
    for (const b of branches) delete b.description;
    expect(checkInvariants({ dialect, input: theme, result })).toContain('dropped-rule-told: /properties/theme: "enum" is dropped with neither its sentence nor a diagnostic');
  });

  it('catch a sentence that contradicts the canonical schema (the engine sentence checker)', () => {
    const lying = broken((o) => (o.properties.count!.description = 'Must be at least 5.'));
    const problems = checkInvariants({ dialect: gemini, input, result: lying });
    expect(problems.length).toBe(1);
    expect(problems[0]).toMatch(/^sentences-true: \/properties\/count/);
  });

  it('catch a diagnostic whose pointer names nothing in the input', () => {
    const result = clone(convert(input, gemini));
    result.diagnostics.push({ code: 'any-value-narrowed', severity: 'warning', message: 'm', path: '/properties/count/properties/phone' });
    expect(checkInvariants({ dialect: gemini, input, result })).toEqual(['diagnostics-point-into-input: any-value-narrowed at /properties/count/properties/phone, which names nothing in the input']);
  });

  it('are one list a further check joins', () => {
    expect(INVARIANTS.map((c) => c.id)).toEqual(['keywords-kept-or-produced', 'output-schema-as-authored', 'author-description-first', 'dropped-rule-told', 'sentences-true', 'diagnostics-point-into-input']);
    const extra = { id: 'always-fails', title: 'a check that finds one thing', check: () => ['found'] };
    expect(checkInvariants({ dialect: gemini, input, result: convert(input, gemini) }, [...INVARIANTS, extra])).toEqual(['always-fails: found']);
  });

  it('catch a frozen version that converts differently with a folder loaded', () => {
    // A baseline whose frozen canonical@2026-11 drops format stands for a folder that changed it.
    const changed = [
      'dialect: canonical', 'version: "2026-11"', 'status: frozen', 'summary: A canonical that drops format.',
      'sources:', '  spec:', '    url: https://example.com/spec', '    title: Spec', '    read: 2026-12-01',
      'otherKeywords: keep', 'notes:', '  - keywords: [format]', '    text: "A format."',
      'rules:', '  - id: no-format', '    source: spec', '    drop: [format]', '',
    ].join('\n');
    const baseline = loadDialects({ bundled: false, dirs: [folderWith({ 'canonical@2026-11.yaml': changed })] });
    const casesDir = join(repoRoot, 'conformance/cases');
    const set: CaseSet = { label: 'bundled', dir: casesDir, pinDir: (n) => join(casesDir, n), sentences: false };
    const run = new CaseRun(set, 'sentence-format-date', { registry, dialects: [], caseSets: [set], update: false, baseline });
    expect(run.frozenUnchanged()).toEqual(['canonical@2026-11 is frozen but converts differently with the extra dialect folders loaded']);
    const same = new CaseRun(set, 'sentence-format-date', { registry, dialects: [], caseSets: [set], update: false, baseline: registry });
    expect(same.frozenUnchanged()).toEqual([]);
  });
});
