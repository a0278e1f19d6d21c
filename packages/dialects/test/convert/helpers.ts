// Test dialects are real rule files written to a temporary folder and loaded the way a user's
// folder is, so every test also exercises the loader and the registry.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDialects, type Dialect } from '@redouble/dialects';

let counter = 0;

/** A dialect from a YAML `rules:` block (and optional `notes:` / header lines). */
export function dialectFrom(body: string, options: { otherKeywords?: 'keep' | 'drop'; notes?: string } = {}): Dialect {
  const dir = mkdtempSync(join(tmpdir(), 'dialects-test-'));
  const name = `test_${process.pid}_${counter++}`;
  const text = [
    `dialect: ${name}`,
    'version: "2026-01"',
    'status: draft',
    'summary: a test dialect',
    'sources:',
    '  spec:',
    '    url: https://example.com/spec',
    '    title: Spec',
    '    read: 2026-01-01',
    `otherKeywords: ${options.otherKeywords ?? 'keep'}`,
    options.notes ?? '',
    body,
  ].join('\n');
  writeFileSync(join(dir, `${name}@2026-01.yaml`), text);
  return loadDialects({ dirs: [dir], bundled: false }).get(name);
}

/** The notes of the bundled flat dialect, so test dialects speak the same sentences. */
export const STANDARD_NOTES = `notes:
  - keywords: [minimum, maximum]
    text: "Accepted range: {minimum} to {maximum}."
  - keywords: [minimum]
    text: "Must be at least {minimum}."
  - keywords: [format]
    when: { format: date }
    text: "Must be an ISO-8601 date."
  - keywords: [format]
    text: "Must be in the {format} format."
  - keywords: [additionalProperties]
    when: { additionalProperties: false }
    text: "No other properties are accepted."
  - keywords: [oneOf]
    text: "Must match exactly one of the alternatives."
  - keywords: [enum]
    text: "Must be one of: {enum}."
  - keywords: [minItems]
    text: "Must have at least {minItems} items."
  - keywords: [pattern]
    text: "Must match the regular expression {pattern}."
  - event: cycle
    text: "Repeats the structure of {name}, to any depth."
  - event: external-ref
    text: "Must match the schema at {ref}, which is not included here."
  - event: false-schema
    text: "No value is accepted here."`;

export function codes(diagnostics: readonly { code: string }[]): string[] {
  return diagnostics.map((d) => d.code);
}
