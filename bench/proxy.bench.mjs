// tools/call through `dialects-mcp proxy` against calling the same upstream directly: the same SDK
// Client code, the same load, two stdio connections to two copies of @modelcontextprotocol/server-everything
// (one behind the proxy), measured in alternating rounds so load drift touches both alike.
// Also the in-process entry point: an McpServer served with withDialects against the same McpServer
// bare, both over an in-memory pair. Reported: p50 and p99 per call, and their ratios.
// Target (brief): through the proxy within 10% added latency at p50 and p99.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { root, isMain } from './lib.mjs';

const ROUNDS = 10;
const CALLS_PER_ROUND = 200;
const CONCURRENCY = 8;
const require = createRequire(import.meta.url);
const sdk = (path) => import(pathToFileURL(join(root, 'node_modules', '@modelcontextprotocol', 'sdk', 'dist', 'esm', path)).href);
const everything = [require.resolve('@modelcontextprotocol/server-everything/dist/index.js', { paths: [join(root, 'packages', 'mcp')] }), 'stdio'];
const proxyBin = join(root, 'packages', 'mcp', 'dist', 'bin.js');

const CALL = { name: 'echo', arguments: { message: 'hello from the bench' } };

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** `calls` tools/call with `concurrency` in flight; returns each call's latency in ms. */
async function load(client, calls, concurrency) {
  const latencies = [];
  let next = 0;
  const worker = async () => {
    while (next < calls) {
      next++;
      const t0 = performance.now();
      const result = await client.callTool(CALL);
      latencies.push(performance.now() - t0);
      if (result.isError) throw new Error(`bench call failed: ${JSON.stringify(result)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies;
}

/** Alternating rounds of the same load on each client; p50/p99 of all calls per client. */
async function compare(clients, concurrency) {
  const samples = Object.fromEntries(Object.keys(clients).map((k) => [k, []]));
  for (const client of Object.values(clients)) await load(client, 50, concurrency); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? Object.keys(clients) : Object.keys(clients).reverse();
    for (const name of order) samples[name].push(...(await load(clients[name], CALLS_PER_ROUND, concurrency)));
  }
  const out = {};
  for (const [name, values] of Object.entries(samples)) {
    values.sort((a, b) => a - b);
    out[name] = { p50: quantile(values, 0.5), p99: quantile(values, 0.99) };
  }
  return out;
}

async function stdioClient(command, args) {
  const { Client } = await sdk('client/index.js');
  const { StdioClientTransport } = await sdk('client/stdio.js');
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
  await client.listTools();
  return client;
}

async function inProcess(withFront) {
  const { Client } = await sdk('client/index.js');
  const { McpServer } = await sdk('server/mcp.js');
  const { InMemoryTransport } = await sdk('inMemory.js');
  const { z } = await import(pathToFileURL(require.resolve('zod', { paths: [join(root, 'node_modules', '@modelcontextprotocol', 'sdk')] })).href);
  const server = new McpServer({ name: 'bench', version: '0' });
  server.registerTool('echo', { inputSchema: { message: z.string() } }, async ({ message }) => ({ content: [{ type: 'text', text: message }] }));
  const [a, b] = InMemoryTransport.createLinkedPair();
  if (withFront) {
    const { withDialects } = await import(pathToFileURL(join(root, 'packages', 'mcp', 'dist', 'index.js')).href);
    await withDialects(server, { logger: { warn() {} } }).connect(b);
  } else {
    await server.connect(b);
  }
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(a);
  await client.listTools();
  return client;
}

export async function run() {
  const rows = [];
  const ratios = {};
  const targets = {};
  const direct = await stdioClient(process.execPath, everything);
  const proxied = await stdioClient(process.execPath, [proxyBin, 'proxy', '--stdio', '--', process.execPath, ...everything]);
  for (const concurrency of [1, CONCURRENCY]) {
    const r = await compare({ direct, proxied }, concurrency);
    for (const q of ['p50', 'p99']) {
      rows.push({ label: `stdio, ${concurrency} in flight, ${q}: upstream directly`, value: r.direct[q], unit: 'ms' });
      rows.push({ label: `stdio, ${concurrency} in flight, ${q}: through the proxy`, value: r.proxied[q], unit: 'ms' });
      rows.push({ label: `stdio, ${concurrency} in flight, ${q}: added by the proxy`, value: r.proxied[q] - r.direct[q], unit: 'ms' });
      const key = `proxy/direct tools/call ${q}, ${concurrency} in flight`;
      ratios[key] = r.proxied[q] / r.direct[q];
      targets[key] = 1.1;
    }
  }
  await Promise.all([direct.close(), proxied.close()]);

  const bare = await inProcess(false);
  const front = await inProcess(true);
  const r = await compare({ bare, front }, 1);
  for (const q of ['p50', 'p99']) {
    rows.push({ label: `in process, ${q}: bare McpServer`, value: r.bare[q], unit: 'ms' });
    rows.push({ label: `in process, ${q}: withDialects(McpServer)`, value: r.front[q], unit: 'ms' });
    ratios[`withDialects/bare McpServer tools/call ${q}`] = r.front[q] / r.bare[q];
  }
  await Promise.all([bare.close(), front.close()]);
  return {
    name: 'tools/call through the proxy vs the upstream directly',
    rows,
    ratios,
    targets,
    notes: [
      `${ROUNDS} alternating rounds of ${CALLS_PER_ROUND} calls of server-everything's echo per client; the same Client code for both.`,
      'The proxy is a second process on the path: each call is read, judged, written, read and written once more.',
    ],
  };
}

if (isMain(import.meta.url)) console.log(JSON.stringify(await run(), null, 2));
