// Law 2: the author's description comes first and is never replaced. Wherever an input node
// survives in the output, its description is the prefix of the output node's description; where
// the dialect has no room for it, a diagnostic at that node says so.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert, type Diagnostic, type Dialect } from '@redouble/dialects';
import { corpusTools, dialects, runs } from './fixtures.js';
import { anySchema } from './inputs.js';
import { nodePairs } from './description-pairs.js';

/** The input pointers whose description was not kept as a prefix and that no diagnostic names. */
function lostDescriptions(input: unknown, output: unknown, diagnostics: readonly Diagnostic[], prefix: string): string[] {
  const reported = new Set(diagnostics.map((d) => d.path));
  const lost: string[] = [];
  for (const pair of nodePairs(input, output, prefix)) {
    const own = pair.input.description;
    if (typeof own !== 'string') continue;
    const written = pair.outputs.map((o) => o.description);
    if (written.some((d) => typeof d === 'string' && d.startsWith(own))) continue;
    if (reported.has(pair.path) || reported.has(`${pair.path}/description`)) continue;
    lost.push(`${pair.path}: ${JSON.stringify(own)} -> ${JSON.stringify(written)}`);
  }
  return lost;
}

function checkSchema(schema: unknown, dialect: Dialect): void {
  const r = convert(schema, dialect);
  if (r.output === undefined) return;
  expect(lostDescriptions(schema, r.output, r.diagnostics, '')).toEqual([]);
}

describe("the author's description is kept as the prefix", () => {
  for (const dialect of dialects) {
    it(`${dialect.id}: generated schemas`, () => {
      fc.assert(
        fc.property(anySchema, (schema) => checkSchema(schema, dialect)),
        runs(100),
      );
    });

    it(`${dialect.id}: sampled corpus tools`, () => {
      fc.assert(
        fc.property(fc.constantFrom(...corpusTools()), ({ file, tool }) => {
          const r = convert(tool, dialect);
          if (r.output === undefined) return;
          const out = r.output as Record<string, unknown>;
          const lost: string[] = [];
          for (const k of ['inputSchema', 'outputSchema']) {
            if (tool[k] === undefined) continue;
            for (const l of lostDescriptions(tool[k], out[k], r.diagnostics, `/${k}`)) lost.push(`${file} ${l}`);
          }
          expect(lost).toEqual([]);
        }),
        runs(200),
      );
    });
  }
});
