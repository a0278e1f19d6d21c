// Limits a vendor counts per request, summed over the tools it carries (round 26): over a tools/list
// they are a warning at /tools, since a client may send fewer tools per request than a server lists.
import { describe, expect, it } from 'vitest';
import { convert, loadDialects, requestLimits } from '../../src/index.js';
import { corpusTools } from '../properties/fixtures.js';

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

/** The per-request warnings of `tools` converted one at a time, as a server converts them. */
const servedWarnings = (tools: unknown[], dialect: string) => {
  const d = registry.get(dialect);
  const spelled = tools.map((t) => convert(t, d)).filter((r) => r.ok).map((r) => r.output);
  return requestLimits(spelled, d).map((w) => [w.severity, w.path, w.message]);
};

describe('requestLimits: the same sums over tools spelled one at a time', () => {
  it('gives what convert gives for the tools as one list', () => {
    for (const list of [[tool('a', 12), tool('b', 12)], [tool('a', 13), tool('b', 13)], [...Array(21).keys()].map((i) => tool(`t${i}`, 0))]) {
      expect(servedWarnings(list, 'anthropic_strict')).toEqual(requestWarnings({ tools: list }, 'anthropic_strict'));
    }
    expect(servedWarnings([tool('a', 13), tool('b', 13)], 'anthropic_strict')).toHaveLength(1);
    expect(servedWarnings([tool('a', 13), tool('b', 13)], 'bedrock_strict')).toEqual([]);
  });

  it('agrees with convert over the corpus, per server and all at once, in every dialect', () => {
    const byServer = new Map<string, unknown[]>();
    for (const { file, tool: t } of corpusTools()) {
      const server = file.split('/')[0]!;
      byServer.set(server, [...(byServer.get(server) ?? []), t]);
    }
    const lists = [...byServer.values(), corpusTools().map((c) => c.tool)];
    let warned = 0;
    for (const info of registry.list()) {
      for (const list of lists) {
        // The list as convert reads it holds only the tools each dialect publishes (no error of their own).
        const served = list.filter((t) => convert(t, registry.get(info.id)).ok);
        const expected = requestWarnings({ tools: served }, info.id);
        expect(servedWarnings(served, info.id), `${info.id}, ${list.length} tools`).toEqual(expected);
        warned += expected.length;
      }
    }
    // The corpus passes the per-request sums in the dialects that count them (the whole corpus at least).
    expect(warned).toBeGreaterThan(0);
  });

  it('counts the properties of a nullable object spelled as a union with null', () => {
    // anyOf: [{type: object, properties}, {type: null}]: the properties sit in the first branch.
    const nullableObject = (optional: number) => ({ type: ['object', 'null'], properties: tool('x', optional).inputSchema.properties });
    const one = convert({ name: 'n', inputSchema: { type: 'object', properties: { o: nullableObject(24) } } }, registry.get('anthropic_strict'));
    expect(one.diagnostics.filter((d) => d.code === 'limit-exceeded').map((d) => d.message)).toEqual([expect.stringMatching(/^optional properties: 25, over/)]);
    const small = { name: 'n', inputSchema: { type: 'object', properties: { o: nullableObject(13) }, required: ['o'] } };
    expect(convert(small, registry.get('anthropic_strict')).ok).toBe(true);
    expect(servedWarnings([small, { ...small, name: 'm' }], 'anthropic_strict')).toEqual([['warning', '/tools', expect.stringMatching(/has 26 optional properties in total/)]]);
  });
});
