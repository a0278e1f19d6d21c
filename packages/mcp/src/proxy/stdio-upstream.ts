import { spawn, type ChildProcess } from 'node:child_process';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { StdioLinesTransport } from '../stdio-lines-transport.js';
import { STDIO_LINE_LIMIT } from '../stdio-serve.js';

export interface StdioUpstreamParams {
  command: string;
  args: string[];
  /** The child's whole environment. */
  env: Record<string, string>;
}

/** How long close() waits for the upstream to exit after its input ends, then after SIGTERM (the SDK's own waits). */
const EXIT_WAIT_MS = 2000;

/**
 * The proxy's stdio client end: starts the upstream command and speaks newline-delimited JSON-RPC
 * with it, as the SDK's StdioClientTransport does (same spawn, same close: end its input, then
 * SIGTERM, then SIGKILL). Why not that transport: every answer of the upstream crosses the proxy
 * here, and it parses each message with its zod message schema before the SDK's Protocol checks
 * the message's kind again, and copies its buffer for every chunk; this end reads lines the way the
 * proxy's caller end does (StdioLinesTransport: one JSON.parse, the envelope checked by hand). On
 * a 16 KB tool result that was about a twelfth of the proxy's instructions per call (callgrind).
 * A line that is not a JSON-RPC message is reported through onerror and skipped, as the SDK does;
 * a line past STDIO_LINE_LIMIT is skipped, and the request its answer was for fails with that reason;
 * a batch line is not run, its requests answered -32600 and its answers failing their requests (stdio-batch.ts).
 */
export class StdioUpstreamTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private child: ChildProcess | undefined;
  private lines: StdioLinesTransport | undefined;
  private closing: Promise<void> | undefined;

  constructor(private readonly params: StdioUpstreamParams) {}

  /** How the upstream's process ended ("exited with code 4", "was killed by SIGKILL"), once it has. */
  exitStatus: string | undefined;

  /** The upstream's process id once started. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  start(): Promise<void> {
    if (this.child) throw new Error('StdioUpstreamTransport already started');
    return new Promise((resolve, reject) => {
      const child = spawn(this.params.command, this.params.args, {
        env: this.params.env,
        // Its own messages stay visible on the proxy's stderr.
        stdio: ['pipe', 'pipe', 'inherit'],
        shell: false,
        windowsHide: process.platform === 'win32',
      });
      this.child = child;
      child.on('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on('spawn', () => resolve());
      child.on('close', (code, signal) => {
        // Ended by this transport's own close (input ended, SIGTERM): no news about the upstream.
        if (this.closing === undefined) this.exitStatus = code !== null ? `exited with code ${code}` : `was killed by ${signal ?? 'a signal'}`;
        this.child = undefined;
        this.onclose?.();
      });
      child.stdin!.on('error', (error) => this.onerror?.(error));
      child.stdout!.on('error', (error) => this.onerror?.(error));
      const lines = new StdioLinesTransport(child.stdout!, child.stdin!, STDIO_LINE_LIMIT, 'client');
      this.lines = lines;
      lines.onmessage = (message) => this.onmessage?.(message);
      lines.onerror = (error) => this.onerror?.(error);
      lines.onclose = () => void this.close().catch(() => undefined);
      void lines.start();
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (!this.child || !this.lines) return Promise.reject(new Error('Not connected'));
    return this.lines.send(message);
  }

  /** Every close() waits for the same end: a caller that closes after the SDK did (a failed start) still waits for the child to be gone. */
  close(): Promise<void> {
    this.closing ??= this.stop();
    return this.closing;
  }

  private async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    const exited = (): Promise<void> => Promise.race([closed, new Promise<void>((resolve) => setTimeout(resolve, EXIT_WAIT_MS).unref())]);
    try {
      child.stdin?.end();
    } catch {
      // Its input is already gone.
    }
    await exited();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited();
    }
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
