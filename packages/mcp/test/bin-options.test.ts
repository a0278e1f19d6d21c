// The bins' integer and address options, read by one set of rules in both (src/bin-options.ts): a
// number is decimal digits only, within its range. Number() alone read '' as 0 (a random port),
// '0x10' as 16, '1e3' as 1000, ' 5 ' as 5; and node reads an empty --host as every interface. Each
// is a bad command line (docs/error-handling.md): exit 2, the usage, a message naming the option
// and the value. Runs the built bins; one that serves instead is stopped as soon as it listens.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoBin, killIfRunning, proxyBin, runBin, watchedPid, watchedUpstream } from './bin-helpers.js';

const upstreams: Array<number | undefined> = [];
afterEach(() => {
  for (const pid of upstreams.splice(0)) killIfRunning(pid);
});

// [option, value]: each spelling Number() read as a number nobody typed, or as none at all.
const ports: Array<[string, string]> = [
  ['--port', ''],
  ['--port', ' '],
  ['--port', '0x10'],
  ['--port', '1e3'],
  ['--port', ' 5 '],
  ['--port', '5.0'],
  ['--port', '0b1'],
  ['--host', ''],
];
const proxyOnly: Array<[string, string]> = [
  ['--page-size', ''],
  ['--page-size', '0x4'],
  ['--page-size', '1e1'],
  ['--timeout', ' 500 '],
  ['--timeout', '1.5e3'],
  ['--timeout', '0o7'],
  ['--start-timeout', '0'],
  ['--start-timeout', '2s'],
];

function expectRefused(run: { code: number | null; stderr: string; listened: boolean }, option: string, value: string, usage: string): void {
  expect(run.listened).toBe(false);
  expect(run.code).toBe(2);
  const [message] = run.stderr.split('\n');
  expect(message).toMatch(new RegExp(`^${option} must .*, got ${JSON.stringify(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.$`));
  expect(run.stderr).toContain(usage);
}

describe('dialects-mcp proxy refuses an odd number or an empty host', () => {
  it.each([...ports, ...proxyOnly])('%s %j: exit 2 with the usage', async (option, value) => {
    // The `--opt=value` spelling, so that an empty value is one argument, as `--port=` is typed.
    const run = await runBin([proxyBin, 'proxy', `${option}=${value}`, ...(option === '--port' ? [] : ['--port', '0']), '--', ...watchedUpstream]);
    upstreams.push(watchedPid(run.stderr));
    expectRefused(run, option, value, 'Usage: dialects-mcp proxy');
    // Refused before anything started.
    expect(watchedPid(run.stderr)).toBeUndefined();
  });
});

describe('dialects-mcp proxy --dialects-dir', () => {
  it('serves a dialect added in YAML, and refuses a broken rule file with its file and line before starting anything', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proxy-dialects-'));
    try {
      writeFileSync(join(dir, 'x@1.yaml'), 'dialect: x\nversion: "1"\nbogus: [\n');
      const broken = await runBin([proxyBin, 'proxy', '--dialects-dir', dir, '--port', '0', '--', ...watchedUpstream]);
      upstreams.push(watchedPid(broken.stderr));
      expect(broken.code).toBe(2);
      expect(broken.stderr).toContain(`${join(dir, 'x@1.yaml')}:4:1`);
      // Said by the proxy, as its other refusals are: the first line names who speaks.
      expect(broken.stderr.split('\n')[0]).toMatch(/^dialects-mcp proxy: /);
      expect(watchedPid(broken.stderr)).toBeUndefined();
      rmSync(join(dir, 'x@1.yaml'));
      writeFileSync(join(dir, 'their_reader@2026-12.yaml'), ['dialect: their_reader', 'version: "2026-12"', 'status: draft', 'summary: gemini, as their reader reads it.', 'extends: gemini@2026-10', 'sources:', '  page:', '    url: https://example.com/page', '    title: A page', '    read: 2026-12-05', 'rules: []', ''].join('\n'));
      // Named as the default, a dialect the proxy did not load is refused (exit 2) before it listens;
      // the run is stopped at its "listening on" line, so the line after it may never be read.
      const served = await runBin([proxyBin, 'proxy', '--dialects-dir', dir, '--dialect', 'their_reader', '--port', '0', '--', ...watchedUpstream]);
      upstreams.push(watchedPid(served.stderr));
      expect(served.listened).toBe(true);
      expect(served.stderr).not.toContain('unknown dialect');
      const without = await runBin([proxyBin, 'proxy', '--dialect', 'their_reader', '--port', '0', '--', ...watchedUpstream]);
      upstreams.push(watchedPid(without.stderr));
      expect(without.code).toBe(2);
      expect(without.stderr).toContain('unknown dialect "their_reader"');
      expect(without.stderr).toMatch(/^dialects-mcp proxy: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('dialects-mcp-demo refuses an odd port or an empty host, by the same rules', () => {
  it.each(ports)('%s %j: exit 2 with the usage', async (option, value) => {
    const run = await runBin([demoBin, `${option}=${value}`, ...(option === '--port' ? [] : ['--port', '0'])]);
    expectRefused(run, option, value, 'Usage: dialects-mcp-demo');
  });
});
