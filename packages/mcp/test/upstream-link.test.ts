// The proxy's link to its upstream, restarted with backoff: one restart chain per drop, also when
// the upstream dies while the link is still starting (it answered initialize, then exited on the
// tools/list the start reads). Two chains per drop doubled on every crash: 389 starts in 60 s.
import { describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UpstreamLink } from '../src/front/upstream-link.js';
import { forwardRequest, type DownstreamExtra } from '../src/front/forward-request.js';
import { silentLogger } from './helpers.js';

/**
 * An upstream that answers initialize and, when `healthy`, tools/list (empty); otherwise it closes
 * its end at the first other request. `end` closes it from the upstream's side.
 */
function upstream(healthy: boolean): { transport: InMemoryTransport; end: () => Promise<void> } {
  const [client, server] = InMemoryTransport.createLinkedPair();
  server.onmessage = (message: JSONRPCMessage) => {
    if (!('id' in message) || !('method' in message)) return;
    if (message.method === 'initialize') {
      void server.send({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'up', version: '0' } } });
    } else if (healthy) void server.send({ jsonrpc: '2.0', id: message.id, result: { tools: [] } });
    else void server.close();
  };
  void server.start();
  return { transport: client, end: () => server.close() };
}

describe('UpstreamLink restarts', () => {
  it('keeps one backoff chain when the upstream dies while the link starts', async () => {
    const opened: number[] = [];
    let first: (() => Promise<void>) | undefined;
    const link = new UpstreamLink({
      open: () => {
        opened.push(Date.now());
        const up = upstream(first === undefined);
        first ??= up.end;
        return up.transport;
      },
      initialDelayMs: 20,
      maxDelayMs: 80,
      logger: silentLogger(),
      onConnected: async (client) => {
        await client.listTools();
      },
      onNotification: () => undefined,
    });
    await link.start();
    expect(link.connected).toBe(true);
    // It drops; every restart answers initialize and dies on the tools/list the start reads.
    await first?.();
    // Five restarts, however late a busy machine fires their timers.
    while (opened.length < 6) await sleep(10);
    await link.close();
    // One chain: each restart waits its delay after the one before (20, 40, 80, 80 ms). Two chains
    // per failure open upstreams in pairs, the second at once, and their number doubles.
    const gaps = opened.slice(2).map((at, i) => at - (opened[i + 1] as number));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(15);
  });
});

describe('UpstreamLink sessions', () => {
  it('sends a request once more on a new session when the upstream answers that it no longer knows the old one (404)', async () => {
    // An HTTP upstream that restarted answers 404 to the old session and ran nothing: round 20's
    // first call after a restart failed with "Session not found".
    let opened = 0;
    const link = new UpstreamLink({
      open: () => {
        opened++;
        const up = upstream(true);
        const send = up.transport.send.bind(up.transport);
        // The first connection's session is forgotten after its start: a tools/call in it is refused.
        if (opened === 1) {
          up.transport.send = async (message) => {
            if ('method' in message && message.method === 'tools/call') throw new StreamableHTTPError(404, 'Error POSTing to endpoint: Session not found');
            return send(message);
          };
        }
        return up.transport;
      },
      logger: silentLogger(),
      onConnected: async () => undefined,
      onNotification: () => undefined,
    });
    await link.start();
    const extra = { signal: new AbortController().signal, sendNotification: async () => undefined } as unknown as DownstreamExtra;
    const forwarding = { renew: (client: Parameters<UpstreamLink['renew']>[0], error: unknown) => link.renew(client, error) };
    // The stand-in upstream answers every request other than initialize with an empty tool list.
    await expect(forwardRequest(link.client(), 'tools/call', { name: 'x', arguments: {} }, extra, forwarding)).resolves.toEqual({ tools: [] });
    expect(opened).toBe(2);
    // Another failure is no lost session: not sent again.
    expect(await link.renew(link.client(), new Error('fetch failed'))).toBeUndefined();
    await link.close();
  });
});
