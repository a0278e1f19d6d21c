/**
 * The conformance suite: every case through every loaded dialect version, compared with its pinned
 * `expected/<dialect>@<version>.json`. `UPDATE_CONFORMANCE=1` (npm run conformance:update) re-pins;
 * review happens in the diff. A frozen version's existing pin is never rewritten. Each output is
 * also judged by the independent vendor checkers, and required sentences are looked for.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { convert, loadDialects, type ConvertResult } from '@redouble/dialects';
import { checkDialectOutput } from './checkers/index.js';
import { listCases, pinnedPath, readCaseFolder } from './runner/case-folder.js';
import { descriptions, hasKeyAnywhere, schemasIn } from './runner/output-walk.js';
import { decidePin, pinnedText } from './runner/pin.js';

const here = dirname(fileURLToPath(import.meta.url));
const casesDir = join(here, 'cases');
const update = process.env.UPDATE_CONFORMANCE === '1';
const registry = loadDialects();
const dialects = registry.list().map((info) => registry.get(info.id));
const knownIds = new Set(dialects.map((d) => d.id));

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function writeAtomically(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text, 'utf8');
  renameSync(tmp, path);
}

/** A pinned file that is not JSON still shows as a difference rather than a parse crash. */
function parseOr(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const cases = listCases(casesDir);

it('has cases', () => {
  expect(cases.length).toBeGreaterThan(0);
});

for (const name of cases) {
  const folder = readCaseFolder(casesDir, name, knownIds);
  const results = new Map<string, ConvertResult>();
  const resultFor = (id: string): ConvertResult => {
    let r = results.get(id);
    if (!r) {
      r = convert(folder.input, registry.get(id));
      results.set(id, r);
    }
    return r;
  };

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
        expect(folder.inputText, `${folder.dir}/input.json is missing`).toBeDefined();
        const before = JSON.stringify(folder.input);
        const result = resultFor(dialect.id);
        expect(JSON.stringify(folder.input), 'the caller\'s input was mutated').toBe(before);
        const again = convert(folder.input, dialect);
        const actual = pinnedText(result.output, result.diagnostics);
        expect(pinnedText(again.output, again.diagnostics), 'two conversions of the same input differ').toBe(actual);

        const path = pinnedPath(folder.dir, dialect.id);
        const current = readOrUndefined(path);
        const decision = decidePin({ path, id: dialect.id, current, actual, frozen: dialect.status === 'frozen', update });
        if (decision.action === 'write') writeAtomically(path, actual);
        if (decision.action === 'fail') {
          if (current !== undefined) expect(JSON.parse(actual), decision.message).toEqual(parseOr(current));
          expect.fail(decision.message);
        }

        // A clean result must be readable by its vendor; an error diagnostic already says it is not.
        if (result.ok && result.output !== undefined) {
          const problems = schemasIn(result.output).flatMap(({ at, schema }) => checkDialectOutput(dialect.id, schema).map((p) => `${at} ${p}`));
          expect(problems, `${dialect.id} output refused by its checkers`).toEqual([]);
        }
      });
    }

    for (const s of folder.meta?.sentences ?? []) {
      it(`writes "${s.text}" wherever ${s.whenAbsent.join('/')} is gone`, () => {
        let exercised = 0;
        for (const d of dialects) {
          const out = resultFor(d.id).output;
          if (out === undefined || hasKeyAnywhere(out, s.whenAbsent)) continue;
          exercised++;
          expect(descriptions(out).some((text) => text.includes(s.text)), `${d.id} dropped ${s.whenAbsent.join('/')} without "${s.text}"`).toBe(true);
        }
        expect(exercised, `no loaded dialect drops ${s.whenAbsent.join('/')}, so the sentence is never exercised`).toBeGreaterThan(0);
      });
    }
  });
}
