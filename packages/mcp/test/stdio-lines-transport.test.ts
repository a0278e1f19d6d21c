// The stdio transport toward a caller (demo server and proxy): whole lines in any chunking, CRLF, lines that are
// not JSON-RPC skipped with a reason, a line over the limit closing the transport, answers written
// one per line. Then the proxy reading a caller's raw lines through it.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { StdioLinesTransport } from '../src/stdio-lines-transport.js';
import { CHILD_TIMEOUT_MS } from '../../../test-timeouts.js';
import { everything, proxyBin } from './proxy-helpers.js';

interface Wired {
  input: PassThrough;
  output: PassThrough;
  transport: StdioLinesTransport;
  messages: JSONRPCMessage[];
  errors: string[];
  closed: () => boolean;
}

async function wired(limit = 1024, side: 'server' | 'client' = 'server'): Promise<Wired> {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new StdioLinesTransport(input, output, limit, side);
  const messages: JSONRPCMessage[] = [];
  const errors: string[] = [];
  let closed = false;
  transport.onmessage = (m) => messages.push(m);
  transport.onerror = (e) => errors.push(e.message);
  transport.onclose = () => (closed = true);
  await transport.start();
  return { input, output, transport, messages, errors, closed: () => closed };
}

/** Lets the piped chunks reach the transport. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });

describe('StdioLinesTransport', () => {
  it('counts the requests read and not yet answered, a cancellation settling its request, and tells when none is left', async () => {
    const w = await wired();
    w.input.write(`${JSON.stringify(ping(1))}\n${JSON.stringify(ping('1' as unknown as number))}\n${JSON.stringify(ping(2))}\n`);
    w.input.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } })}\n`);
    await settle();
    // 1 and "1" are two requests; a notification is none.
    expect(w.transport.pending).toBe(3);
    let idle = false;
    void w.transport.whenIdle().then(() => (idle = true));
    await w.transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    w.input.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } })}\n`);
    await settle();
    expect(w.transport.pending).toBe(1);
    expect(idle).toBe(false);
    await w.transport.send({ jsonrpc: '2.0', id: '1', error: { code: -32603, message: 'x' } });
    await settle();
    expect(w.transport.pending).toBe(0);
    expect(idle).toBe(true);
  });

  it('reads whole messages however the bytes are chunked, CRLF included', async () => {
    const w = await wired();
    const text = `${JSON.stringify(ping(1))}\n${JSON.stringify(ping(2))}\r\n${JSON.stringify(ping(3))}\n`;
    for (const piece of [text.slice(0, 7), text.slice(7, 40), text.slice(40)]) w.input.write(piece);
    await settle();
    expect(w.messages).toEqual([ping(1), ping(2), ping(3)]);
    expect(w.errors).toEqual([]);
  });

  it('skips lines that are not JSON-RPC messages, saying why, and reads on', async () => {
    const w = await wired();
    w.input.write('not json\n{"id":1,"method":"ping"}\n\n');
    w.input.write(`${JSON.stringify(ping(4))}\n`);
    await settle();
    expect(w.messages).toEqual([ping(4)]);
    // The line that is not JSON is answered as JSON-RPC asks: -32700 under id null.
    const answers = (w.output.read() as Buffer).toString().trim().split('\n').map((l) => JSON.parse(l) as { id: unknown; error: { code: number; message: string } });
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    expect(answers[0]!.error.message).toMatch(/^Parse error: the line is not JSON/);
    expect(w.errors).toHaveLength(2);
    expect(w.errors[0]).toMatch(/not JSON/);
    expect(w.errors[1]).toMatch(/"jsonrpc": "2.0"/);
  });

  it('does not answer a line that is not JSON on the client end (toward an upstream, which asked nothing)', async () => {
    const w = await wired(1024, 'client');
    w.input.write('not json\n');
    await settle();
    expect(w.output.read()).toBeNull();
    expect(w.errors[0]).toMatch(/not JSON/);
  });

  it('closes, says why once and drops what is still to send when its output fails (a reader gone: EPIPE)', async () => {
    const w = await wired();
    const gone = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    w.output.destroy(gone);
    await settle();
    expect(w.closed()).toBe(true);
    expect(w.errors).toEqual([expect.stringMatching(/^the output failed \(EPIPE\); the reader is gone/)]);
    // Sending after the failure settles at once and throws nothing.
    await expect(w.transport.send(ping(1) as JSONRPCMessage)).resolves.toBeUndefined();
    expect(w.errors).toHaveLength(1);
  });

  it('settles a send that waits for room when the output fails instead of draining', async () => {
    const input = new PassThrough();
    const output = new PassThrough({ highWaterMark: 16 });
    const transport = new StdioLinesTransport(input, output, 1024);
    const errors: string[] = [];
    transport.onerror = (e) => errors.push(e.message);
    await transport.start();
    // Past the high-water mark with no reader: write() returns false and the send waits for drain.
    const pending = transport.send({ jsonrpc: '2.0', id: 1, result: { text: 'x'.repeat(100) } } as JSONRPCMessage);
    output.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await expect(pending).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });

  it.each([
    ['params that are an array', { params: [1] }, /"params" must be an object .*got an array at \/params\./],
    ['_meta that is a string', { params: { _meta: 'x' } }, /"params._meta" must be an object; got a string at \/params\/_meta\./],
    ['_meta that is null', { params: { _meta: null } }, /got null at \/params\/_meta/],
    ['a progressToken that is no integer', { params: { _meta: { progressToken: 1.5 } } }, /progressToken" must be a string or an integer; got a number/],
  ])('answers a request with %s under its own id, which the SDK would drop unanswered', async (_what, part, reason) => {
    const w = await wired();
    w.input.write(`${JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', ...part })}\n${JSON.stringify(ping(8))}\n`);
    await settle();
    const answer = JSON.parse(w.output.read().toString()) as { id: unknown; error: { code: number; message: string } };
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32600 } });
    expect(answer.error.message).toMatch(reason);
    expect(w.messages).toEqual([ping(8)]);
  });

  it('skips a malformed notification (no id to answer), saying why', async () => {
    const w = await wired();
    w.input.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized', params: { _meta: [] } })}\n`);
    await settle();
    expect(w.output.read()).toBeNull();
    expect(w.errors).toEqual([expect.stringMatching(/got an array at \/params\/_meta/)]);
  });

  it('skips a request over its limit, answers it "too large" under its top-level id, and reads on', async () => {
    const w = await wired(64);
    // An id inside params comes first in the text: the message's own id (7) is the one answered.
    w.input.write(`{"jsonrpc":"2.0","method":"tools/call","params":{"id":99,"x":"${'x'.repeat(100)}"},"id":7}\n`);
    w.input.write(`{"jsonrpc":"2.0","id":8,"method":"ping"}\n`);
    await settle();
    expect(JSON.parse(w.output.read().toString())).toMatchObject({ id: 7, error: { code: -32600, message: expect.stringMatching(/too large \(\d+ bytes, past the 64/) } });
    expect(w.messages).toEqual([ping(8)]);
    expect(w.closed()).toBe(false);
  });

  it('skips a line over its limit with no id at its start, saying why', async () => {
    const w = await wired(64);
    w.input.write(`${'x'.repeat(100)}\n`);
    w.input.write(`{"jsonrpc":"2.0","id":8,"method":"ping"}\n`);
    await settle();
    expect(w.errors[0]).toMatch(/skipped a line of 100 bytes, past the 64 .*no request or answer id/);
    expect(w.messages).toEqual([ping(8)]);
  });

  it('on the client end, an answer over the limit reaches its request as an error', async () => {
    const w = await wired(64, 'client');
    w.input.write(`{"jsonrpc":"2.0","id":3,"result":{"text":"${'y'.repeat(100)}"}}\n`);
    await settle();
    expect(w.messages).toEqual([{ jsonrpc: '2.0', id: 3, error: { code: -32603, message: expect.stringMatching(/answer is too large/) } }]);
  });

  it('writes each message as one line', async () => {
    const w = await wired();
    await w.transport.send(ping(9) as JSONRPCMessage);
    expect(w.output.read().toString()).toBe(`${JSON.stringify(ping(9))}\n`);
  });
});

/** Every line written to the output so far, parsed. */
function answersOf(output: PassThrough): Array<{ jsonrpc: string; id: unknown; error: { code: number; message: string } }> {
  const text = (output.read() as Buffer | null)?.toString() ?? '';
  return text === '' ? [] : text.trim().split('\n').map((l) => JSON.parse(l) as { jsonrpc: string; id: unknown; error: { code: number; message: string } });
}

const BATCH_REFUSED = /^Invalid Request: a batch \(a JSON array of messages\) is not accepted on this transport; send each message on its own line\. This request was element \d of a batch of \d\.$/;

describe('a batch line (a JSON array), which was left unanswered and its callers waiting', () => {
  it('answers each of two requests in it under its own id with -32600, runs neither, and reads on', async () => {
    const w = await wired();
    w.input.write('[{"jsonrpc":"2.0","id":11,"method":"tools/list","params":{}},{"jsonrpc":"2.0","id":12,"method":"ping"}]\n');
    w.input.write(`${JSON.stringify(ping(13))}\n`);
    await settle();
    const answers = answersOf(w.output);
    expect(answers.map((a) => [a.id, a.error.code])).toEqual([
      [11, -32600],
      [12, -32600],
    ]);
    for (const a of answers) expect(a.error.message).toMatch(BATCH_REFUSED);
    expect(answers[1]!.error.message).toContain('element 1 of a batch of 2');
    // Nothing of the batch reaches the server; the line after it does.
    expect(w.messages).toEqual([ping(13)]);
    expect(w.transport.pending).toBe(1);
    expect(w.errors).toEqual(['refused a batch line (a JSON array of 2 elements): batches are not accepted on this transport; its request(s) 11, 12 answered with -32600.']);
  });

  it('answers the request in a batch beside a notification, and the notification not at all', async () => {
    const w = await wired();
    w.input.write('[{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","id":"a","method":"ping"}]\n');
    await settle();
    const answers = answersOf(w.output);
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ jsonrpc: '2.0', id: 'a', error: { code: -32600, message: expect.stringContaining('element 1 of a batch of 2') } });
    expect(w.messages).toEqual([]);
    expect(w.errors).toHaveLength(1);
  });

  it('answers an empty batch [] once, under id null, as JSON-RPC 2.0 answers an invalid batch', async () => {
    const w = await wired();
    w.input.write('[]\n');
    await settle();
    expect(answersOf(w.output)).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: an empty batch ([]) is not a JSON-RPC message, and batches are not accepted on this transport; send each message on its own line.' } },
    ]);
    expect(w.errors).toEqual([expect.stringMatching(/a JSON array of 0 elements.*one -32600 under id null/)]);
  });

  it('gives an element that is not an object nothing: beside a request only the request is answered, alone the batch once under id null', async () => {
    const w = await wired();
    w.input.write('[1,{"jsonrpc":"2.0","id":5,"method":"ping"},"x"]\n');
    await settle();
    expect(answersOf(w.output).map((a) => a.id)).toEqual([5]);
    w.input.write('[1,null,{"jsonrpc":"2.0","method":"notifications/initialized"}]\n');
    await settle();
    const [once, ...more] = answersOf(w.output);
    expect(more).toEqual([]);
    expect(once).toMatchObject({ id: null, error: { code: -32600, message: expect.stringMatching(/a batch \(a JSON array of 3 messages\) is not accepted on this transport, and no element of it is a request with an id to answer; send each message on its own line\./) } });
    expect(w.messages).toEqual([]);
  });

  it('on the client end (toward an upstream): answers its requests, fails the requests its answers were for, and sends nothing for []', async () => {
    const w = await wired(1024, 'client');
    w.input.write('[{"jsonrpc":"2.0","id":"s1","method":"sampling/createMessage","params":{}},{"jsonrpc":"2.0","id":3,"result":{}}]\n[]\n');
    await settle();
    expect(answersOf(w.output)).toEqual([{ jsonrpc: '2.0', id: 's1', error: { code: -32600, message: expect.stringMatching(BATCH_REFUSED) } }]);
    expect(w.messages).toEqual([{ jsonrpc: '2.0', id: 3, error: { code: -32603, message: expect.stringContaining('answer as element 1 of a batch of 2') } }]);
    expect(w.errors).toHaveLength(2);
  });
});

describe('the proxy over stdio reads its caller through it', () => {
  it('answers after a line it could not read, and reports that line on stderr', async () => {
    const child = spawn(process.execPath, [proxyBin, 'proxy', '--stdio', '--', process.execPath, ...everything], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const answers = new Map<unknown, Record<string, unknown>>();
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as Record<string, unknown>;
      if ('id' in message) answers.set(message.id, message);
    });
    const send = (message: unknown) => child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
    try {
      send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '0' } } });
      await expect.poll(() => answers.has(1), { timeout: CHILD_TIMEOUT_MS }).toBe(true);
      send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      send('this is not JSON');
      send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { message: 'after' } } });
      await expect.poll(() => answers.get(2), { timeout: CHILD_TIMEOUT_MS }).toEqual({ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'Echo: after' }] } });
      expect(stderr).toMatch(/caller connection: skipped a line that is not JSON/);
      // A request the SDK would drop: answered under its id, not left waiting.
      send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { message: 'x' }, _meta: 'gemini' } });
      await expect.poll(() => answers.get(3), { timeout: CHILD_TIMEOUT_MS }).toMatchObject({ id: 3, error: { code: -32600 } });
    } finally {
      child.stdin.end();
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    }
  });
});

describe('answers backed up behind a slow reader (round 23)', () => {
  it('wait on one set of listeners, whatever their number, and all go out once the reader reads', async () => {
    const input = new PassThrough();
    // A reader that takes nothing yet: each answer past the first finds the output full.
    const output = new PassThrough({ highWaterMark: 16 });
    const transport = new StdioLinesTransport(input, output, 1024, 'server');
    await transport.start();
    const sends = Array.from({ length: 30 }, (_, i) => transport.send({ jsonrpc: '2.0', id: i, result: { n: i } } as JSONRPCMessage));
    await settle();
    // Before: three listeners per waiting write, and Node's MaxListenersExceededWarning past ten.
    expect(output.listenerCount('drain')).toBe(1);
    expect(output.listenerCount('close')).toBeLessThanOrEqual(2);
    const lines: string[] = [];
    createInterface({ input: output }).on('line', (l) => lines.push(l));
    await Promise.all(sends);
    await settle();
    expect(lines.map((l) => (JSON.parse(l) as { id: number }).id)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    await transport.close();
  });
});
