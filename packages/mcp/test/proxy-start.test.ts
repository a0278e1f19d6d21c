// dialects-mcp proxy when its upstream starts but never becomes an MCP server: it refuses initialize
// with a JSON-RPC error, or never answers it. The proxy exits 1 with one plain line, within
// --start-timeout (default 60 s, the SDK's, which nothing could shorten before), and stops the
// upstream it started: before, such an upstream was left running on its own, re-parented to init,
// once per failed start. Runs the built bin.
import { afterEach, describe, expect, it } from 'vitest';
import { CHILD_TIMEOUT_MS } from '../../../test-timeouts.js';
import { goneWithin, killIfRunning, ownLines, proxyBin, runBin, STACK_FRAME, watchedPid } from './bin-helpers.js';

const upstreams: Array<number | undefined> = [];
afterEach(() => {
  for (const pid of upstreams.splice(0)) killIfRunning(pid);
});

/** An upstream that names its pid, keeps running after its input ends, and answers each request with `answer` (none: silence). */
const upstream = (answer: string): string[] => [
  process.execPath,
  '-e',
  `process.stderr.write('watched upstream pid ' + process.pid + '\\n'); setInterval(() => {}, 1 << 30); require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => { const m = JSON.parse(line); ${answer} });`,
];

const refusing = upstream(`if (m.id !== undefined) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, error: { code: -32603, message: 'not ready' } }) + '\\n');`);
const silent = upstream('');

describe.each([['--stdio'], ['--port', '0']])('dialects-mcp proxy %s, an upstream that never becomes a server', (...transport) => {
  it('refusing initialize: one plain line, exit 1, the upstream stopped', async () => {
    const run = await runBin([proxyBin, 'proxy', ...transport, '--', ...refusing]);
    const pid = watchedPid(run.stderr);
    upstreams.push(pid);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(STACK_FRAME);
    expect(ownLines(run.stderr)).toEqual([expect.stringMatching(/^dialects-mcp proxy: could not start the upstream .*: it refused initialize: not ready \(-32603\)$/)]);
    expect(pid).toBeTypeOf('number');
    expect(await goneWithin(pid!, CHILD_TIMEOUT_MS / 4)).toBe(true);
  });

  it('silent: gives up after --start-timeout, exit 1, the upstream stopped', async () => {
    const run = await runBin([proxyBin, 'proxy', ...transport, '--start-timeout', '500', '--', ...silent]);
    const pid = watchedPid(run.stderr);
    upstreams.push(pid);
    expect(run.code).toBe(1);
    expect(ownLines(run.stderr)).toEqual([expect.stringMatching(/^dialects-mcp proxy: could not start the upstream .*: it did not answer initialize within \d+ ms \(--start-timeout\)$/)]);
    expect(pid).toBeTypeOf('number');
    expect(await goneWithin(pid!, CHILD_TIMEOUT_MS / 4)).toBe(true);
  });
});
