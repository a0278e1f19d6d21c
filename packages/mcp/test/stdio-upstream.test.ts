// The proxy's stdio client end (proxy/stdio-upstream.ts), against real child processes: messages
// in both directions, a line that is not JSON-RPC skipped with a reason while the next still
// arrives, a command that cannot start, and close() ending an upstream that ignores its input
// ending (SIGTERM), with onclose told once the process is gone.
import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { StdioUpstreamTransport } from '../src/proxy/stdio-upstream.js';

/** A child that answers each line with a result naming its id, after first printing a line that is not JSON-RPC. */
const ECHO_CHILD = `
process.stdout.write('not json\\n' + JSON.stringify({ hello: 1 }) + '\\n');
let buf = '';
process.stdin.on('data', (d) => {
  buf += d;
  let i;
  while ((i = buf.indexOf('\\n')) >= 0) {
    const m = JSON.parse(buf.slice(0, i));
    buf = buf.slice(i + 1);
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { echoed: m.method, pid: process.pid } }) + '\\n');
  }
});
`;

function open(script: string): { transport: StdioUpstreamTransport; messages: JSONRPCMessage[]; errors: string[]; closes: () => number } {
  const transport = new StdioUpstreamTransport({ command: process.execPath, args: ['-e', script], env: { ...process.env } as Record<string, string> });
  const messages: JSONRPCMessage[] = [];
  const errors: string[] = [];
  let closes = 0;
  transport.onmessage = (m) => messages.push(m);
  transport.onerror = (e) => errors.push(e.message);
  transport.onclose = () => closes++;
  return { transport, messages, errors, closes: () => closes };
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('StdioUpstreamTransport', () => {
  it('speaks JSON-RPC lines with the child and skips, with a reason, lines that are not messages', async () => {
    const { transport, messages, errors, closes } = open(ECHO_CHILD);
    await transport.start();
    const pid = transport.pid;
    expect(pid).toBeGreaterThan(0);
    await transport.send({ jsonrpc: '2.0', id: 7, method: 'tools/list' });
    await until(() => messages.length === 1);
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 7, result: { echoed: 'tools/list', pid } }]);
    expect(errors).toEqual([
      expect.stringMatching(/^skipped a line that is not JSON/),
      expect.stringMatching(/^skipped a line that is not a JSON-RPC message/),
    ]);
    await transport.close();
    await until(() => closes() === 1);
    expect(transport.pid).toBeNull();
    await expect(transport.send({ jsonrpc: '2.0', id: 8, method: 'ping' })).rejects.toThrow('Not connected');
  });

  it('rejects start when the command cannot be started', async () => {
    const transport = new StdioUpstreamTransport({ command: '/nonexistent/upstream-command', args: [], env: {} });
    const errors: string[] = [];
    transport.onerror = (e) => errors.push(e.message);
    await expect(transport.start()).rejects.toThrow(/ENOENT/);
    expect(errors).toEqual([expect.stringMatching(/ENOENT/)]);
  });

  it('ends an upstream that ignores the end of its input with SIGTERM', async () => {
    // Keeps running after stdin ends; says so when SIGTERM comes, then exits.
    const { transport, messages, closes } = open(
      `process.stdin.resume(); process.on('SIGTERM', () => process.stdout.write('{"jsonrpc":"2.0","method":"sigterm"}\\n', () => process.exit(0))); setInterval(() => {}, 1000);`,
    );
    await transport.start();
    const started = Date.now();
    await transport.close();
    await until(() => closes() === 1);
    // One wait of the input-end grace period, not the SIGKILL one after it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(messages).toEqual([{ jsonrpc: '2.0', method: 'sigterm' }]);
  });
});
