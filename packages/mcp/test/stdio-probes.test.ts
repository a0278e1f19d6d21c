// The built bins that serve stdio (the demo server, and the proxy in front of it), fed garbage and
// oversized lines (issue 12): never silent. Uses dist/ (the root `npm test` builds first).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineChunker, type SkippedLine } from '../src/stdio-lines.js';
import { repoRoot } from './helpers.js';

const demo = join(repoRoot, 'packages', 'mcp', 'dist', 'demo', 'server.js');
const proxy = join(repoRoot, 'packages', 'mcp', 'bin', 'dialects-mcp.js');
const servers: Array<[string, string[]]> = [
  ['the demo server', [demo, '--stdio']],
  ['the proxy in front of the demo server', [proxy, 'proxy', '--stdio', '--', process.execPath, demo, '--stdio']],
];
const LIMIT = 10 * 1024 * 1024;

interface Run {
  /** Closes the reading end of the child's stdout, as a caller that hung up does. */
  hangUp(): void;
  write(text: string): void;
  end(): void;
  /** Resolves with the stdout line that answers `id`. */
  answer(id: number): Promise<Record<string, unknown>>;
  exit: Promise<number | null>;
  stderr(): string;
}

function start(args: string[]): Run {
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const waiting = new Map<number, (m: Record<string, unknown>) => void>();
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString('utf8');
    let nl;
    while ((nl = out.indexOf('\n')) >= 0) {
      const message = JSON.parse(out.slice(0, nl)) as Record<string, unknown>;
      out = out.slice(nl + 1);
      waiting.get(message.id as number)?.(message);
    }
  });
  child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  // The server may exit while a write is in flight: EPIPE is expected then.
  child.stdin.on('error', () => undefined);
  return {
    hangUp: () => void child.stdout.destroy(),
    write: (text) => void child.stdin.write(text),
    end: () => void child.stdin.end(),
    answer: (id) => new Promise((resolve) => waiting.set(id, resolve)),
    // 'close', not 'exit': by then stderr has been read to its end too.
    exit: new Promise((resolve) => child.on('close', (code) => resolve(code))),
    stderr: () => err,
  };
}

const ping = (id: number) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}\n`;

describe.each(servers)('%s over stdio, fed bad lines', (_name, args) => {
  it('says what was wrong with a garbage line on stderr and answers the next request', async () => {
    const run = start(args);
    const answered = run.answer(1);
    run.write('this is not json\n{"json":"but not JSON-RPC"}\n' + ping(1));
    expect(await answered).toMatchObject({ id: 1, result: {} });
    // Ending stdin is the normal way out: exit code 0. The stderr line is read once the bin has
    // exited (and its pipes closed): stdout and stderr are two pipes, and on a busy machine the answer may come first.
    run.end();
    expect(await run.exit).toBe(0);
    expect(run.stderr()).toContain('not valid JSON');
  });

  it('a caller that stops reading but keeps stdin open: the answer is dropped and the bin exits 0, no crash', async () => {
    const run = start(args);
    run.hangUp();
    run.write(ping(1));
    expect(await run.exit).toBe(0);
    expect(run.stderr()).not.toMatch(/Unhandled|EPIPE.*\n\s+at /);
  });

  it('a request nested 10,000 levels deep: answered, and the next call is served by the same upstream', async () => {
    const run = start(args);
    const line = (message: unknown) => `${JSON.stringify(message)}\n`;
    const greeted = run.answer(1);
    run.write(line({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '0' } } }));
    await greeted;
    run.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    // Written by hand: JSON.stringify itself cannot write what JSON.parse reads at this depth.
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const call = (id: number, meta: string) =>
      `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"multiply_int32","arguments":{"a":6,"b":7}${meta}}}\n`;
    const refused = run.answer(2);
    run.write(call(2, `,"_meta":{"x":${deep}}`));
    const answer = await refused;
    if (args.includes('proxy')) {
      // The front cannot write it upstream: the caller's fault, said with its place; not a broken link.
      expect(answer.error).toMatchObject({ code: -32602, data: { path: '/params/_meta/x/0/0/0/0/…' } });
      expect((answer.error as { message: string }).message).toContain('nests deeper than 1000 levels');
    } else {
      // The demo server reads _meta and writes nothing of it: the call is answered.
      expect(answer.result).toMatchObject({ structuredContent: { product: 42 } });
    }
    const next = run.answer(3);
    run.write(call(3, ''));
    expect(await next).toMatchObject({ id: 3, result: { structuredContent: { product: 42 } } });
    expect(run.stderr()).not.toMatch(/reconnect|restart|could not be reached/);
    run.end();
    expect(await run.exit).toBe(0);
  });

  it('a request over 10 MiB: answered "too large" under its id, and the lines after it are served', async () => {
    const run = start(args);
    const answered = run.answer(1);
    run.write(ping(1));
    expect(await answered).toMatchObject({ id: 1 });
    const refused = run.answer(2);
    run.write(`{"jsonrpc":"2.0","id":2,"method":"ping","params":{"pad":"${'x'.repeat(LIMIT + 10)}"}}\n`);
    expect(await refused).toMatchObject({ id: 2, error: { code: -32600, message: expect.stringContaining('too large') } });
    const next = run.answer(3);
    run.write(ping(3));
    expect(await next).toMatchObject({ id: 3 });
    expect(run.stderr()).toContain('skipped a request of');
    run.end();
    expect(await run.exit).toBe(0);
  });
});

describe('LineChunker', () => {
  /** The chunks as the reader receives them ('data' in flowing mode: one event per push). */
  const chunk = (pieces: string[], limit: number) =>
    new Promise<{ out: string[]; skipped: SkippedLine[] }>((resolve, reject) => {
      const out: string[] = [];
      const skipped: SkippedLine[] = [];
      const stream = Readable.from(pieces.map((p) => Buffer.from(p))).pipe(new LineChunker(limit, (line) => skipped.push(line)));
      stream.on('data', (c: Buffer) => out.push(c.toString('utf8')));
      stream.on('end', () => resolve({ out, skipped }));
      stream.on('error', reject);
    });

  it('hands on whole lines however the bytes were cut', async () => {
    expect((await chunk(['ab', 'c\nde', 'f\ng\n', 'h'], 100)).out).toEqual(['abc\n', 'def\ng\n', 'h']);
  });

  it('skips a line longer than the limit, whether it arrives in one piece or many, and goes on', async () => {
    expect(await chunk(['123456\nok\n'], 5)).toEqual({ out: ['ok\n'], skipped: [{ bytes: 6, head: '123456' }] });
    expect(await chunk(['a\n12', '34', '56', '7\nok\n'], 5)).toEqual({ out: ['a\n', 'ok\n'], skipped: [{ bytes: 7, head: '123456' }] });
    expect(await chunk(['ab', '123456789\n', 'x'], 5)).toEqual({ out: ['x'], skipped: [{ bytes: 11, head: 'ab123456789' }] });
    expect(await chunk(['ok\n', '12345\n'], 5)).toEqual({ out: ['ok\n', '12345\n'], skipped: [] });
  });
});
