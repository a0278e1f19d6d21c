// Runs the official MCP conformance suite (@modelcontextprotocol/conformance, installed with the Node 22
// it needs in tools/conformance by the root prepare script) against a server URL, and reads what it
// wrote with -o: one folder per scenario, each with a checks.json.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { conformanceBin, nodeBin } from '../../../tools/conformance/paths.mjs';
import { CHILD_TIMEOUT_MS } from '../../../test-timeouts.js';
import { repoRoot } from './helpers.js';

/** One check as the suite writes it (the fields compared here; details and timestamps vary per run). */
export interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO';
  errorMessage?: string;
}

/** Scenario name -> its checks, in the suite's order. */
export type SuiteRun = Map<string, Check[]>;

const require = createRequire(import.meta.url);
const scenarioMain = join(repoRoot, 'packages', 'mcp', 'test', 'fixtures', 'scenario-server', 'main.ts');

/** The scenario server's command line (run with tsx, as no build step compiles a test fixture) in a mode of its main.ts. */
export function scenarioServer(mode: '--stdio' | '--http' | '--with-dialects'): string[] {
  return [process.execPath, '--import', pathToFileURL(require.resolve('tsx')).href, scenarioMain, mode];
}

/**
 * Every server scenario of the suite (`--suite all`: the active ones and the pending json-schema-2020-12
 * and server-sse-polling) against `url`, one suite process. Its exit code only says whether some check
 * failed, which is the tests' business: it resolves with what the suite wrote, and rejects only when
 * the suite could not run or wrote nothing.
 */
export async function runSuite(url: string): Promise<SuiteRun> {
  if (!existsSync(nodeBin) || !existsSync(conformanceBin)) {
    throw new Error(`The conformance suite is not installed in tools/conformance: run \`node tools/conformance/install.mjs\` (npm ci at the root runs it).`);
  }
  const out = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  try {
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(nodeBin, [conformanceBin, 'server', '--suite', 'all', '--url', url, '-o', out], { timeout: CHILD_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (error && (error.killed || typeof error.code !== 'number' || error.code > 1)) reject(new Error(`conformance suite: ${error.message}\n${stderr}`));
        else resolve(stdout);
      });
    });
    const run: SuiteRun = new Map();
    for (const folder of readdirSync(out)) {
      // server-<scenario>-<ISO time with - for : and .>
      const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(folder)?.[1];
      if (!scenario) throw new Error(`conformance suite wrote an unexpected folder ${folder}`);
      run.set(scenario, JSON.parse(readFileSync(join(out, folder, 'checks.json'), 'utf8')) as Check[]);
    }
    if (run.size === 0) throw new Error(`conformance suite wrote no results:\n${stdout}`);
    return run;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * What a scenario's run came to: each verdict the suite reached, as "check-id: STATUS", in order.
 * INFO checks are left out: they log the requests and events seen (with ids and times), not verdicts.
 */
export function outcome(run: SuiteRun, scenario: string): string[] {
  const checks = run.get(scenario);
  if (!checks) throw new Error(`no result for scenario ${scenario}`);
  return checks.filter((c) => c.status !== 'INFO').map((c) => `${c.id}: ${c.status}`);
}

/** The scenario's failed checks with the suite's own words, for a readable assertion message. */
export function failures(run: SuiteRun, scenario: string): string[] {
  return (run.get(scenario) ?? []).filter((c) => c.status === 'FAILURE').map((c) => `${c.id}: ${c.errorMessage ?? ''}`);
}
