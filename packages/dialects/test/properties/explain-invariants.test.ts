// explain() on generated schemas and corpus tools, every loaded dialect: it never throws, every
// entry is well formed and points into the input, the input is untouched, a repeat is identical,
// and what it calls "described" is a sentence that convert really wrote.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { describedIsWritten, keywordMatchesPath, oneOutcomeEach, pathsResolve, wellFormed, type Check } from './explain-checks.js';
import { corpusTools, dialects, runs } from './fixtures.js';
import { anyInput } from './inputs.js';


const CHECKS: [string, Check][] = [
  ['never throws, well-formed entries, input untouched, deterministic', wellFormed],
  ['every entry path resolves in the input', pathsResolve],
  ['every kept/renamed/described entry names the keyword at its path', keywordMatchesPath],
  ['every "described" sentence is in the converted output', describedIsWritten],
  ['one outcome per keyword (kept, renamed or described)', oneOutcomeEach],
];

describe('explain invariants', () => {
  const tools = corpusTools();
  for (const dialect of dialects) {
    for (const [title, check] of CHECKS) {
      it(`${dialect.id}: ${title}`, () => {
        fc.assert(
          fc.property(anyInput, (input) => check(input, dialect)),
          runs(30),
        );
        fc.assert(
          fc.property(fc.constantFrom(...tools), ({ tool }) => check(tool, dialect)),
          runs(20),
        );
      });
    }
  }
});
