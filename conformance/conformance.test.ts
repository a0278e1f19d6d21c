/**
 * The conformance suite: every case through every bundled dialect version, compared with its pinned
 * `expected/<dialect>@<version>.json`. It runs on the same runner as `dialects test`
 * (packages/cli/src/conformance), one test per case and dialect; `UPDATE_CONFORMANCE=1`
 * (npm run conformance:update) re-pins, and review happens in the diff. A frozen version's existing
 * output is never rewritten (its diagnostics may be, for an engine fix). Each output is also judged by the independent vendor checkers and the
 * invariants, and required sentences are looked for.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDialects } from '@redouble/dialects';
import { CaseRun, listCases, type CaseSet, type SuiteOptions } from '@redouble/dialects-cli';
import { checkDialectOutput } from './checkers/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const casesDir = join(here, 'cases');
const registry = loadDialects();
const dialects = registry.list().map((info) => registry.get(info.id));
const set: CaseSet = { label: 'bundled', dir: casesDir, pinDir: (name) => join(casesDir, name), sentences: true };
const options: SuiteOptions = {
  registry,
  dialects,
  caseSets: [set],
  update: process.env.UPDATE_CONFORMANCE === '1',
  rerun: 'npm run conformance:update',
  outputChecks: checkDialectOutput,
};

/** A pinned file that is not JSON still shows as a difference rather than a parse crash. */
function parseOr(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return text;
  }
}

const cases = listCases(casesDir);

it('has cases', () => {
  expect(cases.length).toBeGreaterThan(0);
});

for (const name of cases) {
  const run = new CaseRun(set, name, options);
  const { folder } = run;

  describe(name, () => {
    it('is a complete case folder', () => {
      expect(folder.problems).toEqual([]);
    });

    // A real tool must stay exactly what the server published, so its case names the corpus file.
    const copied = /copied byte for byte from (corpus\/tools\/\S+?\.json)/.exec(folder.meta?.description ?? '')?.[1];
    if (copied !== undefined) {
      it(`is a byte-for-byte copy of ${copied}`, () => {
        expect(folder.inputText).toBe(readFileSync(join(here, '..', copied), 'utf8'));
      });
    }

    for (const dialect of dialects) {
      it(dialect.id, () => {
        const outcome = run.checkPin(dialect);
        if (outcome.diff !== '') expect(JSON.parse(outcome.actual), outcome.problems.join('\n')).toEqual(parseOr(outcome.pinned));
        expect(outcome.problems).toEqual([]);
      });
    }

    if ((folder.meta?.sentences ?? []).length > 0) {
      it('writes its sentences wherever a dialect drops their keywords', () => {
        expect(run.sentenceProblems(dialects)).toEqual([]);
      });
    }
  });
}
