#!/usr/bin/env node
// dialects-mcp: the package's command. `dialects-mcp proxy` serves any MCP server in every dialect.
import { DialectError } from '@redouble/dialects';
import { DialectFront } from './front/dialect-front.js';
import { describeUpstream, openUpstream } from './proxy/open-upstream.js';
import { parseProxyOptions, USAGE, type ProxyOptions } from './proxy/options.js';
import { HTTP_CLIENT_CAPABILITIES } from './constants.js';
import { ListenError } from './http-listen.js';
import { serveHttp, serveStdio } from './proxy/serve.js';

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h' || rest.includes('--help') && !rest.includes('--')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command !== 'proxy') fail(`Unknown command ${command === undefined ? '(none)' : JSON.stringify(command)}.\n${USAGE}`, 2);
  let options: ProxyOptions;
  try {
    options = parseProxyOptions(rest);
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
  const upstream = describeUpstream(options.upstream);
  let front: DialectFront;
  try {
    front = new DialectFront(
      { open: () => openUpstream(options.upstream), restart: true },
      {
        defaultDialect: options.dialect,
        pageSize: options.pageSize,
        requestTimeoutMs: options.timeoutMs,
        // Over stdio the one caller's own capabilities replace these at its initialize.
        clientCapabilities: options.stdio ? {} : HTTP_CLIENT_CAPABILITIES,
      },
    );
  } catch (error) {
    if (error instanceof DialectError || error instanceof RangeError) fail(error.message, 2);
    throw error;
  }
  try {
    await front.start();
  } catch (error) {
    fail(`dialects-mcp proxy: could not start the upstream ${upstream}: ${(error as Error).message}`, 1);
  }
  if (options.stdio) await serveStdio(front, upstream);
  else await serveHttpOrStop(front, upstream, options);
}

/** Serves HTTP; when it cannot listen, says why in one line, stops the upstream started for it (nothing is left running) and exits 1. */
async function serveHttpOrStop(front: DialectFront, upstream: string, options: ProxyOptions): Promise<void> {
  try {
    await serveHttp(front, upstream, options.host, options.port);
  } catch (error) {
    if (!(error instanceof ListenError)) throw error;
    process.stderr.write(`dialects-mcp proxy: ${error.message}\n`);
    // The exit code must say the listen failed even if stopping the upstream fails too.
    await front.close().catch(() => undefined);
    process.exit(1);
  }
}

await main(process.argv.slice(2));
