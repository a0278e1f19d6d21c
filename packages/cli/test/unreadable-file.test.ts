import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unreadableReason } from '../src/errors.js';
import { runCli } from './run-cli.js';

/** An error as node:fs makes it: the code, the call, the path, and the system's sentence. */
function systemError(code: string, text: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${text}, open '${path}'`), { code, syscall: 'open', path });
}

describe('a file the CLI cannot read', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dialects-unreadable-'));
  const missing = join(dir, 'nofile.json');

  it('is said in words, with the file, by every command that reads one (exit 2)', async () => {
    for (const argv of [['convert', '--dialect', 'canonical'], ['explain', '--dialect', 'canonical'], ['lint'], ['diff', 'canonical', 'canonical', '--tools']]) {
      const none = await runCli([...argv, missing]);
      expect(none.code, argv[0]).toBe(2);
      expect(none.stderr, argv[0]).toContain(`${missing}: no such file`);
      expect(none.stderr).not.toMatch(/ENOENT/);
    }
    for (const argv of [['convert', '--dialect', 'canonical'], ['explain', '--dialect', 'canonical'], ['lint']]) {
      const folder = await runCli([...argv, dir]);
      expect(folder.code, argv[0]).toBe(2);
      expect(folder.stderr, argv[0]).toContain(`${dir}: is a directory, not a file`);
      expect(folder.stderr).not.toMatch(/EISDIR/);
    }
  });

  // root reads a file whatever its mode, so only another user meets the refusal.
  it.skipIf(process.getuid?.() === 0 || process.platform === 'win32')('says a file it may not read is refused, not an errno code', async () => {
    const locked = join(dir, 'locked.json');
    writeFileSync(locked, '{"type": "object"}');
    chmodSync(locked, 0o000);
    const r = await runCli(['convert', '--dialect', 'canonical', locked]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${locked}: permission denied`);
  });

  it('words a refused permission, and keeps the system sentence (without the path again) for any other code', () => {
    expect(unreadableReason(systemError('EACCES', 'permission denied', 'x.json'))).toBe('permission denied');
    expect(unreadableReason(systemError('EISDIR', 'illegal operation on a directory', 'x'), 'input')).toBe('cannot read the input: is a directory, not a file');
    expect(unreadableReason(systemError('ELOOP', 'too many symbolic links encountered', 'x.json'))).toBe('cannot read the file (ELOOP: too many symbolic links encountered)');
    expect(unreadableReason('odd')).toBe('cannot read the file (odd)');
  });
});
