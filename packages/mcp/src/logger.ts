/** Where registration warnings and server faults go. Injectable so hosts and tests can capture them. */
export interface Logger {
  warn(message: string): void;
}

/**
 * The default logger writes to stderr: over stdio, stdout carries the protocol, so a log line
 * there would corrupt the stream.
 */
export const stderrLogger: Logger = {
  warn(message: string): void {
    process.stderr.write(`${message}\n`);
  },
};
