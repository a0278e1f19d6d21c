import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDialects } from '@redouble/dialects';
import { repoRoot, runCli } from './run-cli.js';
import { USER_DIALECT, folderWith, removeTempDirs, tempDir } from './user-dialect.js';

afterAll(removeTempDirs);

const committed = join(repoRoot, 'docs/dialects');
const registry = loadDialects();
const names = [...new Set(registry.list().map((d) => d.name))].sort();

describe('dialects docs', () => {
  it('finds the committed reference pages up to date (regenerate with `dialects docs` when this fails)', async () => {
    const r = await runCli(['docs', '--check', '--out', committed]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('exits 1 naming the page when one is stale, missing or left over', async () => {
    const dir = tempDir();
    cpSync(committed, dir, { recursive: true });
    const page = join(dir, `${names[0]}.md`);
    writeFileSync(page, readFileSync(page, 'utf8').replace(/frozen|draft/, 'edited by hand'));
    let r = await runCli(['docs', '--check', '--out', dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${page}: stale`);

    rmSync(join(dir, 'matrix.md'));
    r = await runCli(['docs', '--check', '--out', dir]);
    expect(r.stderr).toContain(`${join(dir, 'matrix.md')}: missing`);

    expect((await runCli(['docs', '--out', dir])).code).toBe(0);
    expect((await runCli(['docs', '--check', '--out', dir])).code).toBe(0);
    writeFileSync(join(dir, 'gone.md'), readFileSync(join(dir, 'matrix.md'), 'utf8'));
    r = await runCli(['docs', '--check', '--out', dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('gone.md: generated for a dialect that is no longer loaded');
    expect((await runCli(['docs', '--out', dir])).code).toBe(0);
    const left = readdirSync(dir);
    expect(left).not.toContain('gone.md');
    expect(left).toEqual(expect.arrayContaining([...names.map((n) => `${n}.md`), 'matrix.md']));
  });

  it('puts every source, date and sentence of every bundled version on its page, and every version in the matrix', () => {
    const matrix = readFileSync(join(committed, 'matrix.md'), 'utf8');
    for (const info of registry.list()) {
      const d = registry.get(info.id);
      const page = readFileSync(join(committed, `${d.name}.md`), 'utf8');
      expect(page).toContain(`## \`${d.id}\`: ${d.status}`);
      for (const s of d.sources) {
        expect(page).toContain(s.url);
        expect(page).toContain(s.read);
      }
      for (const n of d.resolved.notes) expect(page).toContain(n.text.replace(/\|/g, '\\|'));
      for (const r of d.resolved.rules) expect(page).toContain(`\`${r.id}\``);
      expect(matrix).toContain(`\`${d.id}\``);
    }
  });

  it('renders a dialect added by --dialects-dir with its keywords, sentences and source', async () => {
    const dialects = folderWith({ 'acme_inline@2026-11.yaml': USER_DIALECT });
    const out = tempDir();
    const r = await runCli(['docs', '--dialects-dir', dialects, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const page = readFileSync(join(out, 'acme_inline.md'), 'utf8');
    expect(page).toContain('## `acme_inline@2026-11`: draft');
    expect(page).toContain('[Acme tool schemas](https://acme.example/docs/tool-schemas) | 2026-11-20');
    expect(page).toMatch(/\| `format` \| dropped with a sentence \| format = date: "Acme says: give the day as YYYY-MM-DD." \|/);
    expect(page).toContain('Every `$ref` is inlined');
    expect(readFileSync(join(out, 'matrix.md'), 'utf8')).toMatch(/\| references \|.*inlined/);
  });
});
