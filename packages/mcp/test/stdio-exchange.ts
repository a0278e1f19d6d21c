// Raw lines to a stdio server (a transport's streams, or a spawned bin) and the answers read back
// by id: what a caller that writes its own JSON-RPC sees, batches and all.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { createStdioTransport } from '../src/index.js';

export type Answer = { jsonrpc: string; id: unknown; result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } };

export interface Exchange {
  /** Writes one line: a string as it is, anything else as JSON. */
  send(message: unknown): void;
  /** The next answer under `id` (null included) not taken yet; waits for it. */
  answer(id: unknown): Promise<Answer>;
  /** Every line read so far, in order. */
  readonly lines: Answer[];
}

export function exchange(input: Writable, output: Readable): Exchange {
  const lines: Answer[] = [];
  const unclaimed = new Map<string, Answer[]>();
  const waiting = new Map<string, ((a: Answer) => void)[]>();
  createInterface({ input: output }).on('line', (line) => {
    const answer = JSON.parse(line) as Answer;
    lines.push(answer);
    const key = JSON.stringify(answer.id ?? null);
    const next = waiting.get(key)?.shift();
    if (next) next(answer);
    else unclaimed.set(key, [...(unclaimed.get(key) ?? []), answer]);
  });
  return {
    lines,
    send: (message) => void input.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`),
    answer: (id) => {
      const key = JSON.stringify(id);
      const ready = unclaimed.get(key)?.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve) => waiting.set(key, [...(waiting.get(key) ?? []), resolve]));
    },
  };
}

export interface Child extends Exchange {
  stderr(): string;
  /** Ends its input and resolves with its exit code once it has closed. */
  end(): Promise<number | null>;
}

/** `node args` with its stdio as an Exchange. */
export function spawnExchange(args: string[]): Child {
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  // The child may exit while a write is in flight: EPIPE is expected then.
  child.stdin.on('error', () => undefined);
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    ...exchange(child.stdin, child.stdout),
    stderr: () => stderr,
    end: () => {
      child.stdin.end();
      return closed;
    },
  };
}

/** An initialize request line's message; `meta` becomes its params._meta. */
export function initialize(id: number, protocolVersion: string, meta?: Record<string, unknown>): Record<string, unknown> {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw-lines', version: '0' }, ...(meta === undefined ? {} : { _meta: meta }) },
  };
}

/**
 * `connect` joined to a stdio transport over in-memory streams, with an exchange over them: what
 * the tests of one server setup (attach, withDialects) share. `close` ends what `connect` started.
 */
export async function overStdio(connect: (transport: Transport) => Promise<unknown>, close: () => Promise<unknown>): Promise<Exchange & { close: () => Promise<unknown> }> {
  const input = new PassThrough();
  const output = new PassThrough();
  await connect(createStdioTransport({ input, output }));
  return Object.assign(exchange(input, output), { close });
}
