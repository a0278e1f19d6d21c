// Registration decides on the lint rules that can refuse a tool before it returns; the rules that
// only warn run after it, in slices, while the server answers, and every warning is still logged.
import { describe, expect, it } from 'vitest';
import { loadDialects } from '@redouble/dialects';
import { createDialectTools, DialectError } from '../src/index.js';
import { adviseLater } from '../src/registration-warnings.js';
import { corpusTools, silentLogger } from './helpers.js';

const registry = loadDialects();
const handler = () => ({ content: [] });
// An external $ref is a warning of a rule that can also refuse (found at registration); an enum no
// value of its type can match is a warning-only rule's (found after).
const external = { name: 'ext', inputSchema: { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } }, handler };
const empty = { name: 'empty', inputSchema: { type: 'object', properties: { mode: { type: 'string', enum: [1, 2] } } }, handler };

describe('registration warnings', () => {
  it('serves at once, logs the warning-only findings after, and resolves with every warning', async () => {
    const logger = silentLogger();
    const tools = createDialectTools([external, empty], { registry, logger });
    // Returned: what can refuse a tool is decided and logged, and the tools are served.
    expect(logger.lines.length).toBe(2);
    expect(logger.lines[0]).toMatch(/^warning: tool "ext" at \/inputSchema\/properties\/a\/\$ref: .*\[json-schema\.tool-schema\.valid\]$/);
    expect(logger.lines[1]).toBe('warning: tool "ext": its schemas could not be checked completely.');
    expect(tools.listTools().tools.map((t) => t.name)).toEqual(['ext', 'empty']);
    const warnings = await tools.warnings;
    expect(warnings.map((w) => [w.code, w.path])).toEqual([
      ['json-schema.tool-schema.valid', '/0/inputSchema/properties/a/$ref'],
      ['json-schema.tool-schema.accepts-nothing', '/1/inputSchema/properties/mode'],
    ]);
    expect(warnings[1]!.message).toMatch(/^tool "empty" at \/inputSchema\/properties\/mode: /);
    expect(logger.lines.slice(2)).toEqual([expect.stringMatching(/^warning: tool "empty" at \/inputSchema\/properties\/mode: .*\[json-schema\.tool-schema\.accepts-nothing\]$/)]);
  });

  it('logs every warning before refusing to start, those of the warning-only rules included', () => {
    const logger = silentLogger();
    const dangling = { name: 'dangling', inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } }, handler };
    expect(() => createDialectTools([empty, dangling], { registry, logger })).toThrow(DialectError);
    expect(logger.lines).toEqual([expect.stringMatching(/^warning: tool "empty" at \/inputSchema\/properties\/mode: .*\[json-schema\.tool-schema\.accepts-nothing\]$/)]);
  });

  it('gives the event loop a turn between slices over a real tool set', async () => {
    const logger = silentLogger();
    const tools = createDialectTools(corpusTools('github-mcp-server'), { registry, logger });
    const jobs = [...Array(40).keys()].map((index) => ({ index, tool: tools.listTools().tools[index] as Record<string, unknown> & { name: string }, complete: true }));
    let turns = 0;
    let done = false;
    const tick = (): void => {
      turns++;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    // Slices of 0 ms: one tool each, so every tool after the first waits for a turn of the loop.
    const pending = adviseLater(jobs, silentLogger(), [], 0);
    await pending;
    done = true;
    expect(turns).toBeGreaterThanOrEqual(jobs.length - 1);
    await tools.warnings;
  });

  it('rejects the warnings promise when the logger throws, and leaves no rejection unhandled', async () => {
    let calls = 0;
    const logger = {
      warn(): void {
        calls++;
        throw new Error('log sink closed');
      },
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const tools = createDialectTools([empty], { registry, logger });
      await expect(tools.warnings).rejects.toThrow('log sink closed');
      // Nobody awaiting the promise of a second set: still no unhandled rejection.
      createDialectTools([{ ...empty, name: 'other' }], { registry, logger });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(calls).toBe(2);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
