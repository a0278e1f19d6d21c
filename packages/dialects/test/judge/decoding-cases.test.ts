// Conformance-style cases for null decoding (decoding-cases/*.json, one decision each, README):
// each file holds a canonical schema and calls as a null-sending caller makes them, with the value
// the handler must receive or the pointers of the refusal.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createJudge } from '../../src/judge/create-judge.js';

interface DecodingCase {
  description: string;
  schema: unknown;
  /** The codes judge.warm() reports (none unless listed). */
  warm?: string[];
  calls: ({ sent: unknown; ok: true; value: unknown } | { sent: unknown; ok: false; paths: string[] })[];
}

const dir = join(import.meta.dirname, 'decoding-cases');

describe('decoding cases', () => {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const c = JSON.parse(readFileSync(join(dir, file), 'utf8')) as DecodingCase;
    it(`${file.slice(0, -5)}: ${c.description}`, () => {
      const judge = createJudge({ inputSchema: c.schema });
      expect(judge.warm().map((d) => d.code)).toEqual(c.warm ?? []);
      for (const call of c.calls) {
        const sent = JSON.stringify(call.sent);
        const r = judge.checkArguments(call.sent, { decodeNulls: true });
        if (call.ok) {
          expect(r, sent).toEqual({ ok: true, value: call.value });
          // What the handler receives is what a canonical caller could have sent.
          expect(judge.checkArguments(call.value, { decodeNulls: false }).ok, sent).toBe(true);
        } else {
          expect(!r.ok && r.violations.map((v) => v.path), sent).toEqual(call.paths);
        }
        expect(JSON.stringify(call.sent), 'the caller\'s document is never changed').toBe(sent);
      }
    });
  }
});
