// The judge asserts `format` (as the MCP TypeScript SDK's validator does), so it must never refuse a
// value the format's RFC admits: 2020-12 makes format an annotation by default, and a checker more
// lenient than the RFC only accepts what the canonical schema accepts anyway. Checked against the
// JSON-Schema-Test-Suite's optional format tests (round 27: valid e-mail addresses, a date-time with
// fifteen nines of fraction and RFC 6570 templates were refused).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createJudge } from '../../src/index.js';

const dir = join(import.meta.dirname, '../../../../corpus/json-schema-test-suite/tests/draft2020-12/optional/format');
// Checked exactly (both ways) since format-checks.ts replaced ajv-formats' checks for them.
const EXACT = new Set(['date-time.json', 'email.json', 'uri-template.json', 'date.json', 'time.json', 'ipv4.json', 'ipv6.json', 'json-pointer.json']);

interface SuiteCase {
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}

describe('the judge on the suite\'s optional format tests', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  it('has the format files', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
  });
  for (const file of files) {
    it(`${file}: no valid value refused${EXACT.has(file) ? ', no invalid one accepted' : ''}`, () => {
      const refusedValid: string[] = [];
      const acceptedInvalid: string[] = [];
      for (const c of JSON.parse(readFileSync(join(dir, file), 'utf8')) as SuiteCase[]) {
        const judge = createJudge({ name: 'f', inputSchema: { type: 'object', properties: { v: c.schema } } });
        for (const t of c.tests) {
          const ok = judge.checkArguments({ v: t.data }, { decodeNulls: false }).ok;
          if (t.valid && !ok) refusedValid.push(`${t.description}: ${JSON.stringify(t.data)}`);
          if (!t.valid && ok) acceptedInvalid.push(`${t.description}: ${JSON.stringify(t.data)}`);
        }
      }
      expect(refusedValid).toEqual([]);
      if (EXACT.has(file)) expect(acceptedInvalid).toEqual([]);
    });
  }
});
