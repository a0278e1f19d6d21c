// Shared test plumbing: real servers on 127.0.0.1 port 0, real SDK clients, corpus tools.
import { createServer, request, type IncomingMessage, type RequestListener, type ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { createDialectHttpHandler, type DialectFront, type DialectTool, type DialectTools } from '../src/index.js';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export interface Listening {
  port: number;
  close(): Promise<void>;
}

/** A node:http server on 127.0.0.1, a free port; close() also ends open connections. */
export async function listen(onRequest: RequestListener, options: ServerOptions = {}): Promise<Listening> {
  const http = createServer(options, onRequest);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    port: (http.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** Serves `dialects` over stateless Streamable HTTP on 127.0.0.1, a free port. */
export async function startHttp(dialects: DialectTools): Promise<RunningServer> {
  return startHttpWith(() => {
    const server = new Server({ name: 'test', version: '0.0.0' });
    dialects.attach(server);
    return server;
  });
}

/** Serves a Server per request (from `createServer`) over stateless Streamable HTTP on 127.0.0.1, a free port. */
export async function startHttpWith(newServer: () => Server | Promise<Server>): Promise<RunningServer> {
  const handler = createDialectHttpHandler({ createServer: newServer });
  // Node closes an idle keep-alive socket after 5 s; on a loaded machine a client's next POST can
  // race that close and get ECONNRESET (POSTs are not retried). The tests close the server themselves.
  const served = await listen((req, res) => void handler(req, res), { keepAliveTimeout: 120_000 });
  return { url: `http://127.0.0.1:${served.port}/mcp`, close: served.close };
}

export interface HttpAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  text: string;
  /** The body parsed, or {} when it is not JSON (a 202, the SDK's 415). */
  json: { error?: { code: number; message: string }; result?: Record<string, unknown> } & Record<string, unknown>;
}

/** One request to 127.0.0.1:port with the headers an MCP client sends (overridable). */
export function sendHttp(port: number, method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => {
          let json = {};
          try {
            json = JSON.parse(text);
          } catch {
            // Not every answer carries JSON.
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
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

/** An SDK client connected to `front` over an in-memory pair (withDialects served in process). */
export async function inProcessClient(front: DialectFront): Promise<Client> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await front.connect(a);
  const client = new Client({ name: 'test', version: '0.0.0' });
  await client.connect(b);
  return client;
}
