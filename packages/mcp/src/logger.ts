/** Where registration warnings and server faults go. Injectable so hosts and tests can capture them. */
export interface Logger {
  warn(message: string): void;
  /** Routine events nobody needs to act on (a client that hung up mid-request); optional. */
  debug?(message: string): void;
}

/**
 * The default logger writes to stderr: over stdio, stdout carries the protocol, so a log line
 * there would corrupt the stream. Debug lines only with NODE_DEBUG naming `dialects`.
 */
export const stderrLogger: Logger = {
  warn(message: string): void {
    process.stderr.write(`${message}\n`);
  },
  debug(message: string): void {
    if (/\bdialects\b/.test(process.env.NODE_DEBUG ?? '')) process.stderr.write(`${message}\n`);
  },
};
