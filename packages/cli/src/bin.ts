#!/usr/bin/env node
import { run } from './main.js';

// A reader that closes the pipe early (`dialects list | head -1`) has all it wants: end quietly
// instead of crashing on EPIPE.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

const code = await run(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  isTTY: process.stdin.isTTY === true,
});
// exitCode rather than exit(): stdout may still be flushing into a pipe.
process.exitCode = code;
