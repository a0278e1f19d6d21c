import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DIALECT_URL_PARAMETER } from '../constants.js';
import type { DialectFront } from '../front/dialect-front.js';
import { createDialectHttpHandler, type NodeRequestHandler } from '../http-host.js';
import { StdioLinesTransport } from './stdio-lines-transport.js';

/** Largest stdio line read from the caller: the SDK's own default buffer limit. */
const STDIO_LINE_LIMIT = 10 * 1024 * 1024;

/** Serves the front over stdio until stdin ends or a signal comes; then the upstream is closed too. */
export async function serveStdio(front: DialectFront, upstream: string): Promise<void> {
  let stopping = false;
  const stop = (code: number): void => {
    if (stopping) return;
    stopping = true;
    void front.close().finally(() => process.exit(code));
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  process.stdin.on('end', () => stop(0));
  const server = await front.connect(new StdioLinesTransport(process.stdin, process.stdout, STDIO_LINE_LIMIT));
  // A line it cannot read is said on stderr and skipped. A line past the limit closes the caller's
  // stream, which leaves it in no known state: exit non-zero rather than live on answering nobody.
  server.onerror = (error) => process.stderr.write(`dialects-mcp proxy: stdio: ${error.message}\n`);
  const closed = server.onclose;
  server.onclose = () => {
    closed?.();
    if (!stopping) process.stderr.write('dialects-mcp proxy: stdio: the caller\'s stream closed; exiting with code 1.\n');
    stop(1);
  };
  process.stderr.write(`dialects-mcp proxy for ${upstream} on stdio; requests that name no dialect get "${front.defaultDialect}".\n`);
}

/** Serves the front over stateless Streamable HTTP at /mcp; prints the URL on stdout once it listens. */
export async function serveHttp(front: DialectFront, upstream: string, host: string, port: number): Promise<void> {
  let handler: NodeRequestHandler | undefined;
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
    http.close(() => void front.close().finally(() => process.exit(0)));
    http.closeAllConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
