import { StdioLinesTransport } from './stdio-lines-transport.js';

/** Largest stdio line read as one message (the SDK's own default, named so messages can state it). */
export const STDIO_LINE_LIMIT = 10 * 1024 * 1024;

export interface BoundedStdio {
  transport: StdioLinesTransport;
  /** Says why on stderr and exits 1 (once; not while stopping normally). */
  fail(why: string): void;
}

/**
 * This process's stdin/stdout as an MCP server transport that reads at most STDIO_LINE_LIMIT bytes
 * per line, for the bins that serve stdio (the demo server, the proxy). A line the transport cannot
 * read (not JSON, not JSON-RPC) goes to the server's onerror and is skipped; so is a line past the
 * limit, whose request is answered "too large" where its id can be read (StdioLinesTransport).
 * Ending stdin, a closed stdout reader, SIGINT or SIGTERM runs `stop` and exits 0.
 */
export function boundedStdio(label: string, stop: () => Promise<unknown>): BoundedStdio {
  let stopping = false;
  const end = (): void => {
    if (stopping) return;
    stopping = true;
    void stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', end);
  process.on('SIGTERM', end);
  process.stdin.on('end', end);
  // The caller stopped reading (EPIPE on stdout): no answer can reach it, so the bin stops as when
  // its input ends. The transport's own listener drops what is still to send.
  process.stdout.on('error', end);
  const fail = (why: string): void => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${label}: stdio: ${why}; exiting with code 1.\n`);
    process.exit(1);
  };
  const transport = new StdioLinesTransport(process.stdin, process.stdout, STDIO_LINE_LIMIT);
  return { transport, fail };
}
