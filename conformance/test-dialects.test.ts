/**
 * The rule shapes of the test dialects (conformance/test-dialects/*.yaml, never bundled): every case
 * of conformance/test-dialects/cases through every test dialect, compared with its pinned
 * `expected/<dialect>@<version>.json` (`npm run conformance:update` re-pins, as for the bundled
 * suite). Loading the folder must leave every bundled dialect's output byte-identical.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { convert, loadDialects } from '@redouble/dialects';
import { listCases, pinnedPath, readCaseFolder } from './runner/case-folder.js';
import { decidePin, pinnedText } from './runner/pin.js';

const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, 'test-dialects');
const casesDir = join(dir, 'cases');
const update = process.env.UPDATE_CONFORMANCE === '1';
const registry = loadDialects({ dirs: [dir] });
const bundled = loadDialects();
const testDialects = registry.list().filter((d) => resolve(dirname(d.file)) === resolve(dir)).map((d) => registry.get(d.id));
const knownIds = new Set(testDialects.map((d) => d.id));

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

it('loads the test dialects from their folder', () => {
  expect([...knownIds].sort()).toEqual(['test_extends@2026-12', 'test_shapes@2026-12']);
});

for (const name of listCases(casesDir)) {
  const folder = readCaseFolder(casesDir, name, knownIds);
  describe(name, () => {
    it('is a complete case folder', () => {
      expect(folder.problems).toEqual([]);
    });
    for (const dialect of testDialects) {
      it(dialect.id, () => {
        const result = convert(folder.input, dialect);
        const actual = pinnedText(result.output, result.diagnostics);
        const path = pinnedPath(folder.dir, dialect.id);
        const current = readOrUndefined(path);
        const decision = decidePin({ path, id: dialect.id, current, actual, frozen: dialect.status === 'frozen', update });
        if (decision.action === 'write') {
          mkdirSync(dirname(path), { recursive: true });
          writeFileSync(`${path}.tmp`, actual);
          renameSync(`${path}.tmp`, path);
        }
        if (decision.action === 'fail') {
          if (current !== undefined) expect(JSON.parse(actual), decision.message).toEqual(JSON.parse(current));
          expect.fail(decision.message);
        }
      });
    }
    it('leaves every bundled dialect as it is', () => {
      for (const info of bundled.list()) {
        expect(JSON.stringify(convert(folder.input, registry.get(info.id))), info.id).toBe(JSON.stringify(convert(folder.input, bundled.get(info.id))));
      }
    });
  });
}
