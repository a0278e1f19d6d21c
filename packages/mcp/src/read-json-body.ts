import type { IncomingMessage } from 'node:http';

export type BodyReading =
  | { ok: true; body: unknown }
  /** `dropped`: the client went away (or stalled past the time limit); nobody may be listening for the answer. */
  | { ok: false; status: number; code: number; message: string; dropped?: boolean };

/**
 * Reads and parses a JSON request body. Settles exactly once and never rejects: a body past
 * `limit` bytes is refused before it is all in memory, one that has not fully arrived after
 * `timeoutMs` is refused (a slow-loris upload must not hold the request open), and a client that
 * hangs up mid-body ends the reading with `dropped` instead of an unhandled 'aborted' error.
 */
export function readJsonBody(req: IncomingMessage, limit: number, timeoutMs: number): Promise<BodyReading> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (reading: BodyReading): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      // Later stream errors (the socket reset after we answered) must still have a listener.
      resolve(reading);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) settle({ ok: false, status: 413, code: -32600, message: `Request body is larger than ${limit} bytes.` });
      else chunks.push(chunk);
    };
    const onEnd = (): void => {
      try {
        settle({ ok: true, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      } catch (error) {
        settle({ ok: false, status: 400, code: -32700, message: `Parse error: ${(error as Error).message}` });
      }
    };
    const onClose = (): void => {
      settle({ ok: false, status: 400, code: -32600, message: 'The client closed the connection before the request body was complete.', dropped: true });
    };
    const timer = setTimeout(() => {
      settle({ ok: false, status: 408, code: -32600, message: `Request body did not arrive in full within ${timeoutMs} ms.`, dropped: true });
    }, timeoutMs);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    // 'aborted' / ECONNRESET arrive here; 'close' follows and settles. Kept for the request's life.
    req.on('error', () => undefined);
  });
}
