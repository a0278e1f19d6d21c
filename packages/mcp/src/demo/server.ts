#!/usr/bin/env node
// The demo MCP server: five tools that show every law of the dialects, served from one endpoint
// over Streamable HTTP on 127.0.0.1 (default), or over stdio with --stdio.
import { createServer as createHttpServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { DialectError } from '@redouble/dialects';
import { createDialectTools, type DialectTools } from '../dialect-tools.js';
import { createDialectHttpHandler, type DialectHttpHandler } from '../http-host.js';
import { closeOnSignal, listenHttp, serveOrExit } from '../http-listen.js';
import { boundedStdio } from '../stdio-serve.js';
import { startupHelp } from './help.js';
import { parseDemoOptions, USAGE, type DemoOptions } from './options.js';
import { demoTools } from './tools.js';

const SERVER_INFO = { name: 'schema-dialects-demo', version: '0.1.0' };
// Header and body time are the host's to bound: node's own defaults allow 60 s for headers and 300 s
// for a request, checked every 30 s. A slow-loris client holds a socket for at most these.
const HTTP_TIMEOUTS = { headersTimeout: 10_000, requestTimeout: 60_000, connectionsCheckingInterval: 1_000 };
// Stateless HTTP builds a Server per request, and each Server would otherwise build its own Ajv
// instance (it only uses it for elicitation replies): one shared validator saves ~0.4 ms a request.
const validator = new AjvJsonSchemaValidator();

function newServer(dialects: DialectTools): Server {
  const server = new Server(SERVER_INFO, {
    jsonSchemaValidator: validator,
    instructions: `Tools are published in the dialect named by params._meta["ai.redouble/dialect"] (default "${dialects.defaultDialect}").`,
  });
  dialects.attach(server);
  return server;
}

async function serveStdio(dialects: DialectTools): Promise<void> {
  const server = newServer(dialects);
  const { transport, fail } = boundedStdio('schema-dialects demo', () => server.close());
  server.onerror = (error) => process.stderr.write(`schema-dialects demo: stdio: ${error.message}\n`);
  server.onclose = () => fail('the transport closed');
  await server.connect(transport);
  process.stderr.write(`schema-dialects demo MCP server on stdio; requests that name no dialect get "${dialects.defaultDialect}".\n`);
}

async function serveHttp(dialects: DialectTools, options: DemoOptions): Promise<void> {
  let handler: DialectHttpHandler | undefined;
  const http = createHttpServer(HTTP_TIMEOUTS, (req, res) => void handler?.(req, res));
  const { url, allowedHosts } = await listenHttp(http, options.host, options.port);
  handler = createDialectHttpHandler({ createServer: () => newServer(dialects), dialects, allowedHosts });
  process.stdout.write(`${startupHelp(url, dialects.defaultDialect, dialects.accepted(), demoTools().map((t) => t.name))}\n`);
  closeOnSignal(http, async () => handler?.close());
}

async function main(): Promise<void> {
  let options: DemoOptions;
  try {
    options = parseDemoOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let dialects: DialectTools;
  try {
    dialects = createDialectTools(demoTools(), { defaultDialect: options.dialect });
  } catch (error) {
    if (error instanceof DialectError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  if (options.stdio) await serveStdio(dialects);
  else await serveOrExit('schema-dialects demo', () => serveHttp(dialects, options));
}

await main();
