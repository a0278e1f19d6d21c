// A request's last progress notification and its answer often reach the front's upstream client in one
// chunk (two lines of a stdio upstream). The SDK client settles the answer at once but hands the
// notification to its handler a microtask later, so without reordering the progress is dropped.
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, Progress } from '@modelcontextprotocol/sdk/types.js';
import { deliverResponsesAfterNotifications } from '../src/front/ordered-delivery.js';

/** An upstream that answers each tools/call with one progress notification and the result, delivered back to back in one turn. */
class OneChunkUpstream implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!('method' in message) || !('id' in message)) return;
    const { id } = message;
    const deliver = (m: JSONRPCMessage): void => this.onmessage!(m);
    if (message.method === 'initialize') {
      const protocolVersion = (message.params as { protocolVersion: string }).protocolVersion;
      setImmediate(() => deliver({ jsonrpc: '2.0', id, result: { protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'one-chunk', version: '1.0.0' } } }));
      return;
    }
    const progressToken = (message.params as { _meta: { progressToken: number } })._meta.progressToken;
    setImmediate(() => {
      deliver({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken, progress: 100, total: 100 } });
      deliver({ jsonrpc: '2.0', id, result: { content: [] } });
    });
  }
}

async function callWithProgress(reorder: boolean): Promise<Progress[]> {
  const transport = new OneChunkUpstream();
  const client = new Client({ name: 'ordered-delivery-test', version: '0.0.0' });
  client.onerror = () => undefined; // the SDK reports the dropped notification here ("unknown token")
  await client.connect(transport);
  if (reorder) deliverResponsesAfterNotifications(transport);
  const progress: Progress[] = [];
  await client.callTool({ name: 'work', arguments: {} }, undefined, { onprogress: (p) => progress.push(p) });
  await client.close();
  return progress;
}

describe('deliverResponsesAfterNotifications', () => {
  it('the SDK client alone drops a progress notification that arrives in one turn with its answer', async () => {
    expect(await callWithProgress(false)).toEqual([]);
  });

  it('with responses delivered after the notifications before them, the caller gets the progress', async () => {
    expect(await callWithProgress(true)).toEqual([{ progress: 100, total: 100 }]);
  });
});

describe('deliverResponsesAfterNotifications: what is held back', () => {
  /** A transport whose onmessage records what reaches the client, in order. */
  function recording(): { transport: Transport; seen: unknown[]; push: (m: JSONRPCMessage) => void } {
    const seen: unknown[] = [];
    const transport = { onmessage: (m: JSONRPCMessage) => void seen.push('id' in m && !('method' in m) ? `response ${String(m.id)}` : (m as { method: string }).method) } as unknown as Transport;
    deliverResponsesAfterNotifications(transport);
    return { transport, seen, push: (m) => transport.onmessage!(m) };
  }
  const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

  it('hands over a response with nothing before it at once', () => {
    const { seen, push } = recording();
    push({ jsonrpc: '2.0', id: 1, result: {} });
    expect(seen).toEqual(['response 1']);
  });

  it('holds a response that follows a notification until the next turn, and keeps later responses behind it', async () => {
    const { seen, push } = recording();
    push({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } });
    push({ jsonrpc: '2.0', id: 1, result: {} });
    push({ jsonrpc: '2.0', id: 2, result: {} });
    expect(seen).toEqual(['notifications/progress']);
    await nextTurn();
    expect(seen).toEqual(['notifications/progress', 'response 1', 'response 2']);
    push({ jsonrpc: '2.0', id: 3, result: {} });
    expect(seen).toEqual(['notifications/progress', 'response 1', 'response 2', 'response 3']);
  });
});
