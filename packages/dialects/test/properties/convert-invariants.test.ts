// Laws that hold for every conversion into every loaded dialect, on generated schemas and on the
// real corpus tools: no throw, a well-formed result, the input untouched, byte-identical repeats,
// and output that is fresh plain JSON data.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert, type Dialect } from '@redouble/dialects';
import { corpusTools, dialects, expectWellFormed, runs } from './fixtures.js';
import { anyInput } from './inputs.js';
import { isPlainJson, objectsIn, orderedEqual } from './json-tools.js';

function checkInvariants(input: unknown, dialect: Dialect): void {
  const before = structuredClone(input);
  const result = convert(input, dialect);
  expectWellFormed(result, input);

  if (!orderedEqual(input, before)) expect.fail(`${dialect.id} mutated its input`);

  const again = convert(input, dialect);
  const copy = convert(structuredClone(input), dialect);
  const text = JSON.stringify(result);
  expect(JSON.stringify(again)).toBe(text);
  expect(JSON.stringify(copy)).toBe(text);

  if (result.output !== undefined) {
    expect(isPlainJson(result.output)).toBe(true);
    expect(orderedEqual(JSON.parse(JSON.stringify(result.output)), result.output)).toBe(true);
    const inputObjects = objectsIn(input);
    for (const o of objectsIn(result.output)) if (inputObjects.has(o)) expect.fail(`${dialect.id} output shares an object with the input`);
  }
}

describe('convert invariants on generated schemas', () => {
  for (const dialect of dialects) {
    it(`${dialect.id}: never throws, well-formed, input untouched, deterministic, fresh JSON`, () => {
      fc.assert(
        fc.property(anyInput, (input) => checkInvariants(input, dialect)),
        runs(100),
      );
    });
  }
});

describe('convert invariants on the corpus tools', () => {
  const tools = corpusTools();
  it('reads the whole corpus', () => {
    expect(tools.length).toBe(881);
  });
  // A sample per dialect keeps the suite fast; the corpus check elsewhere converts every tool once.
  for (const dialect of dialects) {
    it(`${dialect.id}: sampled corpus tools`, () => {
      fc.assert(
        fc.property(fc.constantFrom(...tools), ({ file, tool }) => {
          try {
            checkInvariants(tool, dialect);
          } catch (err) {
            throw new Error(`${file}: ${(err as Error).message}`, { cause: err });
          }
        }),
        runs(100),
      );
    });
  }
});
