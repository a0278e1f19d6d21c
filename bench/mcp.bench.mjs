// tools/list and tools/call over Streamable HTTP: the github-mcp-server corpus tools served with
// dialects (mixed dialects across concurrent clients, named by ?dialect= or by _meta) beside the
// same tools on the bare SDK, each server in its own process, measured in alternating rounds.
// Every answer is checked: a tools/list answer must be exactly its asked dialect's spelling, a
// tools/call must have reached the handler with what a canonical caller would have sent.
// Also: how long a server holding every corpus tool takes to be ready, beside Ajv compiling them.
// Target (brief): within 10% of the bare SDK; all corpus tools ready in under 0.2 s.
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cpuMs, loadCorpusTools, root, isMain } from './lib.mjs';

const KEY = 'ai.redouble/dialect';
const CALL_TOOL = 'list_issues';
const CANONICAL_ARGS = { owner: 'octo', repo: 'demo', state: 'OPEN', perPage: 30, labels: ['bug'] };
const CONCURRENCY = 8;
// Many short alternating rounds, compared pair by pair: the machine's load drifts, and a pair of
// neighbouring rounds sees the same drift.
const ROUNDS = 12;
const LIST_PER_ROUND = 96;
const CALL_PER_ROUND = 400;
const WARMUP = { list: LIST_PER_ROUND * 2, call: CALL_PER_ROUND * 5 };

const importDist = (pkg) => import(pathToFileURL(join(root, 'packages', pkg, 'dist', 'index.js')).href);
const sdk = (path) => import(pathToFileURL(join(root, 'node_modules', '@modelcontextprotocol', 'sdk', 'dist', 'esm', path)).href);

/** The handler both servers run: it echoes what it received, so the bench can check the decoding. */
const echo = (args) => ({ content: [{ type: 'text', text: JSON.stringify(args) }] });

function githubTools() {
  return loadCorpusTools('github-mcp-server').map((t) => t.tool);
}

// ---- the two servers (each runs in a child process) ----

async function serve(mode) {
  const { Server } = await sdk('server/index.js');
  const { StreamableHTTPServerTransport } = await sdk('server/streamableHttp.js');
  const { ListToolsRequestSchema, CallToolRequestSchema } = await sdk('types.js');
  const tools = githubTools();
  const info = { name: 'bench', version: '0.0.0' };
  let listener;
  if (mode === 'bare') {
    // The SDK's own stateless pattern: a fresh Server and transport per POST.
    listener = async (req, res) => {
      const chunks = [];
      for await (const c of req) chunks.push(c);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const server = new Server(info, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
      server.setRequestHandler(CallToolRequestSchema, (request) => echo(request.params.arguments ?? {}));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    };
  } else {
    const mcp = await importDist('mcp');
    const dialects = mcp.createDialectTools(
      tools.map((t) => ({ ...t, handler: echo })),
      { logger: { warn() {} } },
    );
    listener = mcp.createDialectHttpHandler({
      createServer: () => {
        const server = new Server(info);
        dialects.attach(server);
        return server;
      },
    });
  }
  const http = createServer((req, res) => void listener(req, res));
  http.listen(0, '127.0.0.1', () => process.send({ port: http.address().port }));
  process.on('disconnect', () => process.exit(0));
}

function startChild(mode) {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', mode], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, url: `http://127.0.0.1:${m.port}/mcp` }));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

// ---- the load ----

/** One request of the mixed load: which dialect it asks for and how (URL, _meta, or not at all). */
function plan(i, names) {
  const slot = i % (names.length + 1);
  const dialect = slot < names.length ? names[slot] : undefined;
  return { dialect, via: dialect === undefined ? 'none' : i % 2 === 0 ? 'url' : 'meta' };
}

function requestFor(kind, p, i, nullArgs) {
  const params = kind === 'list' ? {} : { name: CALL_TOOL, arguments: p.nulls ? nullArgs : CANONICAL_ARGS };
  if (p.via === 'meta') params._meta = { [KEY]: p.dialect };
  return { jsonrpc: '2.0', id: i, method: kind === 'list' ? 'tools/list' : 'tools/call', params };
}

async function post(url, body) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body,
  });
  const text = await res.text();
  // The SDK answers as one SSE event unless JSON responses are enabled; take its data line.
  const data = text.startsWith('{') ? text : text.split('\n').find((l) => l.startsWith('data: '))?.slice(6);
  if (!data) throw new Error(`HTTP ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(data);
}

const sha = (value) => createHash('sha1').update(JSON.stringify(value)).digest('hex');

/** Runs `count` requests, CONCURRENCY at a time; returns wall time and each request's latency. */
async function round(server, kind, count, names, check, nullArgs, decodes) {
  const latencies = [];
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const p = plan(i, names);
      p.nulls = p.dialect !== undefined && decodes.has(p.dialect);
      const url = p.via === 'url' ? `${server.url}?dialect=${encodeURIComponent(p.dialect)}` : server.url;
      const body = JSON.stringify(requestFor(kind, p, i, nullArgs));
      const s = performance.now();
      const answer = await post(url, body);
      latencies.push(performance.now() - s);
      check(answer, p);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { ms: performance.now() - t0, latencies };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

// ---- the same two servers in this process, over the SDK's in-memory transport ----
// No HTTP, no second process: what is left is the dialect layer's own cost per request, which
// the HTTP rounds above measure only to within the machine's noise. tools/list asks for the default
// dialect here, so both sides hand the client the same document: a stricter dialect's longer
// document costs the client more to parse, which is not the layer's cost (the HTTP rounds mix them).

async function inProcess(mcp, names, decodes, nullArgs) {
  const { Server } = await sdk('server/index.js');
  const { Client } = await sdk('client/index.js');
  const { InMemoryTransport } = await sdk('inMemory.js');
  const { ListToolsRequestSchema, CallToolRequestSchema } = await sdk('types.js');
  const tools = githubTools();
  const dialects = mcp.createDialectTools(tools.map((t) => ({ ...t, handler: echo })), { logger: { warn() {} } });
  const connect = async (server) => {
    const client = new Client({ name: 'bench', version: '0.0.0' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    await client.connect(b);
    return client;
  };
  const bareServer = new Server({ name: 'bare', version: '0.0.0' }, { capabilities: { tools: {} } });
  bareServer.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  bareServer.setRequestHandler(CallToolRequestSchema, (request) => echo(request.params.arguments ?? {}));
  const dialectServer = new Server({ name: 'dialects', version: '0.0.0' });
  dialects.attach(dialectServer);
  const clients = { bare: await connect(bareServer), dialects: await connect(dialectServer) };
  const ask = (i) => {
    const dialect = names[i % names.length];
    return { meta: { [KEY]: dialect }, args: decodes.has(dialect) ? nullArgs : CANONICAL_ARGS };
  };
  const jobs = {
    list: (client) => client.listTools(),
    call: (client, i) => client.callTool({ name: CALL_TOOL, arguments: ask(i).args, _meta: ask(i).meta }),
  };
  const out = {};
  for (const [kind, count] of [['list', 60], ['call', 1500]]) {
    const ms = { bare: [], dialects: [] };
    for (let r = -1; r < ROUNDS; r++) {
      for (const mode of r % 2 === 0 ? ['bare', 'dialects'] : ['dialects', 'bare']) {
        const t0 = performance.now();
        for (let i = 0; i < count; i++) await jobs[kind](clients[mode], i);
        if (r >= 0) ms[mode].push((performance.now() - t0) / count);
      }
    }
    out[kind] = { bare: median(ms.bare), dialects: median(ms.dialects), paired: median(ms.bare.map((b, r) => ms.dialects[r] / b)) };
  }
  for (const c of Object.values(clients)) await c.close();
  return out;
}

// ---- readiness of a server holding the whole corpus (in a fresh process: a cold start) ----

async function readiness() {
  // The SDK first, as a server's own code imports it: what follows is this project's share of a start.
  const s0 = performance.now();
  await sdk('server/mcp.js');
  await sdk('server/stdio.js');
  const sdkImported = performance.now() - s0;
  const t0 = performance.now();
  const engine = await importDist('dialects');
  const mcp = await importDist('mcp');
  const { Ajv2020 } = await import(pathToFileURL(join(root, 'node_modules', 'ajv', 'dist', '2020.js')).href);
  const imported = performance.now() - t0;
  const t1 = performance.now();
  const registry = engine.loadDialects();
  const loaded = performance.now() - t1;
  // Names repeat across servers; a tool whose schema is invalid (rightly) refuses the start, so
  // those (found by the parent, so that this process starts cold) are left out.
  const all = loadCorpusTools();
  const bad = new Set(JSON.parse(process.env.BENCH_INVALID_TOOLS ?? '[]'));
  const usable = all.filter(({ id }) => !bad.has(id)).map(({ id, tool }) => ({ ...tool, name: id.replace('/', '__'), handler: echo }));
  // No forced GC between passes (see bench/lib.mjs): it would age the bytecode and time "warm" half-cold.
  const time = (fn) => {
    const t = performance.now();
    fn();
    return performance.now() - t;
  };
  let first;
  const cold = time(() => (first = mcp.createDialectTools(usable, { registry, logger: { warn() {} } })));
  // The warning-only lint rules run after registration, in slices, while the server answers: timed
  // from ready to the last warning, so that the work moved out of the way is shown, not hidden.
  const a0 = performance.now();
  await first.warnings;
  const advised = performance.now() - a0;
  const warm = median(Array.from({ length: 7 }, () => time(() => mcp.createDialectTools(usable, { registry, logger: { warn() {} } }))));
  const ajv = time(() => {
    const a = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    for (const t of usable) {
      try {
        a.compile(t.inputSchema);
        if (t.outputSchema) a.compile(t.outputSchema);
      } catch {
        // A schema Ajv cannot compile still counts its attempt.
      }
    }
  });
  process.send({ tools: usable.length, excluded: all.length - usable.length, sdkImported, imported, loaded, cold, advised, warm, ajv });
}

async function readinessInChild(engine) {
  // The tools registration refuses (an invalid schema, or no MCP Tool as the SDK reads one), found
  // by registering them all once here, in the parent, so that the child starts cold.
  const mcp = await importDist('mcp');
  const all = loadCorpusTools();
  let invalid = [];
  try {
    mcp.createDialectTools(all.map(({ id, tool }) => ({ ...tool, name: id.replace('/', '__'), handler: echo })), { registry: engine.loadDialects(), logger: { warn() {} } });
  } catch (error) {
    const refused = new Set((error.diagnostics ?? []).map((d) => Number(d.path.split('/')[1])));
    invalid = all.filter((_, i) => refused.has(i)).map(({ id }) => id);
  }
  const child = fork(fileURLToPath(import.meta.url), ['--ready'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_INVALID_TOOLS: JSON.stringify(invalid) },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => {
      child.disconnect();
      resolve(m);
    });
    child.once('exit', (code) => reject(new Error(`readiness child exited with ${code}`)));
  });
}

export async function run() {
  const engine = await importDist('dialects');
  const mcp = await importDist('mcp');
  const registry = engine.loadDialects();
  const names = registry.names();
  const tools = githubTools();
  const decodes = new Set(names.filter((n) => registry.get(n).decodesNulls));
  const nullArgs = { ...CANONICAL_ARGS };
  for (const key of Object.keys(tools.find((t) => t.name === CALL_TOOL).inputSchema.properties)) {
    if (!(key in nullArgs)) nullArgs[key] = null;
  }

  // What each dialect's answer must be, computed here with the engine, independently of the server.
  const defaultName = mcp.defaultDialectName(registry);
  const expected = new Map();
  for (const n of [...names, undefined]) {
    const d = registry.get(n ?? defaultName);
    const list = tools.map((t) => engine.convert(t, d).output).filter((o) => o !== undefined);
    expected.set(n, { id: d.id, hash: sha(list) });
  }
  const canonicalHash = sha(tools);
  const canonicalArgs = JSON.stringify(CANONICAL_ARGS);
  let checked = 0;
  const fail = (why) => {
    throw new Error(`wrong answer: ${why}`);
  };
  const checks = {
    dialects: {
      list: (a, p) => {
        const e = expected.get(p.dialect);
        if (a.result?._meta?.[KEY] !== e.id) fail(`asked ${p.dialect}, got ${a.result?._meta?.[KEY] ?? JSON.stringify(a.error)}`);
        if (sha(a.result.tools) !== e.hash) fail(`tools not in ${p.dialect}`);
        checked++;
      },
      call: (a, p) => {
        if (a.result?.content?.[0]?.text !== canonicalArgs) fail(`call as ${p.dialect}: ${JSON.stringify(a.result ?? a.error)}`);
        checked++;
      },
    },
    bare: {
      list: (a) => {
        if (sha(a.result.tools) !== canonicalHash) fail('bare list differs');
      },
      call: (a, p) => {
        if (a.result?.content?.[0]?.text !== JSON.stringify(p.nulls ? nullArgs : CANONICAL_ARGS)) fail('bare call differs');
      },
    },
  };

  const servers = { bare: await startChild('bare'), dialects: await startChild('dialects') };
  const rows = [];
  const ratios = {};
  const targets = {};
  try {
    for (const [kind, count] of [['list', LIST_PER_ROUND], ['call', CALL_PER_ROUND]]) {
      const results = { bare: [], dialects: [] };
      // CPU the server process spent over the timed rounds: the server's own cost, which the load on
      // a shared machine colours less than the wall time the client sees (that includes the client).
      const cpu = { bare: 0, dialects: 0 };
      // Warm-up first (fills the per-dialect caches and the JIT), then alternating rounds. Over a
      // fresh server's first thousand or so calls its time per call falls about fourfold, both
      // servers alike (2026-12-03); rounds timed inside that fall compared how fast V8 warmed each
      // process more than what each does per call, which is what a long-running server pays.
      for (const mode of ['bare', 'dialects']) await round(servers[mode], kind, WARMUP[kind], names, checks[mode][kind], nullArgs, decodes);
      for (let r = 0; r < ROUNDS; r++) {
        for (const mode of r % 2 === 0 ? ['bare', 'dialects'] : ['dialects', 'bare']) {
          const before = cpuMs(servers[mode].child.pid);
          results[mode].push(await round(servers[mode], kind, count, names, checks[mode][kind], nullArgs, decodes));
          cpu[mode] += (cpuMs(servers[mode].child.pid) ?? Number.NaN) - (before ?? Number.NaN);
        }
      }
      const summary = {};
      for (const mode of ['bare', 'dialects']) {
        const rps = median(results[mode].map((x) => (count / x.ms) * 1000));
        const lat = results[mode].flatMap((x) => x.latencies);
        summary[mode] = { rps, median: median(lat), p95: p95(lat) };
        const label = `tools/${kind} ${mode === 'bare' ? 'bare SDK' : 'with dialects'}`;
        rows.push({ label: `${label} throughput`, value: rps, unit: `req/s (${CONCURRENCY} concurrent)` });
        rows.push({ label: `${label} latency median`, value: summary[mode].median, unit: 'ms' });
        rows.push({ label: `${label} latency p95`, value: summary[mode].p95, unit: 'ms' });
        if (!Number.isNaN(cpu[mode])) rows.push({ label: `${label} server CPU per request`, value: cpu[mode] / (ROUNDS * count), unit: 'ms (utime + stime of its process)' });
      }
      if (!Number.isNaN(cpu.bare) && !Number.isNaN(cpu.dialects)) {
        ratios[`tools/${kind} server CPU per request, dialects / bare SDK`] = cpu.dialects / cpu.bare;
        targets[`tools/${kind} server CPU per request, dialects / bare SDK`] = 1.1;
      }
      // Median over neighbouring pairs of rounds of (bare throughput / dialects throughput).
      const paired = results.bare.map((b, r) => results.dialects[r].ms / b.ms);
      ratios[`tools/${kind} time per request, dialects / bare SDK`] = median(paired);
      ratios[`tools/${kind} median latency, dialects / bare SDK`] = summary.dialects.median / summary.bare.median;
      targets[`tools/${kind} time per request, dialects / bare SDK`] = 1.1;
    }
  } finally {
    for (const s of Object.values(servers)) s.child.disconnect();
  }
  rows.push({ label: 'answers checked in the asked dialect', value: checked, unit: 'answers' });

  const local = await inProcess(mcp, names, decodes, nullArgs);
  for (const kind of ['list', 'call']) {
    const unit = `µs per request (SDK client included${kind === 'list' ? '; default dialect' : '; mixed dialects'})`;
    rows.push({ label: `in-process tools/${kind} bare SDK`, value: local[kind].bare * 1000, unit });
    rows.push({ label: `in-process tools/${kind} with dialects`, value: local[kind].dialects * 1000, unit });
    ratios[`in-process tools/${kind}, dialects / bare SDK`] = local[kind].paired;
  }
  rows.push({ label: 'dialect names in the mix', value: names.length + 1, unit: 'incl. none' });

  const ready = await readinessInChild(engine);
  rows.push({ label: 'corpus tools registered', value: ready.tools, unit: `tools (${ready.excluded} that registration refuses left out: an invalid schema, or no MCP Tool as the SDK reads one)` });
  rows.push({ label: 'fresh process: import the SDK (McpServer, stdio)', value: ready.sdkImported, unit: 'ms' });
  rows.push({ label: 'fresh process: then import engine + MCP layer', value: ready.imported, unit: 'ms' });
  rows.push({ label: 'fresh process: loadDialects()', value: ready.loaded, unit: 'ms' });
  rows.push({ label: 'createDialectTools(all corpus tools), first (cold)', value: ready.cold, unit: 'ms (copy, the lint rules that can refuse a tool, the SDK Tool shape; nothing converted or compiled)' });
  rows.push({ label: 'then the warning-only lint rules, in slices while serving', value: ready.advised, unit: 'ms from ready to the last registration warning' });
  rows.push({ label: 'createDialectTools(all corpus tools), again (warm)', value: ready.warm, unit: 'ms' });
  rows.push({ label: 'Ajv2020 compiling all their schemas', value: ready.ajv, unit: 'ms' });
  // Ready: everything the packages add to a bare SDK server in a fresh process (their import, the
  // dialects loaded, every corpus tool registered), not node's own start or the SDK's import.
  const readyMs = ready.imported + ready.loaded + ready.cold;
  rows.push({ label: 'ready: import + loadDialects() + createDialectTools, cold', value: readyMs, unit: 'ms (beside the SDK import above)' });
  ratios['ready server: import + load + register, cold (s)'] = readyMs / 1000;
  targets['ready server: import + load + register, cold (s)'] = 0.2;
  ratios['ready server, cold / Ajv compile all'] = ready.cold / ready.ajv;

  return {
    name: 'MCP server over Streamable HTTP: dialects vs bare SDK',
    rows,
    ratios,
    targets,
    notes: [
      `${CONCURRENCY} concurrent clients; after ${WARMUP.list} tools/list and ${WARMUP.call} tools/call warm-up requests per server, ${ROUNDS} alternating rounds (ratio = median over neighbouring pairs) of ${LIST_PER_ROUND} tools/list and ${CALL_PER_ROUND} tools/call; ` +
        `${tools.length} github-mcp-server tools; servers in separate processes; each request names one of ${names.length} dialects (by URL or _meta) or none.`,
    ],
  };
}

if (process.argv[2] === '--serve') await serve(process.argv[3]);
else if (process.argv[2] === '--ready') await readiness();
else if (isMain(import.meta.url)) console.log(JSON.stringify(await run(), null, 2));
