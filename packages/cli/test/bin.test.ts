/** The built binary, spawned as a user runs it (the root `npm test` builds first). */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { conformanceInput, repoRoot } from './run-cli.js';
import { CHILD_TIMEOUT_MS } from '../../../test-timeouts.js';

const bin = join(repoRoot, 'packages/cli/dist/bin.js');
const dialects = (args: string[], input?: string) =>
  spawnSync(process.execPath, [bin, ...args], { input: input ?? '', encoding: 'utf8', cwd: repoRoot, timeout: CHILD_TIMEOUT_MS });

describe('dist/bin.js', () => {
  it('is built, with its shebang', () => {
    expect(existsSync(bin), 'run `npm run build` first').toBe(true);
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('converts a schema piped into stdin and exits 0', () => {
    const r = dialects(['convert', '--dialect', 'flat'], readFileSync(conformanceInput('sentence-recursion-node'), 'utf8'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('"$ref"');
    expect(r.stdout).toContain('Repeats the structure of Node, to any depth.');
  });

  it('exits 2 for an unknown dialect and 1 for an input with errors', () => {
    const u = dialects(['convert', '--dialect', 'nope', conformanceInput('sentence-format-date')]);
    expect(u.status).toBe(2);
    expect(u.stderr).toMatch(/accepted: .*canonical/);
    const e = dialects(['convert', '--dialect', 'canonical', conformanceInput('ref-to-nothing')]);
    expect(e.status).toBe(1);
    expect(e.stderr).toContain('#/properties/item');
  });

  // /dev/full answers every write with ENOSPC (Linux): the output cannot be written whole.
  it.runIf(existsSync('/dev/full'))('says in one line when its output cannot be written, and exits 2', () => {
    for (const args of [['convert', '--dialect', 'flat', conformanceInput('sentence-recursion-node')], ['list'], ['lint', conformanceInput('sentence-format-date')]]) {
      const r = spawnSync(process.execPath, [bin, ...args], { stdio: ['ignore', openSync('/dev/full', 'w'), 'pipe'], encoding: 'utf8', cwd: repoRoot, timeout: CHILD_TIMEOUT_MS });
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toBe('dialects: could not write the output (ENOSPC); it is incomplete.\n');
    }
  });

  it('lint refuses a --dialects-dir that is not there, as every command does', () => {
    const r = dialects(['lint', '--dialects-dir', join(repoRoot, 'no-such-folder'), conformanceInput('sentence-format-date')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--dialects-dir');
    expect(r.stderr).toContain('no such directory');
  });

  it('lint refuses a broken rule file in a --dialects-dir with its file and line, as every command does (round 16)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dialects-lint-dir-'));
    writeFileSync(join(dir, 'bad@2026-12.yaml'), 'dialect: bad\nversion: "2026-12"\nstatus: draft\nrules: [1\n');
    const r = dialects(['lint', '--dialects-dir', dir, conformanceInput('sentence-format-date')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${join(dir, 'bad@2026-12.yaml')}:5:1: YAML:`);
    expect(r.stdout).toBe('');
  });

  it('prints the version of its package for --version, -V and -v, and exits 0', () => {
    const { version } = JSON.parse(readFileSync(join(repoRoot, 'packages/cli/package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V', '-v']) {
      const r = dialects([flag]);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toBe(`dialects ${version}\n`);
    }
  });
});
