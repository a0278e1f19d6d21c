import { parseArgs } from 'node:util';
import { parseHost, parseInteger, parsePort } from '../bin-options.js';

export type Upstream = { kind: 'command'; command: string; args: string[] } | { kind: 'url'; url: URL };

export interface ProxyOptions {
  upstream: Upstream;
  stdio: boolean;
  dialect: string | undefined;
  /** Folders of rule files loaded beside the bundled dialects (a YAML file there adds a dialect). */
  dialectsDirs: string[];
  host: string;
  /** Host names the proxy answers to besides its addresses and localhost (a DNS name remote callers use). */
  allowedHosts: string[];
  port: number;
  pageSize: number | undefined;
  timeoutMs: number | undefined;
  startTimeoutMs: number | undefined;
}

export const USAGE = `Usage: dialects-mcp proxy [options] -- COMMAND [ARGS...]
       dialects-mcp proxy [options] --upstream http://HOST/mcp
       dialects-mcp --version

Serves an MCP server's tools in every schema dialect: tools/list converted per dialect, tools/call
judged against the upstream's canonical schema; everything else passed through.

  --upstream URL    the upstream speaks Streamable HTTP at URL (otherwise: run COMMAND, speak stdio)
  --stdio           serve over stdin/stdout instead of HTTP
  --port N          HTTP port (default 3000; 0 picks a free one)
  --host ADDR       address to bind (default 127.0.0.1; 0.0.0.0 or :: for every address of this machine)
  --allowed-host NAME  a host name callers reach the proxy by (repeatable), besides its addresses and
                    localhost: any other Host header is refused (403), against DNS rebinding
  --dialect NAME    the dialect for requests that name none (over HTTP, ?dialect=NAME picks one)
  --dialects-dir DIR  also load the rule files in DIR (repeatable), as the dialects CLI does: a dialect
                    added or moved in YAML is served without code
  --page-size N     tools per tools/list page (default: all in one answer)
  --timeout MS      how long a forwarded request may go without an answer or progress (default 60000)
  --start-timeout MS  how long the upstream may take to answer initialize, its start included; it is
                    stopped and the proxy exits 1 after that (default 60000)`;

/** Parses `proxy`'s command line (without the word `proxy`); throws a plain Error saying what is wrong. */
export function parseProxyOptions(argv: readonly string[]): ProxyOptions {
  const split = argv.indexOf('--');
  const own = split === -1 ? [...argv] : argv.slice(0, split);
  const command = split === -1 ? [] : argv.slice(split + 1);
  const { values } = parseArgs({
    args: own,
    options: {
      upstream: { type: 'string' },
      stdio: { type: 'boolean', default: false },
      dialect: { type: 'string' },
      'dialects-dir': { type: 'string', multiple: true },
      host: { type: 'string', default: '127.0.0.1' },
      'allowed-host': { type: 'string', multiple: true },
      port: { type: 'string', default: '3000' },
      'page-size': { type: 'string' },
      timeout: { type: 'string' },
      'start-timeout': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  let upstream: Upstream;
  if (values.upstream !== undefined) {
    if (command.length > 0) throw new Error('Give either --upstream URL or -- COMMAND, not both.');
    let url: URL;
    try {
      url = new URL(values.upstream);
    } catch {
      throw new Error(`--upstream must be an http(s) URL, got ${values.upstream}.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--upstream must be an http(s) URL, got ${values.upstream}.`);
    upstream = { kind: 'url', url };
  } else {
    if (command.length === 0) throw new Error('No upstream: give -- COMMAND [ARGS...] or --upstream URL.');
    upstream = { kind: 'command', command: command[0]!, args: command.slice(1) };
  }
  return {
    upstream,
    stdio: values.stdio,
    dialect: values.dialect,
    dialectsDirs: values['dialects-dir'] ?? [],
    host: parseHost(values.host),
    allowedHosts: (values['allowed-host'] ?? []).map(allowedHost),
    port: parsePort(values.port),
    pageSize: values['page-size'] === undefined ? undefined : parseInteger('--page-size', values['page-size'], 1, Number.MAX_SAFE_INTEGER),
    timeoutMs: values.timeout === undefined ? undefined : parseInteger('--timeout', values.timeout, 1, 2_147_483_647),
    startTimeoutMs: values['start-timeout'] === undefined ? undefined : parseInteger('--start-timeout', values['start-timeout'], 1, 2_147_483_647),
  };
}

/** One --allowed-host: a name or address as a Host header writes it (an IPv6 address bracketed), without a port. */
function allowedHost(name: string): string {
  const bare = name.startsWith('[') && name.endsWith(']') ? name.slice(1, -1) : name;
  const ipv6 = bare.includes(':');
  if (!(ipv6 ? /^[0-9A-Fa-f:.]+$/ : /^[A-Za-z0-9.-]+$/).test(bare)) {
    throw new Error(`--allowed-host must be a host name or address, without a scheme or port, got ${JSON.stringify(name)}.`);
  }
  return ipv6 ? `[${bare}]` : bare.toLowerCase();
}
