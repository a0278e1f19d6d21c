import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for 127.0.0.0/8, ::1 and IPv4-mapped loopback: the addresses only this machine reaches. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/** `scheme://host[:port]` in canonical form, or undefined for `null` and anything that is not an origin. */
export function normaliseOrigin(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/**
 * Why a request's Origin is refused, or undefined when it is accepted (MCP transports: servers
 * MUST validate Origin). Requests without Origin come from non-browser clients and pass. With
 * `allowed`, exactly those origins pass. Without it, a server reached on a loopback address
 * accepts only loopback origins (a DNS-rebinding page has its own name as origin), and one reached
 * on another address accepts only its own origin, the one its Host header names.
 */
export function originRefusal(req: IncomingMessage, allowed: ReadonlySet<string> | undefined): string | undefined {
  const header = req.headers.origin;
  if (header === undefined) return undefined;
  const origin = normaliseOrigin(header);
  const refuse = `Forbidden: requests from origin ${JSON.stringify(header)} are not accepted by this server.`;
  if (origin === undefined) return refuse;
  if (allowed) return allowed.has(origin) ? undefined : refuse;
  const host = new URL(origin).host;
  if (isLoopbackAddress(req.socket.localAddress)) {
    return LOOPBACK_NAMES.has(new URL(origin).hostname) ? undefined : refuse;
  }
  return host === req.headers.host ? undefined : refuse;
}
