// The canonical dialect is the author's schema verbatim: same keys in the same order, same values,
// for bare schemas, Tools and tools/list results, whatever diagnostics it also reports.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert } from '@redouble/dialects';
import { corpusTools, registry, runs } from './fixtures.js';
import { anyInput } from './inputs.js';
import { orderedEqual } from './json-tools.js';

const canonical = registry.get('canonical');

describe('canonical is the identity', () => {
  it('on generated inputs', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const r = convert(input, canonical);
        expect(r.output).toEqual(input);
        expect(orderedEqual(r.output, input)).toBe(true);
        expect(JSON.stringify(r.output)).toBe(JSON.stringify(input));
      }),
      runs(200),
    );
  });

  it('on every corpus tool, and on the corpus as one tools/list result', () => {
    const tools = corpusTools().map((t) => t.tool);
    for (const tool of tools) expect(JSON.stringify(convert(tool, canonical).output)).toBe(JSON.stringify(tool));
    const list = { tools, nextCursor: 'page-2' };
    const r = convert(list, canonical);
    expect(orderedEqual(r.output, list)).toBe(true);
  });

  it('keeps a schema whose keys are in an unusual order and a property named __proto__', () => {
    const input = JSON.parse('{"required":["__proto__"],"properties":{"__proto__":{"description":"d","type":"string"}},"type":"object","$defs":{}}') as unknown;
    const r = convert(input, canonical);
    expect(JSON.stringify(r.output)).toBe(JSON.stringify(input));
    expect(Object.keys((r.output as { properties: object }).properties)).toEqual(['__proto__']);
  });
});
