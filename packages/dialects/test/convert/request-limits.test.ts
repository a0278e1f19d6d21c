// Limits a vendor counts per request, summed over the tools it carries (round 26): over a tools/list
// they are a warning at /tools, since a client may send fewer tools per request than a server lists.
import { describe, expect, it } from 'vitest';
import { convert, loadDialects } from '../../src/index.js';

const registry = loadDialects();
const tool = (name: string, optional: number) => ({
  name,
  inputSchema: { type: 'object', properties: Object.fromEntries([...Array(optional).keys()].map((i) => [`o${i}`, { type: 'string' }])), additionalProperties: false },
});
const requestWarnings = (input: unknown, dialect: string) =>
  convert(input, registry.get(dialect)).diagnostics.filter((d) => d.code === 'request-limit-exceeded').map((d) => [d.severity, d.path, d.message]);

describe('per-request limits over a tools/list', () => {
  it('warns where the optional properties of every tool together pass the limit, and not at it', () => {
    expect(requestWarnings({ tools: [tool('a', 12), tool('b', 12)] }, 'anthropic_strict')).toEqual([]);
    const over = requestWarnings({ tools: [tool('a', 13), tool('b', 13)] }, 'anthropic_strict');
    expect(over).toEqual([['warning', '/tools', expect.stringMatching(/every one of these 2 tools has 26 optional properties in total, over this dialect's limit of 24 per request/)]]);
    // One tool past it is still that tool's error.
    expect(convert({ tools: [tool('a', 25)] }, registry.get('anthropic_strict')).diagnostics.map((d) => [d.code, d.path])).toContainEqual(['limit-exceeded', '/tools/0/inputSchema']);
  });

  it('warns where a list has more tools than a request may carry', () => {
    const tools = (n: number) => ({ tools: [...Array(n).keys()].map((i) => tool(`t${i}`, 0)) });
    expect(requestWarnings(tools(20), 'anthropic_strict')).toEqual([]);
    expect(requestWarnings(tools(21), 'anthropic_strict')).toEqual([['warning', '/tools', expect.stringMatching(/21 tools passes this dialect's limit of 20 tools per request/)]]);
  });

  it('says nothing where the vendor states no per-request limit, or for one tool alone', () => {
    expect(requestWarnings({ tools: [tool('a', 13), tool('b', 13)] }, 'bedrock_strict')).toEqual([]);
    expect(requestWarnings(tool('a', 13), 'anthropic_strict')).toEqual([]);
  });
});
