import { createServer as createHttpServer } from 'node:http';
import { DIALECT_URL_PARAMETER } from '../constants.js';
import { closeOnSignal, listenHttp } from '../http-listen.js';
import type { DialectFront } from '../front/dialect-front.js';
import { createDialectHttpHandler, type DialectHttpHandler } from '../http-host.js';
import { boundedStdio } from '../stdio-serve.js';

/**
 * Serves the front over stdio until stdin ends or a signal comes; then the upstream is closed too.
 * A line past the stdio bound is skipped, its request answered "too large" (see boundedStdio).
 */
export async function serveStdio(front: DialectFront, upstream: string, drainMs?: number): Promise<void> {
  // A caller that ends its input is still answered for as long as a forwarded request may take.
  const { transport } = boundedStdio('dialects-mcp proxy', () => front.close(), drainMs);
  // A line the transport cannot read is skipped and logged by the front (its logger: stderr).
  await front.connect(transport);
  process.stderr.write(`dialects-mcp proxy for ${upstream} on stdio; requests that name no dialect get "${front.defaultDialect}".\n`);
}

/**
 * Serves the front over Streamable HTTP at /mcp (sessions, and stateless requests); prints the URL on
 * stdout once it listens. Rejects with a ListenError when it cannot listen; the front is the caller's to close then.
 */
export async function serveHttp(front: DialectFront, upstream: string, host: string, port: number, names: readonly string[] = []): Promise<void> {
  let handler: DialectHttpHandler | undefined;
  const http = createHttpServer((req, res) => void handler?.(req, res));
  const { url, allowedHosts } = await listenHttp(http, host, port, names);
  handler = createDialectHttpHandler({ createServer: () => front.createServer(), dialects: front, allowedHosts });
  process.stdout.write(`dialects-mcp proxy for ${upstream} listening on ${url}\n`);
  process.stdout.write(`requests that name no dialect get "${front.defaultDialect}"; pick one with ${url}?${DIALECT_URL_PARAMETER}=NAME (${front.accepted().join(', ')})\n`);
  // A caller that reaches it by another name is refused (403): say which names it answers to.
  process.stdout.write(`answers to Host ${allowedHosts.join(', ')}; --allowed-host NAME adds one\n`);
  closeOnSignal(http, () => Promise.all([handler?.close(), front.close()]));
}
