// What both bins (the proxy and the demo server) do around their HTTP server, in one place: listen
// and say plainly why not, and close on a signal.
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';

/** A listen that failed; its message is the one plain line a bin prints before it exits 1. */
export class ListenError extends Error {
  override name = 'ListenError';
}

/** Where a listening server is reached: its MCP endpoint, and the Host header values it answers to. */
export interface HttpEndpoint {
  url: string;
  allowedHosts: string[];
}

/**
 * Starts `http` listening on host:port; rejects with a ListenError saying why it could not (port
 * taken, no such address or host). `names`: further host names it answers to (a DNS name remote
 * clients use: `--allowed-host`).
 */
export async function listenHttp(http: HttpServer, host: string, port: number, names: readonly string[] = []): Promise<HttpEndpoint> {
  await new Promise<void>((resolve, reject) => {
    http.once('error', (error: NodeJS.ErrnoException) => reject(new ListenError(`cannot listen on ${hostAndPort(host, port)}: ${listenProblem(error, host)}`)));
    http.listen(port, host, resolve);
  });
  const address = http.address() as AddressInfo;
  const shown = bracketed(address.address);
  // Only now is the port known (0 picks one). A server answers only to its own names (DNS
  // rebinding): the address it listens on and localhost; bound to every address (0.0.0.0, ::),
  // each address of this machine, which is how its callers reach it; and the names given.
  const addresses = new Set([shown, 'localhost', ...names]);
  if (address.address === '0.0.0.0' || address.address === '::') for (const a of machineAddresses(address.address === '::')) addresses.add(a);
  return { url: `http://${shown}:${address.port}/mcp`, allowedHosts: [...addresses].map((a) => `${a}:${address.port}`) };
}

function bracketed(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

/** Every address of this machine's interfaces (IPv4 only, unless `v6`), as a Host header writes it. */
function machineAddresses(v6: boolean): string[] {
  const out: string[] = [];
  for (const list of Object.values(networkInterfaces())) {
    for (const i of list ?? []) if (i.family === 'IPv4' || v6) out.push(bracketed(i.address));
  }
  return out;
}

function hostAndPort(host: string, port: number): string {
  return `${bracketed(host)}:${port}`;
}

/** Why a listen failed, in words; node's own message for a cause not named here. */
function listenProblem(error: NodeJS.ErrnoException, host: string): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return 'the address is in use (another process listens there; --port 0 picks a free port)';
    case 'EADDRNOTAVAIL':
      return `${host} is not an address of this machine`;
    case 'EACCES':
      return 'permission denied (ports below 1024 need privileges)';
    case 'ENOTFOUND':
      return `no address found for the host name ${host}`;
    case 'EAI_AGAIN':
      return `the host name ${host} could not be looked up (a temporary DNS failure)`;
    default:
      return error.message;
  }
}

/**
 * Runs `serve`; when it cannot listen, prints `program: why` as one line, runs `cleanup` (what was
 * started for the server, such as a proxy's upstream: nothing is left running) and exits 1. The
 * exit code says the listen failed even if the cleanup fails too. Any other failure is rethrown.
 */
export async function serveOrExit(program: string, serve: () => Promise<void>, cleanup: () => Promise<unknown> = async () => undefined): Promise<void> {
  try {
    await serve();
  } catch (error) {
    if (!(error instanceof ListenError)) throw error;
    process.stderr.write(`${program}: ${error.message}\n`);
    await cleanup().catch(() => undefined);
    process.exit(1);
  }
}

/**
 * On SIGINT or SIGTERM: stop accepting, end open connections (an SSE answer in flight must not keep
 * the process alive after Ctrl-C), run `cleanup`, exit 0.
 */
export function closeOnSignal(http: HttpServer, cleanup: () => Promise<unknown>): void {
  const stop = (): void => {
    http.close(() => void cleanup().finally(() => process.exit(0)));
    http.closeAllConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
