// What importing the package costs a process that serves stdio only: the SDK's Streamable HTTP
// transport (and the web framework under it, about 40 ms of a start) is not loaded until an HTTP
// handler is created, nor the SDK's HTTP client, YAML, JSONPath or re2js until something needs them. Checked on the built package in a fresh process, by the modules it resolves.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHILD_TIMEOUT_MS } from '../../../test-timeouts.js';
import { repoRoot } from './helpers.js';

const dist = pathToFileURL(join(repoRoot, 'packages', 'mcp', 'dist', 'index.js')).href;
const hook = join(repoRoot, 'packages', 'mcp', 'test', 'fixtures', 'resolved-modules.mjs');

function resolvedBy(script: string): Promise<string[]> {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['--import', hook, '--input-type=module', '-e', script], { timeout: CHILD_TIMEOUT_MS }, (error, _stdout, stderr) => {
      if (error) return reject(new Error(`${error.message}\n${stderr}`));
      resolve(stderr.split('\n').filter((l) => l.startsWith('resolved ')).map((l) => l.slice('resolved '.length)));
    }),
  );
}

const httpTransport = (urls: string[]) => urls.filter((u) => /sdk\/dist\/esm\/server\/streamableHttp\.js$|\/node_modules\/hono\//.test(u));

describe('import graph', () => {
  it('importing the package and serving stdio loads no HTTP transport', async () => {
    const urls = await resolvedBy(`const m = await import(${JSON.stringify(dist)}); m.createDialectTools([]);`);
    // The probe sees the package itself (its bundle and chunks), so an empty answer cannot pass for a clean one.
    expect(urls.some((u) => /\/packages\/mcp\/dist\/chunks\/chunk-\w+\.js$/.test(u))).toBe(true);
    expect(httpTransport(urls)).toEqual([]);
    // Nor the SDK's HTTP client (its auth modules with it), which only a front on an HTTP upstream needs.
    expect(urls.filter((u) => /sdk\/dist\/esm\/client\/(streamableHttp|auth)\.js$/.test(u))).toEqual([]);
    // Nor the engine's optional parsers: the bundled dialects need no YAML and no JSONPath.
    expect(urls.filter((u) => /\/node_modules\/(yaml|jsonpath-plus|re2js)\//.test(u))).toEqual([]);
  });

  it('creating an HTTP handler loads it', async () => {
    const urls = await resolvedBy(
      `const m = await import(${JSON.stringify(dist)}); m.createDialectHttpHandler({ createServer: () => { throw new Error('unused'); } });`,
    );
    // No wait: the import in flight keeps the process alive until it has loaded.
    expect(httpTransport(urls).length).toBeGreaterThan(0);
  });
});
