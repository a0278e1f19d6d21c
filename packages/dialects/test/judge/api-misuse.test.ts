// The judge's API as a plain JavaScript caller may misuse it (round 11): a missing or mistyped
// decodeNulls is a DialectError, not a silent false; a tool with no inputSchema is refused; the
// registry's has() answers false for a name that is no string.
import { describe, expect, it } from 'vitest';
import { createJudge, DialectError, loadDialects } from '@redouble/dialects';

const judge = createJudge({ name: 't', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } });

describe('checkArguments options', () => {
  it.each([[undefined], [{}], [{ decodeNulls: 'yes' }], [{ decodeNulls: 1 }]])('%j: refused with what it needs', async (options) => {
    expect(() => judge.checkArguments({ a: null }, options as never)).toThrow(DialectError);
    expect(() => judge.checkArguments({ a: null }, options as never)).toThrow(/needs \{decodeNulls: true \| false\}/);
    await expect(judge.checkArgumentsAsync({ a: null }, options as never)).rejects.toThrow(DialectError);
  });
  it('true and false are read as given', () => {
    expect(judge.checkArguments({ a: null }, { decodeNulls: true })).toEqual({ ok: true, value: {} });
    expect(judge.checkArguments({ a: null }, { decodeNulls: false }).ok).toBe(false);
  });
});

describe('createJudge and the registry', () => {
  it('refuses a tool without an inputSchema', () => {
    expect(() => createJudge({} as never)).toThrow(/must be an object with an inputSchema/);
  });
  it('has() answers false for a name that is no string', () => {
    const registry = loadDialects();
    expect(registry.has(42 as never)).toBe(false);
    expect(registry.has('gemini')).toBe(true);
  });
});
