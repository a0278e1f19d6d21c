import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

/**
 * Which callers subscribed to which resource URIs. The front holds one upstream session for all
 * callers, so the upstream is subscribed while at least one caller is, and its `resources/updated`
 * for a URI goes to that URI's subscribers only.
 */
export class Subscriptions {
  private readonly byUri = new Map<string, Set<Server>>();

  /** Whether some caller is subscribed to `uri` (so the upstream is too). */
  has(uri: string): boolean {
    return this.byUri.has(uri);
  }

  add(server: Server, uri: string): void {
    const servers = this.byUri.get(uri) ?? new Set<Server>();
    servers.add(server);
    this.byUri.set(uri, servers);
  }

  /** Removes one caller's subscription; true when nobody is left subscribed to `uri`. */
  remove(server: Server, uri: string): boolean {
    const servers = this.byUri.get(uri);
    servers?.delete(server);
    if (servers && servers.size > 0) return false;
    this.byUri.delete(uri);
    return true;
  }

  /** Forgets a caller that went away; returns the URIs nobody is subscribed to any more. */
  drop(server: Server): string[] {
    const orphaned: string[] = [];
    for (const [uri, servers] of this.byUri) {
      if (servers.delete(server) && servers.size === 0) {
        this.byUri.delete(uri);
        orphaned.push(uri);
      }
    }
    return orphaned;
  }

  subscribers(uri: string): ReadonlySet<Server> | undefined {
    return this.byUri.get(uri);
  }

  uris(): string[] {
    return [...this.byUri.keys()];
  }
}
