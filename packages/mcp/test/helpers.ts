// Shared test plumbing: real servers on 127.0.0.1 port 0, real SDK clients, corpus tools.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { createDialectHttpHandler, type DialectTool, type DialectTools } from '../src/index.js';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Serves `dialects` over stateless Streamable HTTP on 127.0.0.1, a free port. */
export async function startHttp(dialects: DialectTools): Promise<RunningServer> {
  const handler = createDialectHttpHandler({
    createServer: () => {
      const server = new Server({ name: 'test', version: '0.0.0' });
      dialects.attach(server);
      return server;
    },
  });
  const http = createServer((req, res) => void handler(req, res));
  // Node closes an idle keep-alive socket after 5 s; on a loaded machine a client's next POST can
  // race that close and get ECONNRESET (POSTs are not retried). The tests close the server themselves.
  http.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

export async function connectHttp(url: string): Promise<Client> {
  const client = new Client({ name: 'dialects-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** The canonical tools of one corpus server, each with a handler that must never be reached. */
export function corpusTools(server: string): DialectTool[] {
  const dir = join(repoRoot, 'corpus', 'tools', server);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map(
      (f) =>
        ({
          ...(JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>),
          handler: () => {
            throw new Error(`corpus tool ${f} has no implementation`);
          },
        }) as unknown as DialectTool,
    );
}

/** The tool as published: the definition without its handler. */
export function published(tool: DialectTool): Record<string, unknown> {
  const { handler: _handler, ...rest } = tool;
  return rest;
}

export function silentLogger(): { warn(message: string): void; lines: string[] } {
  const lines: string[] = [];
  return { lines, warn: (message: string) => void lines.push(message) };
}
