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

// A package loaded with require() (the engine loads Ajv so, on first use: src/ajv-modules.ts) never
// passes the ESM resolve hook; this records those too.
const CJS_HOOK = `import { builtinModules, createRequire } from 'node:module';
const Module = createRequire(import.meta.url)('node:module');
const load = Module._load;
Module._load = function (request, ...rest) {
  if (!request.startsWith('.') && !request.startsWith('/') && !request.startsWith('node:') && !builtinModules.includes(request)) process.stderr.write('@@package ' + request + '\\n');
  return load.call(this, request, ...rest);
};
`;

/** The packages (bare specifiers) a run of the binary imports or requires, and its exit status. */
function packagesImported(args: string[]): { status: number | null; packages: Set<string>; specifiers: Set<string>; stdout: string; stderr: string } {
  const dir = tempDir();
  const register = join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify('data:text/javascript,' + encodeURIComponent(HOOK))});\n${CJS_HOOK}`);
  const r = spawnSync(process.execPath, ['--import', register, bin, ...args], { encoding: 'utf8', cwd: repoRoot });
  const specifiers = new Set([...r.stderr.matchAll(/^@@package (\S+)$/gm)].map((m) => m[1]!));
  const packages = new Set([...specifiers].map((s) => s.split('/').slice(0, s.startsWith('@') ? 2 : 1).join('/')));
  return { status: r.status, packages, specifiers, stdout: r.stdout, stderr: r.stderr.replace(/^@@package .*\n/gm, '') };
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

  // The meta-schema check runs on validators generated ahead of time; Ajv itself is loaded on first
  // use (src/ajv-modules.ts), here when an example must be judged against its tool's schema.
  it('lint loads Ajv when it judges an example, and not to check a schema', () => {
    const plain = packagesImported(['lint', conformanceInput('sentence-format-date')]);
    expect(plain.status, plain.stderr).toBe(1);
    expect(plain.packages.has('ajv')).toBe(false);
    const dir = tempDir();
    const file = join(dir, 'tools.json');
    const tool = { name: 'weather', inputSchema: { type: 'object', properties: { city: { type: 'string', minLength: 2 } } } };
    writeFileSync(file, JSON.stringify({ mcpdesc: '0.8.0', protocolVersions: ['2026-07-28'], tools: [{ ...tool, examples: { one: { input: { city: 'P' }, result: { content: [] } } } }] }));
    const withExample = packagesImported(['lint', file]);
    expect(withExample.stdout, withExample.stderr).toContain('mcp.tool.examples.valid');
    expect(withExample.packages.has('ajv')).toBe(true);
    expect(withExample.packages.has('ajv-formats')).toBe(true);
  });
});
