import { StdioLinesTransport } from './stdio-lines-transport.js';

/** Largest stdio line read as one message (the SDK's own default, named so messages can state it). */
export const STDIO_LINE_LIMIT = 10 * 1024 * 1024;

export interface BoundedStdio {
  transport: StdioLinesTransport;
  /** Says why on stderr and exits 1 (once; not while stopping normally). */
  fail(why: string): void;
}

/** How long a caller that ended its input is still answered by default (a bin with a request timeout passes its own). */
export const DRAIN_MS = 60_000;

/**
 * This process's stdin/stdout as an MCP server transport that reads at most STDIO_LINE_LIMIT bytes
 * per line, for the bins that serve stdio (the demo server, the proxy). A line the transport cannot
 * read (not JSON, not JSON-RPC) goes to the server's onerror and is skipped; so is a line past the
 * limit, whose request is answered "too large" where its id can be read (StdioLinesTransport).
 * Ending stdin runs `stop` and exits 0 once every request read has been answered, or after
 * `drainMs`, saying on stderr how many were left unanswered: a caller that writes its requests and
 * closes its input still reads the answers. A closed stdout reader, SIGINT or SIGTERM stops at once.
 */
export function boundedStdio(label: string, stop: () => Promise<unknown>, drainMs = DRAIN_MS): BoundedStdio {
  let stopping = false;
  const end = (): void => {
    if (stopping) return;
    stopping = true;
    void stop().finally(() => process.exit(0));
  };
  const transport = new StdioLinesTransport(process.stdin, process.stdout, STDIO_LINE_LIMIT);
  process.on('SIGINT', end);
  process.on('SIGTERM', end);
  process.stdin.on('end', () => {
    if (stopping || transport.pending === 0) return end();
    const timer = setTimeout(() => {
      if (transport.pending > 0) process.stderr.write(`${label}: stdin ended; ${transport.pending} request(s) still unanswered after ${drainMs} ms are dropped.\n`);
      end();
    }, drainMs);
    void transport.whenIdle().then(() => {
      clearTimeout(timer);
      end();
    });
  });
  // The caller stopped reading (EPIPE on stdout): no answer can reach it, so the bin stops as when
  // its input ends. The transport's own listener drops what is still to send.
  process.stdout.on('error', end);
  const fail = (why: string): void => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${label}: stdio: ${why}; exiting with code 1.\n`);
    process.exit(1);
  };
  return { transport, fail };
}
