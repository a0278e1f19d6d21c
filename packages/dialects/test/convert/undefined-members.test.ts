// A member set to undefined is absent, as JSON and the MCP SDK read it, in convert and lint alike
// (round 25: the MCP layer served such a tool, convert refused it as not JSON, lint as a wrong type).
import { describe, expect, it } from 'vitest';
import { convert, lintTools, loadDialects } from '../../src/index.js';

const registry = loadDialects();
const mode = (on: boolean) => (on ? 'Fast.' : undefined);
const written = { name: 't', description: mode(false), inputSchema: { type: 'object', properties: { q: { type: 'string', description: mode(false) } }, required: ['q'] } };
const clean = { name: 't', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } };

describe('members set to undefined', () => {
  it('convert reads them as absent, in every dialect, and leaves the caller\'s object as it was', () => {
    for (const info of registry.list()) {
      const d = registry.get(info.id);
      expect(convert(written, d), info.id).toEqual(convert(clean, d));
      expect(convert({ tools: [written] }, d), info.id).toEqual(convert({ tools: [clean] }, d));
    }
    expect(Object.keys(written)).toContain('description');
  });

  it('lint reads them as absent too', () => {
    expect(lintTools(written)).toEqual(lintTools(clean));
    expect(lintTools(written).diagnostics).toEqual([]);
  });

  it('still refuses a value no JSON holds beside them, at its pointer', () => {
    const r = convert({ ...written, inputSchema: { ...written.inputSchema, default: () => 1 } }, registry.get('canonical'));
    expect(r.ok).toBe(false);
    expect(r.diagnostics.map((d) => [d.code, d.path])).toContainEqual(['not-json', '/inputSchema/default']);
  });
});
