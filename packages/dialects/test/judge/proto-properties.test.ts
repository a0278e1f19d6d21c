// A property named __proto__ (JSON.parse makes it an own property like any other): Ajv leaves it
// out of `properties`, so the judge accepted any value under it, and a closed object refused it as
// undeclared. convert spells it like any property (case property-named-proto); the judge agrees now.
import { describe, expect, it } from 'vitest';
import { createJudge } from '../../src/index.js';

const schema = (closed: boolean): unknown =>
  JSON.parse(`{"type":"object","properties":{"__proto__":{"type":"string","minLength":2},"n":{"type":"integer"}},"required":["__proto__"]${closed ? ',"additionalProperties":false' : ''}}`);
const judged = (s: unknown, args: string) => createJudge({ name: 'proto', inputSchema: s }).checkArguments(JSON.parse(args), { decodeNulls: false });

describe('a property named __proto__', () => {
  it('is judged by its own schema on an open object', () => {
    expect(judged(schema(false), '{"__proto__":"ab"}').ok).toBe(true);
    const refused = judged(schema(false), '{"__proto__":5}');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.text).toContain('/__proto__ must be a string');
    expect(judged(schema(false), '{"n":1}').ok).toBe(false);
  });

  it('counts as declared on a closed object, which still refuses what is not', () => {
    const s = schema(true);
    const before = structuredClone(s);
    const ok = judged(s, '{"__proto__":"ab","n":1}');
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(Object.keys(ok.value as object)).toEqual(['__proto__', 'n']);
    expect(judged(s, '{"__proto__":"a"}').ok).toBe(false);
    expect(judged(s, '{"__proto__":"ab","x":1}').ok).toBe(false);
    expect(s).toEqual(before);
  });

  it('meets a patternProperties entry for the same name: both hold', () => {
    const s = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"patternProperties":{"^__proto__$":{"maxLength":3}}}');
    expect(judged(s, '{"__proto__":"abc"}').ok).toBe(true);
    expect(judged(s, '{"__proto__":"abcd"}').ok).toBe(false);
    expect(judged(s, '{"__proto__":1}').ok).toBe(false);
  });
});
