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

/** The whole stream as text; with `limit`, stops and throws InputTooLarge past that many bytes. */
export async function readAll(stream: AsyncIterable<string | Uint8Array>, limit = Infinity): Promise<string> {
  const decoder = new TextDecoder('utf-8');
  let text = '';
  let size = 0;
  for await (const chunk of stream) {
    size += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    if (size > limit) throw new InputTooLarge(`the input is over ${limit} bytes`);
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}
