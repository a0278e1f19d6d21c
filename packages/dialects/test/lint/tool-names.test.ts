// mcp.tool.name, mcp.tool.name.unique, and a bare schema handed to lint.
import { describe, expect, it } from 'vitest';
import { lintTools } from '../../src/index.js';

const codes = (input: unknown, protocol?: string) =>
  lintTools(input, protocol === undefined ? {} : { protocol }).diagnostics.map((d) => [d.code, d.severity, d.path]);
const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });

describe('mcp.tool.name', () => {
  it('accepts the names MCP 2025-11-25 recommends: ASCII letters, digits, _ - and ., 1 to 128 of them', () => {
    for (const name of ['search', 'issues.search_v2', 'DATA-EXPORT', 'a', 'x'.repeat(128)]) expect(codes(tool(name)), name).toEqual([]);
  });

  it('warns at the name for a space, a slash, a non-ASCII letter, and past 128 characters, saying which', () => {
    const cases: [string, RegExp][] = [
      ['search issues', /contains a space;/],
      ['a b/c', /contains a space, "\/";/],
      ['café', /contains "é";/],
      ['x'.repeat(129), /is 129 characters long \(at most 128\)/],
    ];
    for (const [name, said] of cases) {
      const { diagnostics } = lintTools(tool(name));
      expect(diagnostics.map((d) => [d.code, d.severity, d.path]), name).toEqual([['mcp.tool.name', 'warning', '/name']]);
      expect(diagnostics[0]!.message).toMatch(said);
    }
  });

  it('is checked only for the revisions that say what a name should be', () => {
    expect(codes(tool('a b'), '2025-06-18')).toEqual([]);
    expect(codes(tool('a b'), '2025-06-18,2025-11-25')).toEqual([['mcp.tool.name', 'warning', '/name']]);
  });

  it('leaves an empty or missing name to mcp.tool.shape', () => {
    expect(codes({ name: '', inputSchema: { type: 'object' } })).toEqual([['mcp.tool.shape', 'error', '/name']]);
  });
});

describe('mcp.tool.name.unique', () => {
  it('warns at each later tool of a list that takes a name already taken, naming the first', () => {
    const { diagnostics } = lintTools({ tools: [tool('dup'), tool('other'), tool('dup'), tool('dup')] });
    expect(diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['mcp.tool.name.unique', '/tools/2/name'],
      ['mcp.tool.name.unique', '/tools/3/name'],
    ]);
    expect(diagnostics[0]!.message).toContain('taken already by the tool at /tools/0');
  });

  it('lets a description document give one name a tool per revision, where their revisions do not meet', () => {
    const doc = { protocolVersions: ['2025-11-25', '2026-07-28'], tools: [{ ...tool('t'), protocolVersions: ['2025-11-25'] }, { ...tool('t'), protocolVersions: ['2026-07-28'] }] };
    expect(codes(doc)).toEqual([]);
    const meeting = { protocolVersions: ['2025-11-25', '2026-07-28'], tools: [{ ...tool('t'), protocolVersions: ['2026-07-28'] }, tool('t')] };
    expect(codes(meeting)).toEqual([['mcp.tool.name.unique', 'warning', '/tools/1/name']]);
  });
});

describe('a bare JSON Schema handed to lint', () => {
  it('is one error at the root saying what lint reads, not a Tool missing its name and inputSchema', () => {
    const { diagnostics } = lintTools({ type: 'object', properties: { q: { type: 'strng' } } });
    expect(diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([['mcp.tool.shape', 'error', '']]);
    expect(diagnostics[0]!.message).toMatch(/looks like a bare JSON Schema\. To lint it, wrap it as \{"name": "my_tool", "inputSchema": <this schema>\}/);
  });

  it('is told from a Tool with a fault: a name, an inputSchema or a tools list makes it no bare schema', () => {
    expect(codes({ inputSchema: { type: 'object' } })).toEqual([['mcp.tool.shape', 'error', '']]);
    expect(lintTools({ inputSchema: { type: 'object' } }).diagnostics[0]!.message).toMatch(/non-empty string "name"/);
    expect(codes({ name: 'x', type: 'object' }).map((c) => c[0])).toEqual(['mcp.tool.input-schema.present']);
    // Only a Tool's own fields: a description and title are no sign of a schema.
    expect(lintTools({ description: 'd', title: 't' }).diagnostics[0]!.message).not.toMatch(/bare JSON Schema/);
  });
});
