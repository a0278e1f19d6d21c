#!/usr/bin/env node
// dialects-mcp: the package's command. `dialects-mcp proxy` serves any MCP server in every dialect.
import { readFileSync } from 'node:fs';
import { DialectError, loadDialects } from '@redouble/dialects';
import { DialectFront } from './front/dialect-front.js';
import { describeUpstream, openUpstream } from './proxy/open-upstream.js';
import { parseProxyOptions, USAGE, type ProxyOptions } from './proxy/options.js';
import { HTTP_CLIENT_CAPABILITIES } from './constants.js';
import { serveOrExit } from './http-listen.js';
import { serveHttp, serveStdio } from './proxy/serve.js';
import { DRAIN_MS } from './stdio-serve.js';

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return String(manifest.version);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h' || rest.includes('--help') && !rest.includes('--')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command === '--version' || command === '-v' || command === '-V') {
    process.stdout.write(`dialects-mcp ${packageVersion()}\n`);
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
      { open: () => openUpstream(options.upstream), restart: true, startTimeoutMs: options.startTimeoutMs },
      {
        // A broken rule file is refused here with its file, line and what is wrong (exit 2).
        registry: options.dialectsDirs.length > 0 ? loadDialects({ dirs: options.dialectsDirs }) : undefined,
        defaultDialect: options.dialect,
        pageSize: options.pageSize,
        requestTimeoutMs: options.timeoutMs,
        // Over stdio the one caller's own capabilities replace these at its initialize.
        clientCapabilities: options.stdio ? {} : HTTP_CLIENT_CAPABILITIES,
      },
    );
  } catch (error) {
    if (error instanceof DialectError || error instanceof RangeError) fail(`dialects-mcp proxy: ${error.message}`, 2);
    throw error;
  }
  try {
    await front.start();
  } catch (error) {
    fail(`dialects-mcp proxy: could not start the upstream ${upstream}: ${(error as Error).message}`, 1);
  }
  // Past a request's own timeout, so a caller that ended its input still hears that answer too.
  if (options.stdio) await serveStdio(front, upstream, (options.timeoutMs ?? DRAIN_MS) + 1_000);
  // The upstream was started before the listen (it must answer first): stopped if the listen fails.
  else await serveOrExit('dialects-mcp proxy', () => serveHttp(front, upstream, options.host, options.port, options.allowedHosts), () => front.close());
}

await main(process.argv.slice(2));
