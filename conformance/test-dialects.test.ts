/**
 * The rule shapes of the test dialects (conformance/test-dialects/*.yaml, never bundled): every case
 * of conformance/test-dialects/cases through every test dialect, compared with its pinned
 * `expected/<dialect>@<version>.json` (`npm run conformance:update` re-pins, as for the bundled
 * suite), on the same runner as `dialects test --dialects-dir conformance/test-dialects` (the
 * invariants included). Loading the folder must leave every bundled dialect's output byte-identical.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { convert, loadDialects } from '@redouble/dialects';
import { CaseRun, listCases, type CaseSet, type SuiteOptions } from '@redouble/dialects-cli';

const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, 'test-dialects');
const casesDir = join(dir, 'cases');
const registry = loadDialects({ dirs: [dir] });
const bundled = loadDialects();
const testDialects = registry.list().filter((d) => resolve(dirname(d.file)) === resolve(dir)).map((d) => registry.get(d.id));
const set: CaseSet = { label: 'test-dialects', dir: casesDir, pinDir: (name) => join(casesDir, name), sentences: false };
const options: SuiteOptions = {
  registry,
  dialects: testDialects,
  caseSets: [set],
  update: process.env.UPDATE_CONFORMANCE === '1',
  rerun: 'npm run conformance:update',
  baseline: bundled,
};

it('loads the test dialects from their folder', () => {
  expect(testDialects.map((d) => d.id).sort()).toEqual(['test_extends@2026-12', 'test_shapes@2026-12']);
});

for (const name of listCases(casesDir)) {
  const run = new CaseRun(set, name, options);
  describe(name, () => {
    it('is a complete case folder', () => {
      expect(run.folder.problems).toEqual([]);
    });
    for (const dialect of testDialects) {
      it(dialect.id, () => {
        const outcome = run.checkPin(dialect);
        if (outcome.diff !== '' && outcome.pinned !== undefined) expect(JSON.parse(outcome.actual), outcome.problems.join('\n')).toEqual(JSON.parse(outcome.pinned));
        expect(outcome.problems).toEqual([]);
      });
    }
    it('leaves every bundled dialect as it is', () => {
      expect(run.frozenUnchanged()).toEqual([]);
      for (const info of bundled.list()) {
        expect(JSON.stringify(convert(run.folder.input, registry.get(info.id))), info.id).toBe(JSON.stringify(convert(run.folder.input, bundled.get(info.id))));
      }
    });
  });
}
