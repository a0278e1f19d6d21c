import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { answerableId, jsonRpcProblem } from './check-json-rpc.js';
import { LineChunker } from './stdio-lines.js';
import { messageText } from './message-text.js';

/**
 * A stdio server end toward the caller (the demo server's and the proxy's): newline-delimited
 * JSON-RPC, each line parsed once and its envelope checked by hand (check-json-rpc.ts). The SDK's
 * StdioServerTransport also parses each message with its zod message schema, which the SDK's
 * Protocol repeats when it routes the message, and concatenates its buffer again for every chunk;
 * on the proxy's path every call crosses here twice. A request whose envelope is wrong but whose
 * id is usable is answered with -32600 under that id (the SDK would drop it, and its caller would
 * wait forever); any other line that is not a JSON-RPC message is reported through onerror and
 * skipped, as the SDK does. A line over `limit` bytes (LineChunker)
 * goes to `onTooLong` when given (the bins exit on it, see stdio-serve.ts), else it is reported
 * through onerror and closes the transport.
 */
export class StdioLinesTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private lines: LineChunker | undefined;
  private closed = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly limit: number,
    private readonly onTooLong?: (error: Error) => void,
  ) {}

  async start(): Promise<void> {
    if (this.lines) throw new Error('StdioLinesTransport already started');
    const lines = new LineChunker(this.limit);
    this.lines = lines;
    lines.on('data', (chunk: Buffer) => this.read(chunk));
    lines.on('error', (error: Error) => {
      if (this.onTooLong) return this.onTooLong(error);
      this.onerror?.(error);
      void this.close();
    });
    this.input.pipe(lines);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      // Text first: a message JSON cannot carry is answered or refused whole (messageText), never half-written.
      if (this.output.write(`${messageText(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.lines) {
      this.input.unpipe(this.lines);
      this.lines.removeAllListeners('data');
    }
    // Paused, so that this process can end once nothing else reads its input.
    this.input.pause();
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
      this.onerror?.(new Error(`skipped a line that is not JSON (${(error as Error).message}).`));
      return;
    }
    // A batch is no message of MCP over stdio (the SDK refuses it too).
    const problem = Array.isArray(message) ? 'a JSON-RPC message must be a JSON object.' : jsonRpcProblem(message);
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
    this.onmessage?.(message as JSONRPCMessage);
  }
}
