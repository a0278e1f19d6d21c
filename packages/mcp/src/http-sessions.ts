import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface SessionLimits {
  /** Most sessions open at once; default 64. A new one then ends the longest-idle session, or is refused with 503 if all are busy. */
  max?: number;
  /** A session with no request and no open stream for this long is ended; default 10 minutes. */
  idleMs?: number;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  /** HTTP requests (POSTs answering, GET streams) open on it now. */
  open: number;
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

  /** Room for one more session: ends the longest-idle one when full; false when every session is busy. */
  makeRoom(): boolean {
    if (this.sessions.size < this.max) return true;
    let oldest: [string, Session] | undefined;
    for (const entry of this.sessions) if (entry[1].open === 0 && (!oldest || entry[1].lastActive < oldest[1].lastActive)) oldest = entry;
    if (!oldest) return false;
    this.end(oldest[0], 'evicted to make room for a new session');
    return true;
  }

  add(id: string, transport: StreamableHTTPServerTransport, server: Server): void {
    this.sessions.set(id, { transport, server, open: 0, lastActive: Date.now() });
    this.sweeper ??= setInterval(() => this.sweep(), Math.max(1, Math.ceil(this.idleMs / 4)));
    this.sweeper.unref();
  }

  /** The session's transport, counted busy until `done` runs; undefined for an unknown (or ended) id. */
  use(id: string): { transport: StreamableHTTPServerTransport; done: () => void } | undefined {
    const session = this.sessions.get(id);
    if (!session) return undefined;
    session.open++;
    session.lastActive = Date.now();
    let released = false;
    return {
      transport: session.transport,
      done: () => {
        if (released) return;
        released = true;
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
      if (session.open === 0 && now - session.lastActive >= this.idleMs) void this.end(id, `idle for ${this.idleMs} ms`);
    }
  }

  private stopSweeping(): void {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }
}
