// A dialect's first tools/list converts every tool (100-150 ms for the 881 corpus tools): built in
// slices with a turn of the event loop between them, so other requests are answered meanwhile, and
// the list is the one a build in one go gives.
import { describe, expect, it } from 'vitest';
import { loadDialects } from '@redouble/dialects';
import { registerTools } from '../src/register-tools.js';
import { ToolListCache } from '../src/tool-list-cache.js';
import { corpusTools, silentLogger } from './helpers.js';

const registry = loadDialects();
const dialect = registry.get('openai_strict');
const { registered } = registerTools(corpusTools('github-mcp-server'), silentLogger());

describe('ToolListCache, a first build in slices', () => {
  it('gives the event loop a turn between slices, and the same list as a build in one go', async () => {
    const sliced = new ToolListCache(registered, silentLogger(), [], 0);
    let turns = 0;
    const tick = (): void => {
      turns++;
      if (!done) setImmediate(tick);
    };
    let done = false;
    setImmediate(tick);
    const pending = sliced.getAsync(dialect);
    expect(pending).toBeInstanceOf(Promise);
    const list = await pending;
    done = true;
    // A slice of 0 ms converts one tool: every other tool waited for a turn of the loop.
    expect(turns).toBeGreaterThan(registered.size / 2);
    expect(list).toEqual(new ToolListCache(registered, silentLogger()).get(dialect));
    // Built once: later requests get the same object at once.
    expect(sliced.getAsync(dialect)).toBe(list);
  });

  it('shares one build between requests that come while it runs, and a synchronous get finishes it', async () => {
    const logger = silentLogger();
    const { registered: tools } = registerTools([...corpusTools('github-mcp-server'), { name: 'either', inputSchema: { type: 'object', anyOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'number' } }, required: ['b'] }] }, handler: () => ({ content: [] }) }], silentLogger());
    const cache = new ToolListCache(tools, logger, [], 0);
    const first = cache.getAsync(dialect);
    const second = cache.getAsync(dialect);
    expect(second).toBe(first);
    // A caller that needs the list now (DialectTools.listTools(), which is synchronous) takes over the build.
    const now = cache.get(dialect);
    expect(await first).toBe(now);
    // The tool the dialect refuses is left out and logged once, however the build ended.
    expect(now._meta['ai.redouble/dialect-omitted']).toEqual(['either']);
    expect(logger.lines.filter((l) => l.includes('"either" left out'))).toHaveLength(1);
  });
});
