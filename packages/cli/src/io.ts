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

export async function readAll(stream: AsyncIterable<string | Uint8Array>): Promise<string> {
  const decoder = new TextDecoder('utf-8');
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}
