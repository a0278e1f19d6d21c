#!/usr/bin/env node
import { run } from './main.js';

const code = await run(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  isTTY: process.stdin.isTTY === true,
});
// exitCode rather than exit(): stdout may still be flushing into a pipe.
process.exitCode = code;
