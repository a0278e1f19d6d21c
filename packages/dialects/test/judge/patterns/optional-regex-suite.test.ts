// The JSON-Schema-Test-Suite's optional regex files, 2020-12 and draft-07: patterns mean what
// ECMA-262 says with the u flag. Each case skipped here names the JavaScript limit behind it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createJudge } from '../../../src/judge/create-judge.js';

const suite = join(import.meta.dirname, '../../../../../corpus/json-schema-test-suite/tests');

// None needed today; an entry is "case / test" -> the JavaScript limit behind the skip.
const SKIPPED: Record<string, string> = {};

interface SuiteCase {
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}

for (const [dir, draft] of [
  ['draft2020-12', '2020-12'],
  ['draft7', 'draft-07'],
] as const) {
  describe(`JSON-Schema-Test-Suite ${dir} optional`, () => {
    for (const file of ['ecmascript-regex.json', 'non-bmp-regex.json']) {
      it(file, async () => {
        const cases = JSON.parse(readFileSync(join(suite, dir, 'optional', file), 'utf8')) as SuiteCase[];
        let judged = 0;
        let total = 0;
        for (const c of cases) {
          // Property escapes run in the worker: a generous time, so a busy machine never decides a verdict.
          const judge = createJudge({ inputSchema: c.schema }, { requireObjectArguments: false, defaultDraft: draft, patternTimeLimitMs: 10_000 });
          for (const t of c.tests) {
            const name = `${c.description} / ${t.description}`;
            total++;
            if (SKIPPED[name]) continue;
            expect(judge.checkArguments(t.data, { decodeNulls: false }).ok, name).toBe(t.valid);
            expect((await judge.checkArgumentsAsync(t.data, { decodeNulls: false })).ok, `async: ${name}`).toBe(t.valid);
            judged++;
          }
        }
        expect(judged).toBe(total - Object.keys(SKIPPED).length);
        expect(judged).toBeGreaterThan(10);
      });
    }
  });
}
