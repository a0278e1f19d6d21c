// The proxy when its upstream misbehaves: exits mid-call, fails to start, hangs, or is an HTTP
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
// endpoint that goes away. Every caller gets an answer (an error saying what happened); the proxy
// restarts a command upstream with backoff and serves again.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CHILD_TIMEOUT_MS } from '../../../test-timeouts.js';
import { createDialectTools, DIALECT_META_KEY } from '../src/index.js';
import { demoTools } from '../src/demo/tools.js';
import { connectHttp, listen, published, sendHttp, silentLogger, startHttp } from './helpers.js';
import { listeningChild, proxiedHttp, proxiedStdio, proxyBin } from './proxy-helpers.js';

const crashy = [process.execPath, join(import.meta.dirname, 'fixtures', 'crashy-server.mjs')];

async function pid(call: () => Promise<unknown>): Promise<number> {
  return ((await call()) as CallToolResult & { structuredContent: { pid: number } }).structuredContent.pid;
}

describe('proxy upstream failures', () => {
  it('reports an upstream that exits mid-call as an error, restarts it, and serves again', async () => {
    const client = await proxiedStdio(crashy);
    try {
      const first = await pid(() => client.callTool({ name: 'pid', arguments: {} }));
      await expect(client.callTool({ name: 'crash', arguments: {} })).rejects.toThrow(/closed the connection|unavailable/);
      // While it restarts, calls are refused at once, naming the restart; then they succeed again.
      let second: number | undefined;
      const refusals: string[] = [];
      for (let attempt = 0; attempt < 100 && second === undefined; attempt++) {
        try {
          second = await pid(() => client.callTool({ name: 'pid', arguments: {} }));
        } catch (error) {
          refusals.push((error as Error).message);
          await sleep(100);
        }
      }
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      for (const message of refusals) expect(message).toMatch(/Upstream server unavailable: the connection closed; restart attempt 1/);
    } finally {
      await client.close();
    }
  });

  it('times out a call the upstream never answers, and keeps serving', async () => {
    const client = await proxiedStdio(crashy, ['--timeout', '300']);
    try {
      await expect(client.callTool({ name: 'hang', arguments: {} })).rejects.toThrow(/timed out/i);
      expect(await pid(() => client.callTool({ name: 'pid', arguments: {} }))).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });

  it('answers the requests in flight when its caller ends its input, then exits 0', async () => {
    // A caller that writes its requests and closes stdin still reads stdout: round 18 lost the call.
    const lines = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'slow', arguments: {} } },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'hang', arguments: {} } },
    ];
    const run = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = execFile(process.execPath, [proxyBin, 'proxy', '--stdio', '--timeout', '400', '--', ...crashy], { timeout: CHILD_TIMEOUT_MS }, (error, stdout) =>
        resolve({ code: error ? (error.code as number) : 0, stdout }),
      );
      child.stdin?.end(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    });
    expect(run.code).toBe(0);
    const answers = new Map(run.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: number; result?: { content: { text: string }[] }; error?: { message: string } }).map((m) => [m.id, m]));
    expect(answers.get(2)?.result?.content[0]?.text).toBe('slow');
    // The one that never comes is answered by the proxy's own timeout, before it exits.
    expect(answers.get(3)?.error?.message).toMatch(/timed out/i);
  });

  it('exits with a message when the upstream cannot start', async () => {
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, [proxyBin, 'proxy', '--stdio', '--', process.execPath, '-e', 'process.exit(1)'], { timeout: CHILD_TIMEOUT_MS }, (error, _stdout, stderr) =>
        resolve({ code: error ? (error.code as number) : 0, stderr }),
      );
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`could not start the upstream ${process.execPath} -e process.exit(1): it exited with code 1 before answering initialize`);
  });

  it('says why an HTTP upstream could not be started: nothing listening, or an HTTP status', async () => {
    const run = (url: string) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        execFile(process.execPath, [proxyBin, 'proxy', '--port', '0', '--upstream', url], { timeout: CHILD_TIMEOUT_MS }, (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }));
      });
    const missing = await listen((_req, res) => res.writeHead(404).end());
    try {
      const notFound = await run(`http://127.0.0.1:${missing.port}/nope`);
      expect(notFound.code).toBe(1);
      expect(notFound.stderr).toContain(`could not start the upstream http://127.0.0.1:${missing.port}/nope: it answered HTTP 404 before answering initialize`);
    } finally {
      await missing.close();
    }
    // The port just closed: nothing listens there now.
    const refused = await run(`http://127.0.0.1:${missing.port}/mcp`);
    expect(refused.code).toBe(1);
    // One line says it: the transport's raw "fetch failed" no longer comes first.
    expect(refused.stderr).toBe(`dialects-mcp proxy: could not start the upstream http://127.0.0.1:${missing.port}/mcp: it could not be reached (ECONNREFUSED) before answering initialize\n`);
  });

  it('says a command that cannot be run is not there, in one line', async () => {
    const missing = join(tmpdir(), `no-such-server-${process.pid}`);
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, [proxyBin, 'proxy', '--stdio', '--', missing], { timeout: CHILD_TIMEOUT_MS }, (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }));
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`dialects-mcp proxy: could not start the upstream ${missing}: it could not be run (no such command; ENOENT)\n`);
  });

  it('prints its version', async () => {
    const run = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      execFile(process.execPath, [proxyBin, '--version'], { timeout: CHILD_TIMEOUT_MS }, (error, stdout) => resolve({ code: error ? (error.code as number) : 0, stdout }));
    });
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(run).toEqual({ code: 0, stdout: `dialects-mcp ${manifest.version}\n` });
  });

  it('says which bound an upstream that never answers initialize missed', async () => {
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, [proxyBin, 'proxy', '--stdio', '--start-timeout', '300', '--', process.execPath, '-e', 'setInterval(() => {}, 1000)'], { timeout: CHILD_TIMEOUT_MS }, (error, _stdout, stderr) =>
        resolve({ code: error ? (error.code as number) : 0, stderr }),
      );
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('it did not answer initialize within 300 ms (--start-timeout)');
  });

  it('refuses a command line it cannot use, with the usage', async () => {
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, [proxyBin, 'proxy', '--stdio'], { timeout: CHILD_TIMEOUT_MS }, (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }));
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('No upstream');
    expect(run.stderr).toContain('Usage: dialects-mcp proxy');
  });

  it('fails a call in flight at once when its HTTP upstream dies, and serves the next call once it is back on the same port', async () => {
    // A stateful upstream (sessions): round 20 saw the call wait for the whole --timeout, and the
    // first call after the upstream came back fail with "Session not found".
    const sessionServer = join(import.meta.dirname, 'fixtures', 'session-server.mjs');
    let upstream = await listeningChild([process.execPath, sessionServer, '0'], 'upstream');
    const port = new URL(upstream.url).port;
    const proxy = await proxiedHttp([], ['--upstream', upstream.url, '--timeout', '600000']);
    const client = await connectHttp(`${proxy.url}?dialect=flat`);
    try {
      const first = await client.callTool({ name: 'pid', arguments: {} });
      const slow = client.callTool({ name: 'slow', arguments: {} }, undefined, { timeout: 600_000 });
      await sleep(300);
      await upstream.stop();
      // -32000 saying the upstream went away, not the -32001 of a 10-minute timeout.
      await expect(slow).rejects.toThrow(/Upstream server/);
      upstream = await listeningChild([process.execPath, sessionServer, port], 'upstream');
      let second: CallToolResult | undefined;
      const refusals: string[] = [];
      for (let attempt = 0; attempt < 100 && second === undefined; attempt++) {
        try {
          second = (await client.callTool({ name: 'pid', arguments: {} })) as CallToolResult;
        } catch (error) {
          refusals.push((error as Error).message);
          await sleep(100);
        }
      }
      expect(second?.content).not.toEqual(first.content);
      // Refused while the link was down and restarting, never for a session the upstream forgot.
      for (const message of refusals) expect(message).toMatch(/Upstream server unavailable/);
    } finally {
      await client.close();
      await proxy.stop();
      await upstream.stop();
    }
  });

  it('fronts a Streamable HTTP upstream, and answers with an error once it is gone', async () => {
    const dialects = createDialectTools(demoTools(), { logger: silentLogger() });
    const upstream = await startHttp(dialects);
    const proxy = await proxiedHttp([], ['--upstream', upstream.url]);
    try {
      const client = await connectHttp(`${proxy.url}?dialect=flat`);
      const flat = await client.listTools();
      expect(flat.tools).toEqual(dialects.listTools('flat').tools);
      expect((await client.listTools({ _meta: { [DIALECT_META_KEY]: 'canonical' } })).tools).toEqual(demoTools().map(published));
      await upstream.close();
      await expect(client.callTool({ name: 'days_between', arguments: { from: '2026-01-01', to: '2026-01-31' } })).rejects.toThrow(/Upstream server/);
      await client.close();
    } finally {
      await proxy.stop();
    }
  });
});

describe('the proxy bound to every address', () => {
  it('answers to this machine\'s addresses, localhost and each --allowed-host, and refuses any other Host (DNS rebinding)', async () => {
    const crashyServer = join(import.meta.dirname, 'fixtures', 'crashy-server.mjs');
    const proxy = await proxiedHttp([process.execPath, crashyServer], ['--host', '0.0.0.0', '--allowed-host', 'MCP.example.com']);
    const port = Number(new URL(proxy.url).port);
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    try {
      // Round 20: bound to 0.0.0.0 it answered only to "localhost" and "0.0.0.0", so 127.0.0.1 and every remote caller got 403.
      for (const host of ['127.0.0.1', 'localhost', 'mcp.example.com']) expect((await sendHttp(port, 'POST', '/mcp', ping, { host: `${host}:${port}` })).status, host).toBe(200);
      expect((await sendHttp(port, 'POST', '/mcp', ping, { host: `evil.example:${port}` })).status).toBe(403);
    } finally {
      await proxy.stop();
    }
  });

  it('refuses an --allowed-host that is no host name, with the usage (exit 2)', async () => {
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, [proxyBin, 'proxy', '--allowed-host', 'http://x.example:80', '--', process.execPath, '-e', '0'], { timeout: CHILD_TIMEOUT_MS }, (error, _stdout, stderr) =>
        resolve({ code: error ? (error.code as number) : 0, stderr }),
      );
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--allowed-host must be a host name or address, without a scheme or port, got "http://x.example:80"');
  });
});
