import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { httpStatusOf, unprefixed } from './upstream-error.js';

/** A transport to a command that can say how its process ended (stdio-upstream.ts). */
interface ExitTelling {
  readonly exitStatus?: string;
}

/**
 * Why starting the upstream failed, in words a user can act on: "MCP error -32000: Connection
 * closed" and "MCP error -32001: Request timed out" said neither that the command exited (and
 * how), nor which bound it missed (round 18). `stage` is what the proxy was waiting for.
 */
export function startFailure(error: unknown, transport: Transport, stage: 'initialize' | 'tools', startTimeoutMs: number | undefined): Error {
  const waiting = stage === 'initialize' ? 'answering initialize' : 'the proxy had read its tools';
  const exit = (transport as Transport & ExitTelling).exitStatus;
  if (exit !== undefined) return new Error(`it ${exit} before ${waiting}`);
  const http = httpStatusOf(error);
  if (http !== undefined) return new Error(`it answered HTTP ${http.status}${http.said === '' ? '' : ` (${http.said})`} before ${waiting}`);
  // A command that could not be run at all: spawn's own message names only the errno.
  const spawned = error as { code?: unknown; syscall?: unknown } | undefined;
  if (error instanceof Error && typeof spawned?.syscall === 'string' && spawned.syscall.startsWith('spawn') && typeof spawned.code === 'string') {
    const said = spawned.code === 'ENOENT' ? 'no such command' : spawned.code === 'EACCES' ? 'permission denied: not executable' : error.message;
    return new Error(`it could not be run (${said}; ${spawned.code})`);
  }
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  // fetch's own "fetch failed" says nothing of why: its cause names it (ECONNREFUSED, ENOTFOUND, "bad port").
  const why = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : undefined;
  if (error instanceof TypeError && why !== undefined) return new Error(`it could not be reached (${why}) before ${waiting}`);
  if (!(error instanceof McpError)) return error instanceof Error ? error : new Error(String(error));
  if (error.code === ErrorCode.RequestTimeout) {
    return new Error(stage === 'initialize' ? `it did not answer initialize within ${startTimeoutMs ?? 60_000} ms (--start-timeout)` : `it did not answer tools/list in time (--timeout)`);
  }
  if (error.code === ErrorCode.ConnectionClosed) return new Error(`it closed the connection before ${waiting}`);
  // The upstream's own JSON-RPC error.
  return new Error(`${stage === 'initialize' ? 'it refused initialize' : 'its tools/list failed'}: ${unprefixed(error)} (${error.code})`);
}
