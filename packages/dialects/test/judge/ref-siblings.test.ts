// draft-07 ignores every assertion beside $ref ("All other properties in a $ref object MUST be
// ignored"); Ajv enforces them. convert leaves them out (draft07-ref-sibling), so the judge refused
// calls that the canonical schema and every spelling accept. It compiles a copy without them now.
import { describe, expect, it } from 'vitest';
import { convert, createJudge, loadDialects } from '../../src/index.js';

const D07 = 'http://json-schema.org/draft-07/schema#';
const tool = {
  name: 'siblings',
  inputSchema: {
    $schema: D07,
    type: 'object',
    properties: {
      x: { $ref: '#/definitions/X', minLength: 5, description: 'kept' },
      y: { $ref: '#/definitions/Y', properties: { z: { $ref: '#/definitions/X', maxLength: 1 } } },
    },
    required: ['x'],
    definitions: { X: { type: 'string' }, Y: { type: 'object', properties: { n: { type: 'integer' } } } },
  },
};

describe('a draft-07 $ref with siblings', () => {
  it('is judged by the $ref alone, as convert spells it, without changing the schema', () => {
    const before = structuredClone(tool);
    const judge = createJudge(tool);
    expect(judge.checkArguments({ x: 'ab', y: { n: 1, z: 'long enough' } }, { decodeNulls: false }).ok).toBe(true);
    // What the $ref itself says still holds.
    expect(judge.checkArguments({ x: 5 }, { decodeNulls: false }).ok).toBe(false);
    expect(judge.checkArguments({ x: 'ab', y: { n: 'one' } }, { decodeNulls: false }).ok).toBe(false);
    expect(tool).toEqual(before);
    // The spelling agrees: the sibling is left out, and said to be.
    const spelled = convert(tool, loadDialects().get('flat'));
    expect(spelled.diagnostics.filter((d) => d.code === 'draft07-ref-sibling').map((d) => d.path)).toEqual(['/inputSchema/properties/x/minLength', '/inputSchema/properties/y/properties']);
  });

  it('keeps siblings in 2020-12, where they apply', () => {
    const judge = createJudge({ name: 'now', inputSchema: { type: 'object', properties: { x: { $ref: '#/$defs/X', minLength: 5 } }, $defs: { X: { type: 'string' } } } });
    expect(judge.checkArguments({ x: 'ab' }, { decodeNulls: false }).ok).toBe(false);
    expect(judge.checkArguments({ x: 'abcdef' }, { decodeNulls: false }).ok).toBe(true);
  });
});
