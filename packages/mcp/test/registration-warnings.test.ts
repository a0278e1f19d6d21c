// Registration decides on the lint rules that can refuse a tool before it returns; the rules that
// only warn run after it, in slices, while the server answers, and every warning is still logged.
import { spawnSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { LINT_RULES, lintTools, loadDialects } from '@redouble/dialects';
import { createDialectTools, DialectError } from '../src/index.js';
import { adviseLater } from '../src/registration-warnings.js';
import { corpusTools, silentLogger } from './helpers.js';

const registry = loadDialects();
const handler = () => ({ content: [] });
// An external $ref is a warning of a rule that can also refuse (found at registration); an enum no
// value of its type can match is a warning-only rule's (found after).
const external = { name: 'ext', inputSchema: { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } }, handler };
const empty = { name: 'empty', inputSchema: { type: 'object', properties: { mode: { type: 'string', enum: [1, 2] } } }, handler };

/** How many turns the event loop took while `work` ran, and what it resolved with. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ turns: number; value: T }> {
  let turns = 0;
  let done = false;
  const tick = (): void => {
    turns++;
    if (!done) setImmediate(tick);
  };
  setImmediate(tick);
  const value = await work();
  done = true;
  return { turns, value };
}

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
    const jobs = [...Array(40).keys()].map((index) => ({ index, tool: tools.listTools().tools[index] as Record<string, unknown> & { name: string }, complete: true, values: 10 }));
    // Slices of 0 ms: one tool each, so every tool after the first waits for a turn of the loop.
    const { turns } = await turnsDuring(() => adviseLater(jobs, silentLogger(), [], 0));
    expect(turns).toBeGreaterThanOrEqual(jobs.length - 1);
    await tools.warnings;
  });

  it('reads a large tool one rule per slice, and finds what one call over all its rules finds', async () => {
    // 550 properties, about 9 400 values (round 25: all its warning-only rules in one turn took 25-49 ms).
    const properties: Record<string, unknown> = {};
    for (let j = 0; j < 550; j++) properties[`p${j}`] = { type: 'object', properties: { x: { type: 'string', enum: [1] }, y: { anyOf: [{ type: 'integer' }, { type: 'null' }] } } };
    const big = { type: 'object', properties } as Record<string, unknown>;
    const tool = { name: 'big', inputSchema: big };
    const jobs = [{ index: 0, tool, complete: true, values: 9_400 }];
    const { turns, value: found } = await turnsDuring(() => adviseLater(jobs, silentLogger(), [], 0));
    const warningRules = LINT_RULES.filter((r) => !r.severities.includes('error')).length;
    expect(turns).toBeGreaterThanOrEqual(warningRules - 1);
    const whole = lintTools(tool, { rules: 'warnings' }).diagnostics;
    expect(whole.length).toBeGreaterThan(0);
    expect(found.map((d) => `${d.code} ${d.path}`).sort()).toEqual(whole.map((d) => `${d.code} /0${d.path}`).sort());
  });

  it('loses no warning and hides no refusal when the logger throws: the lines go to stderr instead', async () => {
    const thrower = { warn(): void { throw new Error('log sink closed'); } };
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => { written.push(String(chunk)); return true; });
    try {
      const tools = createDialectTools([empty, { ...empty, name: 'other' }], { registry, logger: thrower });
      const warnings = await tools.warnings;
      expect(warnings.map((w) => w.path)).toEqual(['/0/inputSchema/properties/mode', '/1/inputSchema/properties/mode']);
      expect(written.filter((l) => l.includes('[json-schema.tool-schema.accepts-nothing]') && l.includes('the logger threw on this line: log sink closed'))).toHaveLength(2);
      // A refusal is still the DialectError, with its diagnostics, whatever the logger does.
      const dangling = { name: 'dangling', inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } }, handler };
      expect(() => createDialectTools([empty, dangling], { registry, logger: thrower })).toThrow(DialectError);
    } finally {
      spy.mockRestore();
    }
  });

  it('finishes the warning-only checks as the process exits, so a server that ends at once loses none', () => {
    // A child registers a tool with a warning-only finding and calls process.exit at once.
    const script = `import { createDialectTools } from ${JSON.stringify(new URL('../dist/index.js', import.meta.url).href)};
createDialectTools([{ name: 'bad name!', inputSchema: { type: 'object' }, handler: () => ({ content: [] }) }], { logger: { warn: (l) => process.stdout.write(l + '\\n') } });
process.exit(0);`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^warning: tool "bad name!" at \/name: .*\[mcp\.tool\.name\]\n$/);
  });
});
