#!/usr/bin/env node
import { run } from './main.js';

// A reader that closes the pipe early (`dialects list | head -1`) has all it wants: end quietly
// instead of crashing on EPIPE.
// Any other failure to write (a full disk, a closed descriptor) is said in one line, exit 2: the
// output is incomplete, which no other exit code means.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  process.stderr.write(`dialects: could not write the output (${e.code ?? e.message}); it is incomplete.\n`);
  process.exit(2);
});

const code = await run(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  isTTY: process.stdin.isTTY === true,
});
// exitCode rather than exit(): stdout may still be flushing into a pipe.
process.exitCode = code;
