// A hostile pattern x a hostile string over real Streamable HTTP: the pattern check runs in a worker,
// so the event loop keeps serving; a concurrent call completes while the hostile call is still
// pending, and the hostile call ends in a refusal that names the time limit. Ordering is asserted,
// never wall time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { loadDialects } from '@redouble/dialects';
import { createDialectTools, type DialectTool } from '../src/index.js';
import { connectHttp, silentLogger, startHttp, type RunningServer } from './helpers.js';

const registry = loadDialects();
const HOSTILE_PATTERN = '^(?=(a+)+$)a';
const HOSTILE_STRING = 'a'.repeat(40) + '!';

const tools = (): DialectTool[] => [
  {
    name: 'guarded',
    inputSchema: { type: 'object', properties: { word: { type: 'string', pattern: HOSTILE_PATTERN } }, required: ['word'] },
    handler: (args) => ({ content: [{ type: 'text', text: `guarded ${String(args.word)}` }] }),
  },
  {
    name: 'plain',
    inputSchema: { type: 'object', properties: { line: { type: 'string', pattern: '^.+$' } }, required: ['line'] },
    handler: (args) => ({ content: [{ type: 'text', text: `plain ${String(args.line)}` }] }),
  },
];

function text(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

async function call(url: string, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const client = await connectHttp(url);
  try {
    return (await client.callTool({ name, arguments: args })) as CallToolResult;
  } finally {
    await client.close();
  }
}

describe('a hostile pattern over HTTP', () => {
  // A long limit, so the hostile call is surely still running while the other call is served.
  const patient = createDialectTools(tools(), { registry, logger: silentLogger(), judge: { patternTimeLimitMs: 3_000 } });
  const strict = createDialectTools(tools(), { registry, logger: silentLogger() });
  let patientServer: RunningServer;
  let strictServer: RunningServer;
  beforeAll(async () => {
    patientServer = await startHttp(patient);
    strictServer = await startHttp(strict);
  });
  afterAll(async () => {
    await patientServer.close();
    await strictServer.close();
  });

  it('does not hold up a concurrent call while its check runs', async () => {
    // The worker starts on the first bounded check; a harmless one first keeps its start out of the race.
    expect(text(await call(patientServer.url, 'guarded', { word: 'aa' }))).toBe('guarded aa');
    let hostileSettled = false;
    const hostile = call(patientServer.url, 'guarded', { word: HOSTILE_STRING }).finally(() => {
      hostileSettled = true;
    });
    const concurrent = await call(patientServer.url, 'plain', { line: 'served meanwhile' });
    expect(text(concurrent)).toBe('plain served meanwhile');
    expect(hostileSettled).toBe(false);
    const refused = await hostile;
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain(`/word could not be checked against the pattern ${HOSTILE_PATTERN} within 3000 ms, so it is not accepted`);
    // The worker was replaced: the tool still answers, and still refuses what the pattern refuses.
    expect(text(await call(patientServer.url, 'guarded', { word: 'aaa' }))).toBe('guarded aaa');
    expect(text(await call(patientServer.url, 'guarded', { word: 'b' }))).toContain('must match the pattern');
  });

  it('refuses the hostile call within the default limit and keeps serving', async () => {
    const refused = await call(strictServer.url, 'guarded', { word: HOSTILE_STRING });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain('within 50 ms, so it is not accepted');
    const plain = await call(strictServer.url, 'plain', { line: 'a\rb' });
    // ECMA-262: "." does not match a carriage return.
    expect(plain.isError).toBe(true);
  });
});
