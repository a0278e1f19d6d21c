// The bins that serve HTTP (the proxy and the demo server) when they cannot listen: a port another
// process holds, an address this machine does not have, a host name that does not resolve. Each is
// a runtime failure (docs/error-handling.md): one plain line on stderr, exit 1, no Node stack
// trace, and nothing left running (the proxy stops the upstream it started). Runs the built bins.
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHILD_TIMEOUT_MS } from '../../../test-timeouts.js';
import { demoBin, goneWithin, killIfRunning, ownLines, proxyBin, runBin, STACK_FRAME, watchedPid, watchedUpstream } from './bin-helpers.js';

// TEST-NET-1 (RFC 5737): documentation only, never an address of a test machine.
const NOT_OURS = '192.0.2.1';
// .invalid (RFC 6761) never resolves; a machine without DNS fails the lookup in another way.
const NO_SUCH_HOST = 'nonexistent.invalid';
const NO_SUCH_HOST_PROBLEM = `(no address found for the host name ${NO_SUCH_HOST}|the host name ${NO_SUCH_HOST} could not be looked up.*)`;

let busy: Server;
let busyPort: number;
const upstreams: Array<number | undefined> = [];

beforeEach(async () => {
  // A port of our own, held for the test: another process listening there.
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as AddressInfo).port;
});

afterEach(async () => {
  for (const pid of upstreams.splice(0)) killIfRunning(pid);
  await new Promise<void>((resolve) => busy.close(() => resolve()));
});

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Both bins listen through one helper (src/http-listen.ts), so they meet the same three failures:
// the options that cause each, and the pattern of what follows "cannot listen on" (read when run,
// once beforeEach has taken a port).
const cases: Array<[string, () => string[], () => string]> = [
  ['a port another process holds', () => ['--port', String(busyPort)], () => `127\\.0\\.0\\.1:${busyPort}: the address is in use.*`],
  ['an address this machine does not have', () => ['--host', NOT_OURS, '--port', '0'], () => `${escape(NOT_OURS)}:0: ${escape(NOT_OURS)} is not an address of this machine`],
  ['a host name that does not resolve', () => ['--host', NO_SUCH_HOST, '--port', '0'], () => `${escape(NO_SUCH_HOST)}:0: ${NO_SUCH_HOST_PROBLEM}`],
];

describe('dialects-mcp proxy when it cannot listen', () => {
  it.each(cases)('%s: one plain line, exit 1, and its upstream stopped', async (_name, options, problem) => {
    const run = await runBin([proxyBin, 'proxy', ...options(), '--', ...watchedUpstream]);
    const pid = watchedPid(run.stderr);
    upstreams.push(pid);
    expect(run.listened).toBe(false);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(STACK_FRAME);
    expect(ownLines(run.stderr)).toEqual([expect.stringMatching(new RegExp(`^dialects-mcp proxy: cannot listen on ${problem()}$`))]);
    // The upstream was started before the listen (it must answer first); the proxy stopped it on the way out.
    expect(pid).toBeTypeOf('number');
    expect(await goneWithin(pid!, CHILD_TIMEOUT_MS / 4)).toBe(true);
  });
});

describe('dialects-mcp-demo when it cannot listen', () => {
  it.each(cases)('%s: one plain line and exit 1', async (_name, options, problem) => {
    const run = await runBin([demoBin, ...options()]);
    expect(run.listened).toBe(false);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(STACK_FRAME);
    expect(ownLines(run.stderr)).toEqual([expect.stringMatching(new RegExp(`^schema-dialects demo: cannot listen on ${problem()}$`))]);
  });
});
