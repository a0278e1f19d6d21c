/**
 * A command loads only what it uses (issue 10, part 5): the built binary is run under a module
 * resolve hook that records every package it imports. Speed itself is measured by `npm run bench`.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { conformanceInput, repoRoot } from './run-cli.js';
import { removeTempDirs, tempDir, USER_DIALECT } from './user-dialect.js';

afterAll(removeTempDirs);

const bin = join(repoRoot, 'packages/cli/dist/bin.js');
const HOOK = `export async function resolve(s, c, next) {
  const r = await next(s, c);
  if (!s.startsWith('.') && !s.startsWith('node:') && !s.startsWith('file:')) process.stderr.write('@@package ' + s + '\\n');
  return r;
}`;

/** The packages (bare specifiers) a run of the binary imports, and its exit status. */
function packagesImported(args: string[]): { status: number | null; packages: Set<string>; specifiers: Set<string>; stderr: string } {
  const dir = tempDir();
  const register = join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify('data:text/javascript,' + encodeURIComponent(HOOK))});\n`);
  const r = spawnSync(process.execPath, ['--import', register, bin, ...args], { encoding: 'utf8', cwd: repoRoot });
  const specifiers = new Set([...r.stderr.matchAll(/^@@package (\S+)$/gm)].map((m) => m[1]!));
  const packages = new Set([...specifiers].map((s) => s.split('/').slice(0, s.startsWith('@') ? 2 : 1).join('/')));
  return { status: r.status, packages, specifiers, stderr: r.stderr.replace(/^@@package .*\n/gm, '') };
}

describe('what a command loads', () => {
  it('convert of a JSON schema into a bundled dialect loads neither YAML, zod, Ajv nor the judge and lint', () => {
    const r = packagesImported(['convert', '--dialect', 'gemini', conformanceInput('sentence-format-date')]);
    expect(r.status, r.stderr).toBe(0);
    for (const p of ['yaml', 'zod', 'ajv', 'ajv-formats', '@modelcontextprotocol/sdk']) expect(r.packages.has(p), p).toBe(false);
    // the engine's light entry, not the whole API (which re-exports the judge and lint)
    expect(r.specifiers.has('@redouble/dialects/core')).toBe(true);
    expect(r.specifiers.has('@redouble/dialects')).toBe(false);
    expect(r.stderr).not.toContain('internal error');
  });

  it('a folder of user rule files is still read and checked: YAML and zod load then', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'acme_inline@2026-11.yaml'), USER_DIALECT);
    const r = packagesImported(['convert', '--dialects-dir', dir, '--dialect', 'acme_inline', conformanceInput('sentence-format-date')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.packages.has('yaml')).toBe(true);
    expect(r.packages.has('zod')).toBe(true);
    expect(r.packages.has('ajv')).toBe(false);
  });

  it('lint loads Ajv, which it needs', () => {
    const r = packagesImported(['lint', conformanceInput('sentence-format-date')]);
    expect(r.packages.has('ajv')).toBe(true);
  });
});
