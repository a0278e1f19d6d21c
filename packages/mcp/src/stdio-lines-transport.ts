import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { answerableId, jsonRpcProblem } from './check-json-rpc.js';
import { refuseBatch } from './stdio-batch.js';
import { LineChunker, type SkippedLine } from './stdio-lines.js';
import { readLineHead } from './line-head.js';
import { messageText } from './message-text.js';

/**
 * A stdio server end toward the caller (the demo server's and the proxy's): newline-delimited
 * JSON-RPC, each line parsed once and its envelope checked by hand (check-json-rpc.ts). The SDK's
 * StdioServerTransport also parses each message with its zod message schema, which the SDK's
 * Protocol repeats when it routes the message, and concatenates its buffer again for every chunk;
 * on the proxy's path every call crosses here twice. A request whose envelope is wrong but whose
 * id is usable is answered with -32600 under that id (the SDK would drop it, and its caller would
 * wait forever); so is each request in a batch line (a JSON array: read under no protocol version,
 * see stdio-batch.ts), and a batch with none, `[]` too, gets one -32600 under id null on the server
 * end. Any other line that is not a JSON-RPC message is reported through onerror and skipped, as
 * the SDK does. A line over `limit` bytes is skipped whole (LineChunker) and the stream goes on:
 * where its first bytes name a top-level id (line-head.ts), its sender still hears of it; a line
 * that is not JSON is answered with -32700 and id null, as JSON-RPC asks. On the server end
 * (`side: 'server'`, toward a caller) a request is answered with -32600 "too large"; on the client end (toward an upstream) an answer is delivered as an error
 * under its id, so the request that waits for it fails with the reason, not with a closed
 * connection. Anything else is reported through onerror.
 */
export class StdioLinesTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private lines: LineChunker | undefined;
  private closed = false;
  /** The output failed (EPIPE: the caller stopped reading): answers are dropped, never thrown. */
  private broken = false;
  /** On the server end, the ids of requests read and not yet answered (nor cancelled by their caller). */
  private readonly inFlight = new Set<string>();
  private idleWaiters: (() => void)[] = [];
  /** Writes waiting for room on the output (whenWritable). */
  private writeWaiters: (() => void)[] = [];

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly limit: number,
    /** Which end this is: a server's toward its caller, or a client's toward an upstream server. */
    private readonly side: 'server' | 'client' = 'server',
  ) {}

  // pipe() forwards no error: a failing input (EIO, a closed descriptor) is told to onerror, as the SDK's transport tells it.
  private readonly inputFailed = (error: Error): void => this.onerror?.(error);

  // A write to a reader that is gone fails as an 'error' event, which with no listener ends the
  // process: told once, the transport closes, and what is still to send is dropped.
  private readonly outputFailed = (error: Error): void => {
    if (this.broken) return;
    this.broken = true;
    this.onerror?.(new Error(`the output failed (${(error as NodeJS.ErrnoException).code ?? error.message}); the reader is gone, so answers still to send are dropped`));
    void this.close();
  };

  async start(): Promise<void> {
    if (this.lines) throw new Error('StdioLinesTransport already started');
    this.input.on('error', this.inputFailed);
    // Kept after close: a write still in flight may fail later.
    this.output.on('error', this.outputFailed);
    const lines = new LineChunker(this.limit, (line) => this.tooLong(line));
    this.lines = lines;
    lines.on('data', (chunk: Buffer) => this.read(chunk));
    lines.on('error', (error: Error) => this.onerror?.(error));
    this.input.pipe(lines);
  }

  /** A line past the limit, skipped: its sender is answered where its head names an id. */
  private tooLong(line: SkippedLine): void {
    if (this.closed) return;
    const head = readLineHead(line.head);
    const size = `${line.bytes} bytes, past the ${this.limit} read as one message`;
    if (this.side === 'server' && head.id !== undefined && head.keys.has('method')) {
      void this.send({ jsonrpc: '2.0', id: head.id, error: { code: -32600, message: `Invalid Request: the request is too large (${size}); it was not read.` } });
      this.onerror?.(new Error(`skipped a request of ${size} (id ${JSON.stringify(head.id)}); it is answered with an error.`));
      return;
    }
    if (this.side === 'client' && head.id !== undefined && !head.keys.has('method') && (head.keys.has('result') || head.keys.has('error'))) {
      this.onerror?.(new Error(`skipped an answer of ${size} (id ${JSON.stringify(head.id)}); its request fails with that reason.`));
      this.onmessage?.({ jsonrpc: '2.0', id: head.id, error: { code: -32603, message: `The server's answer is too large (${size}); it was not read.` } });
      return;
    }
    this.onerror?.(new Error(`skipped a line of ${size}; no request or answer id could be read from its start.`));
  }

  /** Requests read and not yet answered (server end): what a caller that ended its input still waits for. */
  get pending(): number {
    return this.inFlight.size;
  }

  /** Resolves once every request read has been answered (or cancelled by its caller), or the transport closed. */
  whenIdle(): Promise<void> {
    if (this.inFlight.size === 0 || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private settled(id: unknown): void {
    if (this.inFlight.delete(idKey(id)) && this.inFlight.size === 0) this.releaseWaiters();
  }

  private releaseWaiters(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.side === 'server' && ('result' in message || 'error' in message)) this.settled(message.id);
    return new Promise((resolve) => {
      if (this.broken || this.output.destroyed) return resolve();
      // Text first: a message JSON cannot carry is answered or refused whole (messageText), never half-written.
      if (this.output.write(`${messageText(message)}\n`)) return resolve();
      this.whenWritable(resolve);
    });
  }

  /**
   * Runs `resume` once the output has room, or fails or closes (a gone reader never drains). One set
   * of listeners serves every write waiting: three per write made Node warn of a listener leak
   * (MaxListenersExceededWarning) once more than ten answers were backed up behind a slow reader.
   */
  private whenWritable(resume: () => void): void {
    this.writeWaiters.push(resume);
    if (this.writeWaiters.length > 1) return;
    const done = (): void => {
      this.output.off('drain', done);
      this.output.off('error', done);
      this.output.off('close', done);
      const waiting = this.writeWaiters;
      this.writeWaiters = [];
      for (const w of waiting) w();
    };
    this.output.on('drain', done);
    this.output.on('error', done);
    this.output.on('close', done);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('error', this.inputFailed);
    if (this.lines) {
      this.input.unpipe(this.lines);
      this.lines.removeAllListeners('data');
    }
    // Paused, so that this process can end once nothing else reads its input.
    this.input.pause();
    this.releaseWaiters();
    this.onclose?.();
  }

  /** One chunk of whole lines (the chunker's last one, at the end of input, may lack its newline). */
  private read(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      this.receive(chunk.toString('utf8', start, nl > start && chunk[nl - 1] === 13 ? nl - 1 : nl));
      start = nl + 1;
    }
    if (start < chunk.length) this.receive(chunk.toString('utf8', start));
  }

  private receive(line: string): void {
    if (this.closed || line.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch (error) {
      // JSON-RPC answers a parse error with id null: no id can be read, but the sender hears why.
      if (this.side === 'server') void this.send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: `Parse error: the line is not JSON (${(error as Error).message}).` } } as unknown as JSONRPCMessage);
      this.onerror?.(new Error(`skipped a line that is not JSON (${(error as Error).message}).`));
      return;
    }
    if (Array.isArray(message)) return this.refuse(message);
    const problem = jsonRpcProblem(message);
    if (problem) {
      // A request with a usable id is answered: its caller waits for that id, and would wait forever.
      const id = answerableId(message);
      if (id !== undefined) {
        void this.send({ jsonrpc: '2.0', id, error: { code: -32600, message: `Invalid Request: ${problem}` } });
        return;
      }
      this.onerror?.(new Error(`skipped a line that is not a JSON-RPC message: ${problem}`));
      return;
    }
    if (this.side === 'server') this.track(message as Record<string, unknown>);
    this.onmessage?.(message as JSONRPCMessage);
  }

  /** A batch line: each request in it answered under its id (stdio-batch.ts), so none is left waiting. */
  private refuse(batch: unknown[]): void {
    const refusal = refuseBatch(batch, this.side);
    for (const answer of refusal.answers) void this.send(answer);
    this.onerror?.(new Error(refusal.report));
    for (const answer of refusal.delivered) this.onmessage?.(answer);
  }

  /** A request is in flight until answered; a caller's cancellation settles it (the server sends no answer then). */
  private track(message: Record<string, unknown>): void {
    if (typeof message.method !== 'string') return;
    if ('id' in message) this.inFlight.add(idKey(message.id));
    else if (message.method === 'notifications/cancelled') {
      const params = message.params as { requestId?: unknown } | undefined;
      if (params !== undefined && params !== null && typeof params === 'object') this.settled(params.requestId);
    }
  }
}

/** A JSON-RPC id as one key: 1 and "1" are different requests. */
function idKey(id: unknown): string {
  return `${typeof id}:${String(id)}`;
}
