// The floor of any proxy: a process that starts the upstream and copies bytes both ways, reading
// nothing. The proxy bench runs it beside the proxy, so "added by the proxy" can be split into what
// one more process on the path costs on this machine and what the proxy's own work adds.
// Usage: node bench/relay.mjs COMMAND [ARGS...]
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const upstream = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.pipe(upstream.stdin);
upstream.stdout.pipe(process.stdout);
// A caller that hangs up ends the upstream's input; the upstream's exit ends the relay.
process.stdin.on('end', () => upstream.stdin.end());
upstream.stdin.on('error', () => undefined);
upstream.on('exit', (code) => process.exit(code ?? 0));
