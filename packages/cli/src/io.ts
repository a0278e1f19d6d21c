/**
 * The streams a command talks to. Commands never touch `process` directly, so tests run them
 * in-process with in-memory streams and the binary passes the real ones.
 */
export interface Io {
  stdin: AsyncIterable<string | Uint8Array>;
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  /** True when stdin is a terminal: reading it would wait for a person, so `convert` refuses. */
  isTTY: boolean;
}

/** Every command has this shape; the number is the exit code. */
export type Command = (argv: string[], io: Io) => Promise<number>;

/** Exit codes shared by every command. */
export const EXIT_OK = 0;
export const EXIT_INPUT = 1;
export const EXIT_USAGE = 2;

/** Thrown by readAll when the stream is longer than its limit; reading stops there. */
export class InputTooLarge extends Error {}

/**
 * The whole stream as bytes; with `limit`, stops and throws InputTooLarge past that many bytes.
 * Bytes, not text: the caller decodes them whole, strictly, and can then say where a bad byte is.
 */
export async function readAll(stream: AsyncIterable<string | Uint8Array>, limit = Infinity): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    size += bytes.byteLength;
    if (size > limit) throw new InputTooLarge(`the input is over ${limit} bytes`);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}
