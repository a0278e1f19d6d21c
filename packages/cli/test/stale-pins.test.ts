/**
 * Pins left behind by a dialect version that no longer exists (a draft pinned, then deleted): they
 * fail the run, named once per version with where they are, but every loaded version is still
 * compared, so a real regression elsewhere is printed with its diff and the counts stay true.
 * `--update` removes them (a version that does not exist cannot be re-pinned) and says so.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDialects } from '@redouble/dialects';
import { pinnedText } from '../src/conformance/pin.js';
import { CaseRun, type CaseSet } from '../src/conformance/run-suite.js';
import { runCli } from './run-cli.js';
import { removeTempDirs, tempDir } from './user-dialect.js';

afterAll(removeTempDirs);

const FROZEN = 'openai_strict@2026-12-20';
const DRAFT = 'gemini@2026-12';
const KEEP_BOTH = 'keep: [minLength, maxLength]';
const KEEP_ONE = 'keep: [minLength]';

function edit(path: string, from: RegExp | string, to: string): void {
  const text = readFileSync(path, 'utf8');
  const next = text.replace(from, to);
  expect(next, `${path}: nothing to replace`).not.toBe(text);
  writeFileSync(path, next);
}

/** A frozen version and a draft, both pinned; then the draft's rule file is deleted, its pins stay. */
async function staleDraftFolder(): Promise<{ dir: string; frozenFile: string; staleBundled: string }> {
  const dir = tempDir();
  expect((await runCli(['new', 'openai_strict', '--dir', dir, '--version', '2026-12-20'])).code).toBe(0);
  expect((await runCli(['new', 'gemini', '--dir', dir, '--version', '2026-12'])).code).toBe(0);
  const frozenFile = join(dir, `${FROZEN}.yaml`);
  edit(frozenFile, /^status: draft.*$/m, 'status: frozen');
  edit(frozenFile, /^rules: \[\].*$/m, `rules:\n  - id: strings\n    source: vendor-page\n    ${KEEP_BOTH}`);
  const pinned = await runCli(['test', '--dialects-dir', dir, '--update']);
  expect(pinned.code, pinned.stdout).toBe(0);
  rmSync(join(dir, `${DRAFT}.yaml`));
  return { dir, frozenFile, staleBundled: join(dir, 'cases', '_bundled', '*', 'expected', `${DRAFT}.json`) };
}

/** The summary line's numbers. */
function counts(stdout: string): { cases: number; same: number; written: number; failed: number; rest: string } {
  const m = /(\d+) cases x 1 dialect version \([^)]*\): (\d+) as pinned, (\d+) pinned now, (\d+) failed(.*)\n$/.exec(stdout);
  expect(m, stdout.slice(-400)).not.toBeNull();
  return { cases: Number(m![1]), same: Number(m![2]), written: Number(m![3]), failed: Number(m![4]), rest: m![5]! };
}

describe('dialects test with pins of a version no rule file defines', () => {
  it('fails naming the version once, and still compares and prints the regression of a frozen version', async () => {
    const { dir, frozenFile, staleBundled } = await staleDraftFolder();
    edit(frozenFile, KEEP_BOTH, KEEP_ONE);

    const r = await runCli(['test', '--dialects-dir', dir]);
    expect(r.code).toBe(1);
    const c = counts(r.stdout);
    const stale = c.cases;
    expect(r.stdout).toContain(
      `FAIL ${DRAFT}: ${stale} pinned outputs of a version no loaded rule file defines (renamed or removed since): ${staleBundled}; ` +
        `restore its rule file, or run \`dialects test --dialects-dir ${dir} --update\` to remove them\n`,
    );
    // Once per version, not once per case.
    expect(r.stdout.split('\n').filter((l) => l.includes(DRAFT))).toHaveLength(1);
    // The regression is found and shown: every case compared, none set aside as a case with problems.
    expect(c.failed).toBeGreaterThan(0);
    expect(c.same + c.failed).toBe(c.cases);
    expect(c.written).toBe(0);
    expect(c.rest).toBe(`, ${stale} stale pins`);
    expect(r.stdout.match(new RegExp(`${FROZEN} no longer gives its pinned output`, 'g'))).toHaveLength(c.failed);
    expect(r.stdout).toContain('    --- pinned\n    +++ now\n');
    expect(r.stdout).toMatch(/^ {4}- +"maxLength": \d+,?$/m);

    // The same numbers as once the stale pins are gone: they hid nothing.
    const update = await runCli(['test', '--dialects-dir', dir, '--update']);
    expect(update.code).toBe(1); // the frozen version's changed pins are refused, as ever
    expect(update.stdout).toContain(`removed ${stale} pinned outputs of ${DRAFT}, which no loaded rule file defines: ${staleBundled}\n`);
    expect(update.stdout).toContain(`${FROZEN} is frozen and its pinned output would change`);
    expect(counts(update.stdout).rest).toBe(`, ${stale} stale pins removed`);
    const after = await runCli(['test', '--dialects-dir', dir]);
    expect(after.code).toBe(1);
    expect(counts(after.stdout)).toEqual({ ...c, rest: '' });
    expect(after.stdout).not.toContain(DRAFT);

    edit(frozenFile, KEEP_ONE, KEEP_BOTH);
    const fixed = await runCli(['test', '--dialects-dir', dir]);
    expect(fixed.code, fixed.stdout).toBe(0);
    expect(fixed.stdout).toMatch(new RegExp(`: ${c.cases} as pinned, 0 pinned now, 0 failed\\n$`));
  });

  it('--update removes the stale pins, own cases and bundled, says where, and the next run is clean', async () => {
    const { dir } = await staleDraftFolder();
    // An own case, pinned by both versions before the draft went.
    mkdirSync(join(dir, 'cases', 'booking', 'expected'), { recursive: true });
    writeFileSync(join(dir, 'cases', 'booking', 'input.json'), '{"type": "object", "properties": {"n": {"type": "string", "maxLength": 3}}}\n');
    writeFileSync(join(dir, 'cases', 'booking', 'case.yaml'), 'description: A bounded string.\n');
    const ownStale = join(dir, 'cases', 'booking', 'expected', `${DRAFT}.json`);
    writeFileSync(ownStale, '{}\n');
    expect((await runCli(['test', '--dialects-dir', dir, '--update'])).stdout).toMatch(/1 pinned now, 0 failed, \d+ stale pins removed\n$/);
    expect(existsSync(ownStale)).toBe(false);
    writeFileSync(ownStale, '{}\n');
    const bundledOne = join(dir, 'cases', '_bundled', 'sentence-format-date', 'expected', `${DRAFT}.json`);
    for (const p of [join(dir, 'cases', '_bundled', 'sentence-format-date'), join(dir, 'cases', 'booking')]) expect(existsSync(join(p, 'expected', `${FROZEN}.json`))).toBe(true);
    expect(existsSync(bundledOne)).toBe(false);

    // One stale file in a folder is named as itself.
    const one = await runCli(['test', '--dialects-dir', dir]);
    expect(one.code).toBe(1);
    expect(one.stdout).toContain(`FAIL ${DRAFT}: 1 pinned output of a version no loaded rule file defines (renamed or removed since): ${ownStale}; restore its rule file, or run \`dialects test --dialects-dir ${dir} --update\` to remove it\n`);
    expect(one.stdout).toMatch(/: (\d+) as pinned, 0 pinned now, 0 failed, 1 stale pin\n$/);

    const update = await runCli(['test', '--dialects-dir', dir, '--update']);
    expect(update.code, update.stdout).toBe(0);
    expect(update.stdout).toContain(`removed 1 pinned output of ${DRAFT}, which no loaded rule file defines: ${ownStale}\n`);
    expect(update.stdout).toMatch(/: (\d+) as pinned, 0 pinned now, 0 failed, 1 stale pin removed\n$/);
    expect(existsSync(ownStale)).toBe(false);
    const clean = await runCli(['test', '--dialects-dir', dir]);
    expect(clean.code, clean.stdout).toBe(0);
    expect(clean.stdout).toMatch(/: (\d+) as pinned, 0 pinned now, 0 failed\n$/);
  });
});

describe('a case folder with a stale pin, as the repository suite reads it', () => {
  it('lists the stale pin among the folder problems, yet still compares each loaded version', () => {
    const root = tempDir();
    const dir = join(root, 'c');
    const registry = loadDialects();
    const dialect = registry.get(registry.list()[0]!.id);
    mkdirSync(join(dir, 'expected'), { recursive: true });
    writeFileSync(join(dir, 'input.json'), '{"type": "object"}\n');
    writeFileSync(join(dir, 'case.yaml'), 'description: x\n');
    writeFileSync(join(dir, 'expected', 'gone@1999-01.json'), '{}\n');
    writeFileSync(join(dir, 'expected', `${dialect.id}.json`), pinnedText({ type: 'string' }, []));
    const set: CaseSet = { label: 'repo', dir: root, pinDir: (name) => join(root, name), sentences: false };
    const run = new CaseRun(set, 'c', { registry, dialects: [dialect], caseSets: [set], update: false });

    expect(run.folder.problems).toEqual([`${join(dir, 'expected', 'gone@1999-01.json')}: pinned for gone@1999-01, which no loaded rule file defines (delete it, or restore the dialect version)`]);
    expect(run.folder.stalePins).toEqual([{ id: 'gone@1999-01', path: join(dir, 'expected', 'gone@1999-01.json') }]);
    expect(run.caseProblems()).toEqual([]);
    const outcome = run.checkPin(dialect);
    expect(outcome.status).toBe('failed');
    expect(outcome.problems[0]).toContain(`${dialect.id} no longer gives its pinned output`);
    expect(outcome.diff).not.toBe('');
  });
});
