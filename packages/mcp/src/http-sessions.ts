import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface SessionLimits {
  /**
   * Most sessions open at once; default 64. A new one then ends the longest-idle session (one that
   * holds only its GET stream open if no other is idle), or is refused with 503 while every
   * session has a request in flight.
   */
  max?: number;
  /** A session with no request and no open stream for this long is ended; default 10 minutes. */
  idleMs?: number;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  /** Requests (POSTs, DELETEs) in flight on it now. */
  open: number;
  /** GET streams (the server's notifications to the client) open on it now. */
  streams: number;
  /** When its last request started or ended. */
  lastActive: number;
}

/**
 * The open Streamable HTTP sessions of one endpoint, each with its own transport and Server. The
 * number is bounded and idle sessions end, so a client that goes away without DELETE costs nothing
 * for long; ending a session closes its Server, which fails whatever it was still waiting for.
 */
export class SessionTable {
  private readonly sessions = new Map<string, Session>();
  private readonly max: number;
  private readonly idleMs: number;
  private readonly onEnd: (why: string, error?: unknown) => void;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(limits: SessionLimits, onEnd: (why: string, error?: unknown) => void) {
    this.max = limits.max ?? 64;
    this.idleMs = limits.idleMs ?? 600_000;
    this.onEnd = onEnd;
  }

  get size(): number {
    return this.sessions.size;
  }

  /**
   * Room for one more session: ends the longest-idle one when full, first among sessions with no
   * request and no stream, then among those that only hold their GET stream (a client that went
   * quiet, or 64 streams held open by one client to keep everyone else out); false when every
   * session has a request in flight.
   */
  makeRoom(): boolean {
    if (this.sessions.size < this.max) return true;
    const idlest = (withStreams: boolean): string | undefined => {
      let found: [string, Session] | undefined;
      for (const entry of this.sessions) {
        const s = entry[1];
        if (s.open === 0 && (withStreams || s.streams === 0) && (!found || s.lastActive < found[1].lastActive)) found = entry;
      }
      return found?.[0];
    };
    const id = idlest(false) ?? idlest(true);
    if (id === undefined) return false;
    this.end(id, 'evicted to make room for a new session');
    return true;
  }

  add(id: string, transport: StreamableHTTPServerTransport, server: Server): void {
    this.sessions.set(id, { transport, server, open: 0, streams: 0, lastActive: Date.now() });
    this.sweeper ??= setInterval(() => this.sweep(), Math.max(1, Math.ceil(this.idleMs / 4)));
    this.sweeper.unref();
  }

  /**
   * The session's transport, counted as in use until `done` runs; undefined for an unknown (or
   * ended) id. A `stream` (the GET stream a client holds open for the server's notifications)
   * keeps the session from the idle sweep but not from eviction when the table is full: counted as
   * busy, 64 SDK clients (each holds one from its start) or one hostile client with 64 streams kept
   * every slot and refused each new session with 503 for as long as they stayed connected.
   */
  use(id: string, kind: 'request' | 'stream' = 'request'): { transport: StreamableHTTPServerTransport; done: () => void } | undefined {
    const session = this.sessions.get(id);
    if (!session) return undefined;
    const stream = kind === 'stream';
    if (stream) session.streams++;
    else {
      session.open++;
      session.lastActive = Date.now();
    }
    let released = false;
    return {
      transport: session.transport,
      done: () => {
        if (released) return;
        released = true;
        if (stream) {
          session.streams--;
          // The idle clock runs from here for a session left with no stream and no request.
          if (session.streams === 0) session.lastActive = Math.max(session.lastActive, Date.now());
          return;
        }
        session.open--;
        session.lastActive = Date.now();
      },
    };
  }

  /** Forgets a session the client ended (DELETE) or whose transport closed. */
  forget(id: string): void {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    if (this.sessions.size === 0) this.stopSweeping();
    session.server.close().catch((error: unknown) => this.onEnd(`closing session ${id}`, error));
  }

  /** Ends every session (the host is shutting down). */
  async closeAll(): Promise<void> {
    const ids = [...this.sessions.keys()];
    await Promise.all(ids.map((id) => this.end(id, 'the host closed')));
  }

  private end(id: string, why: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return Promise.resolve();
    this.sessions.delete(id);
    if (this.sessions.size === 0) this.stopSweeping();
    this.onEnd(`session ${id} ended: ${why}`);
    return Promise.all([session.transport.close(), session.server.close()]).then(
      () => undefined,
      (error: unknown) => this.onEnd(`closing session ${id}`, error),
    );
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, session] of this.sessions) {
      if (session.open === 0 && session.streams === 0 && now - session.lastActive >= this.idleMs) void this.end(id, `idle for ${this.idleMs} ms`);
    }
  }

  private stopSweeping(): void {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }
}
