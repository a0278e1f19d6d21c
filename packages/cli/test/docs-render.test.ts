/** The page renderer on a rule set built here, so each rule-format feature is seen on the page. */
import { describe, expect, it } from 'vitest';
import { renderDocs } from '../src/docs/generate.js';
import type { RuleFileView } from '../src/docs/rule-view.js';

const rules: RuleFileView = {
  dialect: 'sample',
  version: '2026-01',
  status: 'frozen',
  summary: 'A sample reader.',
  extends: null,
  sources: { page: { url: 'https://example.com/page', title: 'The page', read: '2026-01-05' } },
  otherKeywords: 'drop',
  notes: [
    { keywords: ['minItems'], text: 'At least {minItems} items.' },
    { keywords: ['oneOf'], text: 'Exactly one alternative.' },
    { keywords: ['pattern'], text: 'Matches a|b style {pattern}.' },
    { event: 'cycle', text: 'Repeats {name}.' },
  ],
  rules: [
    { id: 'keep-basics', source: 'page', keep: ['type', 'properties', 'items', 'enum'] },
    { id: 'few-items', source: 'page', keepWhen: { minItems: { max: 1 } } },
    { id: 'one-of', source: 'page', rename: { oneOf: 'anyOf' }, noteOnRename: true },
    { id: 'root-titles', source: 'page', scope: 'root', keep: ['title'] },
    { id: 'names', source: 'page', propertyNames: { pattern: '^[a-z]+$' } },
    { id: 'sizes', source: 'page', limits: { properties: 10, largeEnum: { over: 5, maxChars: 100 } } },
    { id: 'typeless', source: 'page', anyValue: { spell: { type: 'string' }, inferFromEnum: true, fillItems: false } },
    { id: 'non-empty-text', source: 'page', keepWhen: { minLength: { nonEmpty: true } } },
  ],
};

describe('renderDocs', () => {
  const pages = renderDocs([{ id: 'sample@2026-01', file: 'sample@2026-01.yaml', rules }], () => 'sample@2026-01');
  const page = pages.get('sample.md')!;

  it('writes one page per name and the matrix, deterministically', () => {
    expect([...pages.keys()]).toEqual(['sample.md', 'matrix.md']);
    expect(renderDocs([{ id: 'sample@2026-01', file: 'sample@2026-01.yaml', rules }], () => 'sample@2026-01')).toEqual(pages);
  });

  it('says what each keyword becomes, with its sentence', () => {
    expect(page).toContain('| `minItems` | kept when at most 1, else dropped with a sentence | "At least {minItems} items." |');
    expect(page).toContain('| `oneOf` | spelled anyOf with a sentence | "Exactly one alternative." |');
    expect(page).toContain('| `maxLength` | dropped (reported) | none: reported as a diagnostic |');
    expect(page).toContain('| `title` | kept (at the root) | none needed (not a rule) |');
    expect(page).toContain('"Matches a\\|b style {pattern}."');
  });

  it('lists sources with dates, limits, the name rule and every rule', () => {
    expect(page).toContain('| `page` | [The page](https://example.com/page) | 2026-01-05 |');
    expect(page).toContain('| properties in one schema, in total | at most 10 | `sizes` |');
    expect(page).toContain('| a string enum above 5 values | at most 100 characters | `sizes` |');
    expect(page).toContain('Property names must match `^[a-z]+$`');
    for (const r of rules.rules) expect(page).toContain(`| \`${r.id}\` |`);
    expect(page).toContain('| `cycle` | Repeats {name}. |');
    expect(page).toContain('a typeless `enum` or `const` gets the type its values share; otherwise it is spelled `{"type":"string"}` with the `any-value` sentence.');
    expect(page).toContain('| `minLength` | kept when not empty, else dropped (reported) |');
  });

  it('puts the version in the matrix with each feature', () => {
    const matrix = pages.get('matrix.md')!;
    expect(matrix).toContain('| feature | `sample@2026-01` |');
    expect(matrix).toContain('| property names | `^[a-z]+$` |');
    expect(matrix).toContain('| `minItems` | kept when at most 1, else dropped with a sentence |');
    expect(matrix).toContain('| references | as authored |');
    expect(matrix).toContain('| schemas with no type | implied type, else `{"type":"string"}` |');
  });
});
