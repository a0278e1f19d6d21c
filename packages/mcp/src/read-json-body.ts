import type { IncomingMessage } from 'node:http';

export type BodyReading = { ok: true; body: unknown } | { ok: false; status: number; code: number; message: string };

/** Reads and parses a JSON request body, refusing one past `limit` bytes before it is all in memory. */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<BodyReading> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) return { ok: false, status: 413, code: -32600, message: `Request body is larger than ${limit} bytes.` };
    chunks.push(buffer);
  }
  try {
    return { ok: true, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch (error) {
    return { ok: false, status: 400, code: -32700, message: `Parse error: ${(error as Error).message}` };
  }
}
