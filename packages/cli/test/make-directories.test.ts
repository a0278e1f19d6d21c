// Output folders are made one level at a time: nested ones appear, existing ones are fine, and a
// level that cannot be made is an error at once, where Node 20's recursive mkdir loops forever on
// a file system that answers ENOENT under an existing parent (procfs). Through the CLI, such an
// error is a plain message and exit 2, not an internal error.
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDirectories } from '../src/make-directories.js';
import { runCli } from './run-cli.js';
import { removeTempDirs, tempDir } from './user-dialect.js';

afterAll(removeTempDirs);

describe('making output folders', () => {
  it('makes every missing level, and leaves an existing folder as it is', () => {
    const root = tempDir();
    const deep = join(root, 'a', 'b', 'c');
    makeDirectories(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    expect(() => makeDirectories(deep)).not.toThrow();
    expect(() => makeDirectories(root)).not.toThrow();
  });

  it('throws the error of the level that cannot be made: a file in the way', () => {
    const root = tempDir();
    writeFileSync(join(root, 'file'), 'x');
    expect(() => makeDirectories(join(root, 'file', 'sub'))).toThrow(/ENOTDIR/);
    expect(existsSync(join(root, 'file', 'sub'))).toBe(false);
  });

  it.skipIf(!existsSync('/proc/self'))('throws at once under /proc, where a recursive mkdir never returns', () => {
    expect(() => makeDirectories('/proc/dialects-no-such/sub')).toThrow(/ENOENT.*mkdir '\/proc\/dialects-no-such'/);
  });

  it('`dialects docs --out` and `dialects new --dir` under a file: the system message and exit 2, not an internal error', async () => {
    const root = tempDir();
    writeFileSync(join(root, 'file'), 'x');
    for (const argv of [['docs', '--out', join(root, 'file', 'docs')], ['new', 'acme', '--dir', join(root, 'file', 'dialects')]]) {
      const r = await runCli(argv);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^dialects ${argv[0]}: ENOTDIR: not a directory, mkdir '.*file/(docs|dialects)'\\n$`));
    }
  });
});
