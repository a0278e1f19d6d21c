import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DIALECT_URL_PARAMETER } from '../constants.js';
import type { DialectFront } from '../front/dialect-front.js';
import { createDialectHttpHandler, type DialectHttpHandler } from '../http-host.js';
import { boundedStdio } from '../stdio-serve.js';

/**
 * Serves the front over stdio until stdin ends or a signal comes; then the upstream is closed too.
 * A line past the stdio bound ends the proxy with exit 1 (see boundedStdio).
 */
export async function serveStdio(front: DialectFront, upstream: string): Promise<void> {
  const { transport } = boundedStdio('dialects-mcp proxy', () => front.close());
  // A line the transport cannot read is skipped and logged by the front (its logger: stderr).
  await front.connect(transport);
  process.stderr.write(`dialects-mcp proxy for ${upstream} on stdio; requests that name no dialect get "${front.defaultDialect}".\n`);
}

/** Serves the front over Streamable HTTP at /mcp (sessions, and stateless requests); prints the URL on stdout once it listens. */
export async function serveHttp(front: DialectFront, upstream: string, host: string, port: number): Promise<void> {
  let handler: DialectHttpHandler | undefined;
  const http = createHttpServer((req, res) => void handler?.(req, res));
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, resolve);
  });
  const address = http.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  // A local server answers only to its own names (DNS rebinding).
  handler = createDialectHttpHandler({ createServer: () => front.createServer(), allowedHosts: [`${shown}:${address.port}`, `localhost:${address.port}`] });
  const url = `http://${shown}:${address.port}/mcp`;
  process.stdout.write(`dialects-mcp proxy for ${upstream} listening on ${url}\n`);
  process.stdout.write(`requests that name no dialect get "${front.defaultDialect}"; pick one with ${url}?${DIALECT_URL_PARAMETER}=NAME (${front.accepted().join(', ')})\n`);
  const stop = (): void => {
    http.close(() => void Promise.all([handler?.close(), front.close()]).finally(() => process.exit(0)));
    http.closeAllConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
