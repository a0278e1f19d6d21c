// tools/call through `dialects-mcp proxy` against calling the same upstream directly: the same SDK
// Client code, the same load, two stdio connections to two copies of the upstream (one behind the
// proxy), measured in alternating rounds so load drift touches both alike. Two upstreams:
// - @modelcontextprotocol/server-everything's trivial `echo` (the proxy's whole cost shows; a proxy is
//   one more process on the path, so it cannot be within 10% of a call that costs next to nothing);
// - bench/work-server.mjs's `list_issues` (bench/work-tools.mjs), a tool that waits 3 ms on I/O and
//   answers a ~16 KB result (20 issues, in content and structuredContent) with an outputSchema, judged
//   by the proxy on the way back: what real tools cost.
// Also the CPU each process spends per call (Linux /proc), which load on a shared machine
// colours less than wall time; and the in-process entry point: an McpServer served with withDialects
// against the same McpServer bare, both over an in-memory pair, for tools/list and both tools/calls.
// Target (brief): through the proxy within 10% added latency at p50 and p99; withDialects within 10%.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { cpuMs, root, isMain } from './lib.mjs';
import { registerWorkTools, WORK_CALL as WORK } from './work-tools.mjs';

const ROUNDS = 10;
const CALLS_PER_ROUND = 200;
const WORK_CALLS_PER_ROUND = 60;
const CONCURRENCY = 8;
const require = createRequire(import.meta.url);
const sdk = (path) => import(pathToFileURL(join(root, 'node_modules', '@modelcontextprotocol', 'sdk', 'dist', 'esm', path)).href);
const everything = [require.resolve('@modelcontextprotocol/server-everything/dist/index.js', { paths: [join(root, 'packages', 'mcp')] }), 'stdio'];
const workServer = [join(root, 'bench', 'work-server.mjs')];
const relayScript = join(root, 'bench', 'relay.mjs');
// BENCH_MCP_DIST=packages/mcp/<dir> measures another build of the package (a before/after comparison).
const mcpDist = join(root, process.env.BENCH_MCP_DIST ?? join('packages', 'mcp', 'dist'));
const proxyBin = join(mcpDist, 'bin.js');

const ECHO = { name: 'echo', arguments: { message: 'hello from the bench' } };

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** `calls` tools/call with `concurrency` in flight; returns each call's latency in ms. */
async function load(client, call, calls, concurrency) {
  const latencies = [];
  let next = 0;
  const worker = async () => {
    while (next < calls) {
      next++;
      const t0 = performance.now();
      const result = await client.callTool(call);
      latencies.push(performance.now() - t0);
      if (result.isError) throw new Error(`bench call failed: ${JSON.stringify(result)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies;
}

/**
 * Alternating rounds of the same load on each client; p50/p99 of all calls per client, and the CPU
 * per call of the process each client talks to.
 */
async function compare(clients, call, perRound, concurrency) {
  const names = Object.keys(clients);
  const samples = Object.fromEntries(names.map((k) => [k, []]));
  const cpu = Object.fromEntries(names.map((k) => [k, 0]));
  for (const name of names) await load(clients[name].client, call, 50, concurrency); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      const c0 = cpuMs(clients[name].pid);
      samples[name].push(...(await load(clients[name].client, call, perRound, concurrency)));
      cpu[name] += (cpuMs(clients[name].pid) ?? NaN) - (c0 ?? NaN);
    }
  }
  const out = {};
  for (const [name, values] of Object.entries(samples)) {
    values.sort((a, b) => a - b);
    out[name] = { p50: quantile(values, 0.5), p99: quantile(values, 0.99), cpu: cpu[name] / values.length };
  }
  return out;
}

async function stdioClient(command, args) {
  const { Client } = await sdk('client/index.js');
  const { StdioClientTransport } = await sdk('client/stdio.js');
  const client = new Client({ name: 'bench', version: '0' });
  const transport = new StdioClientTransport({ command, args, stderr: 'ignore' });
  await client.connect(transport);
  await client.listTools();
  return { client, pid: transport.pid };
}

const proxyArgs = (upstream) => [proxyBin, 'proxy', '--stdio', '--', process.execPath, ...upstream];
const relayArgs = (upstream) => [relayScript, process.execPath, ...upstream];

async function inProcess(withFront) {
  const { Client } = await sdk('client/index.js');
  const { McpServer } = await sdk('server/mcp.js');
  const { InMemoryTransport } = await sdk('inMemory.js');
  const { z } = await import(pathToFileURL(require.resolve('zod', { paths: [join(root, 'node_modules', '@modelcontextprotocol', 'sdk')] })).href);
  const server = new McpServer({ name: 'bench', version: '0' });
  registerWorkTools(server, z);
  // A list of some size: tools/list is compared too.
  for (let i = 0; i < 20; i++) {
    server.registerTool(`lookup_${i}`, { description: `Lookup ${i}.`, inputSchema: { id: z.string(), limit: z.number().int().min(1).max(100).optional(), tags: z.array(z.string()).optional() } }, async () => ({ content: [] }));
  }
  const [a, b] = InMemoryTransport.createLinkedPair();
  if (withFront) {
    const { withDialects } = await import(pathToFileURL(join(mcpDist, 'index.js')).href);
    await withDialects(server, { logger: { warn() {} } }).connect(b);
  } else {
    await server.connect(b);
  }
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(a);
  await client.listTools();
  return { client };
}

/** p50/p99 of `job` on each client, alternating rounds, one at a time. */
async function compareJob(clients, job, perRound) {
  const samples = Object.fromEntries(Object.keys(clients).map((k) => [k, []]));
  for (const c of Object.values(clients)) for (let i = 0; i < 50; i++) await job(c.client);
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 === 0 ? Object.keys(clients) : Object.keys(clients).reverse()) {
      for (let i = 0; i < perRound; i++) {
        const t0 = performance.now();
        await job(clients[name].client);
        samples[name].push(performance.now() - t0);
      }
    }
  }
  const out = {};
  for (const [name, values] of Object.entries(samples)) {
    values.sort((a, b) => a - b);
    out[name] = { p50: quantile(values, 0.5), p99: quantile(values, 0.99) };
  }
  return out;
}

export async function run() {
  const rows = [];
  const ratios = {};
  const targets = {};
  const upstreams = [
    { label: 'echo', upstream: everything, call: ECHO, perRound: CALLS_PER_ROUND },
    { label: 'list_issues (3 ms of I/O, ~16 KB result)', upstream: workServer, call: WORK, perRound: WORK_CALLS_PER_ROUND },
  ];
  for (const { label, upstream, call, perRound } of upstreams) {
    const clients = {
      direct: await stdioClient(process.execPath, upstream),
      relay: await stdioClient(process.execPath, relayArgs(upstream)),
      proxied: await stdioClient(process.execPath, proxyArgs(upstream)),
    };
    for (const concurrency of [1, CONCURRENCY]) {
      const r = await compare(clients, call, perRound, concurrency);
      for (const q of ['p50', 'p99']) {
        rows.push({ label: `${label}, ${concurrency} in flight, ${q}: upstream directly`, value: r.direct[q], unit: 'ms' });
        rows.push({ label: `${label}, ${concurrency} in flight, ${q}: through a byte relay`, value: r.relay[q], unit: 'ms' });
        rows.push({ label: `${label}, ${concurrency} in flight, ${q}: through the proxy`, value: r.proxied[q], unit: 'ms' });
        rows.push({ label: `${label}, ${concurrency} in flight, ${q}: added by the proxy`, value: r.proxied[q] - r.direct[q], unit: 'ms' });
        const key = `proxy/direct ${label.split(' ')[0]} ${q}, ${concurrency} in flight`;
        ratios[key] = r.proxied[q] / r.direct[q];
        targets[key] = 1.1;
        // No target: what one more process on the path costs here, whatever it does.
        ratios[`relay/direct ${label.split(' ')[0]} ${q}, ${concurrency} in flight`] = r.relay[q] / r.direct[q];
      }
      if (concurrency === 1 && Number.isFinite(r.direct.cpu) && Number.isFinite(r.proxied.cpu)) {
        rows.push({ label: `${label}, CPU per call: the upstream's process (direct)`, value: r.direct.cpu, unit: 'ms' });
        rows.push({ label: `${label}, CPU per call: the proxy's process`, value: r.proxied.cpu, unit: 'ms' });
        rows.push({ label: `${label}, CPU per call: the relay's process`, value: r.relay.cpu, unit: 'ms' });
        ratios[`proxy process CPU / upstream process CPU per ${label.split(' ')[0]} call`] = r.proxied.cpu / r.direct.cpu;
      }
    }
    await Promise.all(Object.values(clients).map((c) => c.client.close()));
  }

  const inProc = { bare: await inProcess(false), front: await inProcess(true) };
  const jobs = {
    'tools/list': [(client) => client.listTools(), CALLS_PER_ROUND],
    'tools/call echo': [(client) => client.callTool(ECHO), CALLS_PER_ROUND],
    'tools/call list_issues': [(client) => client.callTool(WORK), WORK_CALLS_PER_ROUND],
  };
  for (const [method, [job, perRound]] of Object.entries(jobs)) {
    const r = await compareJob(inProc, job, perRound);
    for (const q of ['p50', 'p99']) {
      rows.push({ label: `in process ${method}, ${q}: bare McpServer`, value: r.bare[q], unit: 'ms' });
      rows.push({ label: `in process ${method}, ${q}: withDialects(McpServer)`, value: r.front[q], unit: 'ms' });
      const key = `withDialects/bare McpServer ${method} ${q}`;
      ratios[key] = r.front[q] / r.bare[q];
      targets[key] = 1.1;
    }
  }
  await Promise.all(Object.values(inProc).map((c) => c.client.close()));
  return {
    name: 'tools/call through the proxy vs the upstream directly',
    rows,
    ratios,
    targets,
    notes: [
      `${ROUNDS} alternating rounds per client of ${CALLS_PER_ROUND} echo calls (server-everything) or ${WORK_CALLS_PER_ROUND} list_issues calls (bench/work-server.mjs); the same Client code for both.`,
      'A byte relay (bench/relay.mjs: starts the upstream, copies bytes both ways, reads nothing) is the floor of any proxy: its ratio to direct is what one more process on the path costs on this machine, whatever that process does.',
      'The proxy is a second process on the path: each call is read, judged, written, read and written once more, and each way wakes one more process. Against echo that is most of the call; against a tool doing real work it is the figure that counts.',
      'CPU per call: utime + stime of the process the client talks to, from /proc (10 ms ticks), over all its rounds at 1 in flight.',
      `In process: ${ROUNDS} alternating rounds of ${CALLS_PER_ROUND} requests (${WORK_CALLS_PER_ROUND} of list_issues), one at a time, over the SDK's in-memory pair; the McpServer holds 22 tools.`,
    ],
  };
}

if (isMain(import.meta.url)) console.log(JSON.stringify(await run(), null, 2));
