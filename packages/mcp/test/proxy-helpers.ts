// Shared plumbing for the proxy tests: the built `dialects-mcp proxy` (dist/), real upstream
// servers installed from the registry, SDK clients on both sides.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { repoRoot } from './helpers.js';

export const proxyBin = join(repoRoot, 'packages', 'mcp', 'dist', 'bin.js');
const require = createRequire(import.meta.url);
/** server-everything, as installed from npm (a devDependency): its bin, run with this node. */
export const everything = [require.resolve('@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'];

/** An SDK client over stdio to `command args` (a server, or the proxy in front of one). */
export async function stdioClient(command: string, args: string[]): Promise<Client> {
  const client = new Client({ name: 'proxy-test', version: '0.0.0' });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'pipe' }));
  return client;
}

/** The proxy over stdio in front of `upstream` (a command line). */
export function proxiedStdio(upstream: string[], options: string[] = []): Promise<Client> {
  return stdioClient(process.execPath, [proxyBin, 'proxy', '--stdio', ...options, '--', ...upstream]);
}

/** A child process serving HTTP: where it listens, and how to stop it. */
export interface ListeningChild {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}
export type HttpProxy = ListeningChild;

/** The proxy over HTTP on a free loopback port; resolves once it prints where it listens. */
export function proxiedHttp(upstream: string[], options: string[] = []): Promise<HttpProxy> {
  return listeningChild([process.execPath, proxyBin, 'proxy', '--port', '0', ...options, ...(upstream.length > 0 ? ['--', ...upstream] : [])], 'proxy');
}

/** A command line whose process prints "listening on URL" on stdout once it serves; resolves then, rejects if it exits first. */
export function listeningChild([command, ...args]: string[], name: string): Promise<ListeningChild> {
  const child = spawn(command!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const url = /listening on (http:\/\/\S+)/.exec(line)?.[1];
      if (url)
        resolve({
          url,
          process: child,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code} before listening: ${stderr}`)));
  });
}
