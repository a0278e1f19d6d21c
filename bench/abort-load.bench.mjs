// Load with hostile neighbours (issue 12): 16 concurrent clients call the demo tools over
// Streamable HTTP in mixed dialects; in the "with aborts" rounds one request in ten is instead an
// upload that declares 3 MB, sends 64 KiB and hangs up. Every good answer is checked. Reports the
// good clients' errors (must be 0) and their p99 latency beside the plain load's, measured in
// alternating rounds against one server process. Not a test: numbers, not verdicts.
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { root, isMain } from './lib.mjs';

const CLIENTS = 16;
const PER_CLIENT = 60;
const ROUNDS = 4;
const KEY = 'ai.redouble/dialect';

// demo/tools.js is an entry of the package build for this bench (the demo server's tool set).
const dist = (path) => import(pathToFileURL(join(root, 'packages', 'mcp', 'dist', path)).href);
const sdk = (path) => import(pathToFileURL(join(root, 'node_modules', '@modelcontextprotocol', 'sdk', 'dist', 'esm', path)).href);

async function serve() {
  const mcp = await dist('index.js');
  const { demoTools } = await dist('demo/tools.js');
  const { Server } = await sdk('server/index.js');
  const dialects = mcp.createDialectTools(demoTools(), { logger: { warn() {} } });
  const handler = mcp.createDialectHttpHandler({
    createServer: () => {
      const server = new Server({ name: 'abort-bench', version: '0.0.0' });
      dialects.attach(server);
      return server;
    },
    enableJsonResponse: true,
  });
  const http = createServer((req, res) => void handler(req, res));
  http.listen(0, '127.0.0.1', () => process.send({ port: http.address().port, names: dialects.accepted() }));
  process.on('disconnect', () => process.exit(0));
}

function startChild() {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, exited, port: m.port, names: m.names }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** Declares a 3 MB body, sends 64 KiB of it and hangs up; resolves once the socket is gone. */
function abortedUpload(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => resolve());
    socket.on('close', () => resolve());
    socket.on('connect', () => {
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 3000000\r\n\r\n`,
      );
      socket.write('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":"' + 'a'.repeat(64 * 1024), () => socket.destroy());
    });
  });
}

/** One good request: a call in one of the dialects; the answer must be the product. */
async function goodCall(port, names, i) {
  const a = (i % 1000) - 500;
  const b = 7;
  const dialect = names[i % names.length];
  const body = JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'multiply_int32', arguments: { a, b }, _meta: { [KEY]: dialect } } });
  const res = await fetch(`http://127.0.0.1:${port}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body,
  });
  const answer = await res.json();
  if (answer.result?.structuredContent?.product !== a * b) throw new Error(`wrong answer: ${JSON.stringify(answer).slice(0, 200)}`);
}

async function round(server, withAborts) {
  const latencies = [];
  let errors = 0;
  let aborted = 0;
  const client = async (c) => {
    for (let k = 0; k < PER_CLIENT; k++) {
      const i = c * PER_CLIENT + k;
      if (withAborts && i % 10 === 9) {
        aborted++;
        await abortedUpload(server.port);
        continue;
      }
      const t0 = performance.now();
      try {
        await goodCall(server.port, server.names, i);
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  return { latencies, errors, aborted };
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
};

export async function run() {
  const server = await startChild();
  const sums = { plain: { latencies: [], errors: 0, aborted: 0 }, aborts: { latencies: [], errors: 0, aborted: 0 } };
  try {
    await round(server, false); // warm-up
    for (let r = 0; r < ROUNDS; r++) {
      for (const mode of r % 2 === 0 ? ['plain', 'aborts'] : ['aborts', 'plain']) {
        const res = await round(server, mode === 'aborts');
        sums[mode].latencies.push(...res.latencies);
        sums[mode].errors += res.errors;
        sums[mode].aborted += res.aborted;
      }
    }
  } finally {
    server.child.disconnect();
  }
  const rows = [];
  for (const [mode, label] of [['plain', 'plain load'], ['aborts', 'load with 10% aborted uploads']]) {
    const s = sums[mode];
    rows.push({ label: `${label}: good requests answered`, value: s.latencies.length, unit: 'requests' });
    rows.push({ label: `${label}: errors for good clients`, value: s.errors, unit: 'errors (must be 0)' });
    if (mode === 'aborts') rows.push({ label: `${label}: uploads aborted mid-body`, value: s.aborted, unit: 'uploads' });
    rows.push({ label: `${label}: latency median`, value: pct(s.latencies, 0.5), unit: 'ms' });
    rows.push({ label: `${label}: latency p99`, value: pct(s.latencies, 0.99), unit: 'ms' });
  }
  return {
    name: 'HTTP load with aborted uploads (good clients beside hostile ones)',
    rows,
    ratios: { 'p99 latency, with aborts / plain': pct(sums.aborts.latencies, 0.99) / pct(sums.plain.latencies, 0.99) },
    notes: [
      `${CLIENTS} concurrent clients x ${PER_CLIENT} requests per round, ${ROUNDS} alternating rounds per mode after a warm-up; ` +
        'tools/call multiply_int32 in every accepted dialect, each answer checked; one server process throughout, so a crash shows as errors.',
    ],
  };
}

if (process.argv[2] === '--serve') await serve();
else if (isMain(import.meta.url)) console.log(JSON.stringify(await run(), null, 2));
