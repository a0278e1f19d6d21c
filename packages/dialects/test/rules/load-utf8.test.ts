import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DialectError, readRuleFile } from '@redouble/dialects';

const dir = mkdtempSync(join(tmpdir(), 'rule-utf8-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEAD = 'dialect: demo\nversion: "2026-03"\nstatus: draft\n';
const TAIL = '\nsources:\n  spec:\n    url: https://example.com/spec\n    title: Spec\n    read: 2026-01-01\nrules: []\n';

function ruleFile(summary: Buffer): string {
  const file = join(dir, 'demo@2026-03.yaml');
  writeFileSync(file, Buffer.concat([Buffer.from(`${HEAD}summary: "`), summary, Buffer.from(`"${TAIL}`)]));
  return file;
}

describe('rule file bytes', () => {
  it('refuses bytes that are not UTF-8 at file:line:column of the first, instead of loading U+FFFD', () => {
    const file = ruleFile(Buffer.from('bad \xff byte', 'latin1'));
    let error: unknown;
    try {
      readRuleFile(file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DialectError);
    const { code, diagnostics, message } = error as DialectError;
    expect(code).toBe('rule-file-invalid');
    const bad = `${HEAD}summary: "bad `.length;
    expect(diagnostics.map((d) => [d.path, d.message])).toEqual([
      [`${file}:4:15`, `not UTF-8: the byte 0xFF at byte offset ${bad} is never part of UTF-8 text; a rule file is UTF-8 text`],
    ]);
    expect(message).toContain(`${file}:4:15: not UTF-8`);
  });

  it('loads a U+FFFD the author wrote, and a byte-order mark, as before', () => {
    const file = ruleFile(Buffer.from('real \uFFFD here'));
    expect(readRuleFile(file).data.summary).toBe('real \uFFFD here');
    writeFileSync(file, Buffer.concat([Buffer.from('\uFEFF'), Buffer.from(`${HEAD}summary: s${TAIL}`)]));
    expect(readRuleFile(file).data.summary).toBe('s');
  });
});
