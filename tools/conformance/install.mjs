#!/usr/bin/env node
// Installs the official MCP conformance suite and the Node 22 it needs into tools/conformance/node_modules,
// from this folder's own lockfile. Run by the root `prepare` script, so `npm ci` at the root installs it;
// the test (packages/mcp/test/conformance-suite.test.ts) only runs what is here and never installs.
// The folder is not a workspace on purpose: the `node` package's bin would shadow `node` (20) in every
// npm script of the repository if it sat in the root node_modules/.bin.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { installStamp } from '../install-stamp.mjs';
import { conformanceBin, nodeBin, toolDir } from './paths.mjs';

const stamp = installStamp(join(toolDir, 'package-lock.json'), join(toolDir, 'node_modules', '.installed-lock-sha256'));

if (stamp.current() && existsSync(nodeBin) && existsSync(conformanceBin)) {
  process.stdout.write('tools/conformance: installed and current.\n');
  process.exit(0);
}

// Under `npm ci` at the root this is the same npm; alone, the npm on PATH.
const npmCli = process.env.npm_execpath;
const [command, prefix] = npmCli ? [process.execPath, [npmCli]] : ['npm', []];
// engine-strict off: the suite's own tree admits Node 20 everywhere but one transitive package, and the
// suite itself runs on the Node 22 installed here. A root `npm ci --engine-strict` must not refuse it.
const args = [...prefix, 'ci', '--no-audit', '--no-fund', '--engine-strict=false', '--include=prod'];
process.stdout.write(`tools/conformance: npm ${args.slice(prefix.length).join(' ')}\n`);
const run = spawnSync(command, args, { cwd: toolDir, stdio: 'inherit' });
if (run.status !== 0) {
  process.stderr.write(`tools/conformance: npm ci failed (${run.status ?? run.signal}); the conformance test needs it.\n`);
  process.exit(1);
}

// The `node` package fetches its binary in a preinstall script: check it is really there and is Node 22.
const version = spawnSync(nodeBin, ['--version'], { encoding: 'utf8' });
if (version.status !== 0 || !/^v22\./.test(version.stdout)) {
  process.stderr.write(`tools/conformance: ${nodeBin} is not a working Node 22 (${version.stdout || version.stderr || version.error}).\n`);
  process.exit(1);
}
stamp.write();
process.stdout.write(`tools/conformance: installed, node ${version.stdout.trim()}.\n`);
