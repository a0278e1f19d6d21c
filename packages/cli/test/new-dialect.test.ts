/**
 * The "done when": a new dialect is added by dropping a YAML file into a folder passed with
 * --dialects-dir, with no code change, and converts a schema; a broken file is refused with file:line.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { conformanceInput, runCli } from './run-cli.js';
import { USER_DIALECT, folderWith, removeTempDirs } from './user-dialect.js';

afterAll(removeTempDirs);

describe('a dialect added as a YAML file', () => {
  const dir = folderWith({ 'acme_inline@2026-11.yaml': USER_DIALECT });

  it('converts a recursive schema by its rules: references inlined, the cycle broken with its own sentence', async () => {
    const r = await runCli(['convert', '--dialects-dir', dir, '--dialect', 'acme_inline', conformanceInput('sentence-recursion-node')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/"\$ref"|"\$defs"/);
    expect(r.stdout).toContain('Acme says: nests like Node.');
  });

  it('drops a date format with the sentence its file wrote, under its pinned name too', async () => {
    for (const name of ['acme_inline', 'acme_inline@2026-11']) {
      const r = await runCli(['convert', '--dialects-dir', dir, '--dialect', name, conformanceInput('sentence-format-date')]);
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as { properties: { since: Record<string, unknown> } };
      expect(out.properties.since.format).toBeUndefined();
      expect(out.properties.since.description).toBe('First day to include. Acme says: give the day as YYYY-MM-DD.');
    }
  });

  it('refuses a broken rule file with its file, line and column, whatever the command (exit 2)', async () => {
    const broken = USER_DIALECT.replace('    drop: [format]', '    dorp: [format]');
    const line = broken.split('\n').findIndex((l) => l.includes('dorp:')) + 1;
    const bad = folderWith({ 'acme_inline@2026-11.yaml': broken });
    const file = join(bad, 'acme_inline@2026-11.yaml');
    for (const argv of [['list', '--dialects-dir', bad], ['convert', '--dialects-dir', bad, '--dialect', 'canonical', conformanceInput('sentence-format-date')]]) {
      const r = await runCli(argv);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`${file}:${line}:`);
      expect(r.stderr).toContain('dorp');
    }
  });

  it('refuses a rule file that is not UTF-8 at its first bad byte, instead of loading U+FFFD into a sentence (exit 2)', async () => {
    const [before, after] = USER_DIALECT.split('A reader that follows');
    const bad = folderWith({});
    const file = join(bad, 'acme_inline@2026-11.yaml');
    writeFileSync(file, Buffer.concat([Buffer.from(`${before}bad `), Buffer.from([0xff]), Buffer.from(` byte${after}`)]));
    const line = USER_DIALECT.split('\n').findIndex((l) => l.startsWith('summary:')) + 1;
    const r = await runCli(['list', '--dialects-dir', bad]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`${file}:${line}:14: not UTF-8: the byte 0xFF at byte offset `);
  });

  it('refuses a file whose name does not match its header', async () => {
    const bad = folderWith({ 'acme_inline@2026-12.yaml': USER_DIALECT });
    const r = await runCli(['list', '--dialects-dir', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/acme_inline@2026-12\.yaml:\d+:\d+/);
  });
});

describe('dialects new NAME for a dialect that exists', () => {
  it('extends its current version, so the draft keeps its rules (it may become what the plain name means)', async () => {
    const dir = folderWith({});
    const r = await runCli(['new', 'gemini', '--dir', dir, '--version', '2026-12']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('extends gemini@2026-10');
    // The draft is the newest gemini and there is no frozen one: the plain name means it, and it still drops format.
    const c = await runCli(['convert', '--dialects-dir', dir, '--dialect', 'gemini', conformanceInput('sentence-format-date')]);
    expect(c.code, c.stderr).toBe(0);
    expect((JSON.parse(c.stdout) as { properties: { since: Record<string, unknown> } }).properties.since.format).toBeUndefined();
  });
});

describe('a next version of a dialect of one\'s own (round 22)', () => {
  it('reads the folder it writes to, keeps the base\'s sources, and the placeholder is warned about until replaced', async () => {
    const dir = folderWith({});
    const first = await runCli(['new', 'acme', '--dir', dir, '--version', '2026-11']);
    expect(first.code, first.stderr).toBe(0);
    // The maintainer names the real page in the first version.
    const firstFile = join(dir, 'acme@2026-11.yaml');
    writeFileSync(firstFile, readFileSync(firstFile, 'utf8').replace('https://example.com/replace-with-the-vendor-page', 'https://vendor.invalid/docs/schemas'));
    // Without --dialects-dir: the folder written to is read, so the new version follows the one there.
    const next = await runCli(['new', 'acme', '--dir', dir, '--version', '2026-12']);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toContain('extends acme@2026-11');
    // Its placeholder is a source of its own: the base's page still stands for the base's rules.
    const text = readFileSync(join(dir, 'acme@2026-12.yaml'), 'utf8');
    expect(text).toMatch(/^ {2}vendor-page-2026-12:$/m);
    const list = await runCli(['list', '--dialects-dir', dir]);
    expect(list.stdout).toMatch(/acme@2026-12[\s\S]*source vendor-page: .*<https:\/\/vendor\.invalid\/docs\/schemas>/);
    // dialects test says which dialect still cites the placeholder (and only that one).
    const test = await runCli(['test', '--dialects-dir', dir, '--update']);
    expect(test.stderr.split('\n').filter((l) => l.startsWith('warning:'))).toEqual([
      `warning: ${join(dir, 'acme@2026-12.yaml')}: acme@2026-12 cites source "vendor-page-2026-12", still the placeholder page <https://example.com/replace-with-the-vendor-page>; name the vendor page its rules follow before freezing it`,
    ]);
  });
});

describe('rule-file folders, odd but harmless (round 11, low)', () => {
  it('says an empty rule file is empty, at file:1:1', async () => {
    const dir = folderWith({ 'x@2026-01.yaml': '# nothing yet\n' });
    const r = await runCli(['list', '--dialects-dir', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${join(dir, 'x@2026-01.yaml')}:1:1: the file is empty`);
  });
  it('reads a folder named twice once', async () => {
    const dir = folderWith({ 'acme_inline@2026-11.yaml': USER_DIALECT });
    const r = await runCli(['list', '--dialects-dir', dir, '--dialects-dir', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('acme_inline@2026-11');
  });
});
