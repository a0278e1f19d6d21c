// A root union that only says which properties are sent (round 24): where the dialect's root admits
// no union it is said in words, the tool stays in the dialect, and the judge still applies it.
import { describe, expect, it } from 'vitest';
import { convert, createJudge, loadDialects } from '../../src/index.js';

const registry = loadDialects();
const notify = {
  name: 'notify',
  inputSchema: {
    type: 'object',
    description: 'Notify a person.',
    properties: { email: { type: 'string' }, phone: { type: 'string' }, text: { type: 'string' } },
    required: ['text'],
    anyOf: [{ required: ['email'] }, { required: ['phone'] }],
    additionalProperties: false,
  },
};

describe('a root union of required lists', () => {
  it('is dropped and said after the author\'s words where the root admits no union, and the tool converts', () => {
    for (const name of ['openai_strict', 'anthropic_strict', 'bedrock_strict', 'gemini']) {
      const { ok, output, diagnostics } = convert(notify, registry.get(name));
      expect(ok, `${name}: ${JSON.stringify(diagnostics)}`).toBe(true);
      if (!ok) continue;
      const root = output.inputSchema;
      expect(root.anyOf, name).toBeUndefined();
      expect(root.description, name).toMatch(/^Notify a person\. (.+ )?At least one of these must hold: email is required or phone is required\.$/);
    }
  });

  it('keeps its pinned outcome in a frozen version whose sentence file has no words for it', () => {
    const { ok, diagnostics } = convert(notify, registry.get('openai_strict@2026-12-08'));
    expect(ok).toBe(false);
    expect(diagnostics.map((d) => d.code)).toContain('root-union');
  });

  it('says exactly one for a oneOf, and groups alternatives that are themselves joined by "and"', () => {
    const schema = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, owner: { type: 'string' } }, oneOf: [{ required: ['id'] }, { type: 'object', required: ['name', 'owner'] }] };
    const { output } = convert(schema, registry.get('gemini'));
    expect((output as { description: string }).description).toBe('Exactly one of these must hold: id is required; or name and owner are required.');
  });

  it('is still judged: a call that sends neither is refused in every dialect, a null the caller sends for an omission too', () => {
    const judge = createJudge(notify);
    expect(judge.checkArguments({ text: 'hi' }, { decodeNulls: false }).ok).toBe(false);
    expect(judge.checkArguments({ text: 'hi', phone: '1' }, { decodeNulls: false }).ok).toBe(true);
    const openai = registry.get('openai_strict');
    expect(judge.checkArguments({ text: 'hi', email: null, phone: '1' }, { decodeNulls: openai.decodesNulls }).ok).toBe(true);
    expect(judge.checkArguments({ text: 'hi', email: null, phone: null }, { decodeNulls: openai.decodesNulls }).ok).toBe(false);
  });

  it('is found as an allOf branch of its own, and a union of one branch is its names required (round 25)', () => {
    const { anyOf, ...rest } = notify.inputSchema;
    const wrapped = { ...notify, inputSchema: { ...rest, allOf: [{ anyOf }] } };
    const one = { ...notify, inputSchema: { ...rest, oneOf: [{ required: ['email'] }] } };
    for (const name of ['openai_strict', 'anthropic_strict', 'gemini']) {
      const a = convert(wrapped, registry.get(name));
      expect(a.ok, `${name}: ${JSON.stringify(a.diagnostics)}`).toBe(true);
      if (a.ok) {
        expect(a.output.inputSchema.allOf, name).toBeUndefined();
        expect(a.output.inputSchema.description, name).toMatch(/At least one of these must hold: email is required or phone is required\.$/);
      }
      const b = convert(one, registry.get(name));
      expect(b.ok, `${name}: ${JSON.stringify(b.diagnostics)}`).toBe(true);
      if (b.ok) {
        expect(b.output.inputSchema.oneOf, name).toBeUndefined();
        // openai_strict lists every property as required anyway; email is no longer nullable there.
        expect(b.output.inputSchema.required, name).toEqual(expect.arrayContaining(['text', 'email']));
        expect(JSON.stringify(b.output.inputSchema.properties.email), name).not.toContain('null');
      }
    }
  });

  it('is left alone where a branch says more than which properties are sent', () => {
    const shapes = { type: 'object', properties: { a: { type: 'string' } }, anyOf: [{ required: ['a'] }, { properties: { a: { const: 'x' } } }] };
    const { diagnostics } = convert(shapes, registry.get('openai_strict'));
    expect(diagnostics.map((d) => d.code)).toContain('root-union');
  });
});
