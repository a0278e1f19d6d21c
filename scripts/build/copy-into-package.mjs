#!/usr/bin/env node
// Build step shared by the packages: copies files that live once in the repository (the rule files,
// the conformance cases, the example tools, the rule-format pages) into a package, so its tarball
// ships them.
//
//   node ../../scripts/build/copy-into-package.mjs [--require REGEX] FROM TO [FROM TO ...]
//
// Paths are relative to the working directory (the package, as npm runs a build script). Each copy
// is made beside its target and swapped in whole, so a failed build never leaves a half-copied
// folder that would load as fewer dialects or fewer cases. `--require REGEX`: the first FROM must
// hold a file whose name matches, else nothing is copied and the build fails.
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
let required;
if (args[0] === '--require') {
  required = new RegExp(args[1]);
  args.splice(0, 2);
}
if (args.length === 0 || args.length % 2 !== 0) {
  console.error('copy-into-package: give FROM TO pairs');
  process.exit(2);
}
const pairs = [];
for (let i = 0; i < args.length; i += 2) pairs.push([resolve(args[i]), resolve(args[i + 1])]);

for (const [from] of pairs) {
  if (!existsSync(from)) {
    console.error(`copy-into-package: ${from} does not exist`);
    process.exit(1);
  }
}
if (required && !(statSync(pairs[0][0]).isDirectory() && readdirSync(pairs[0][0]).some((f) => required.test(f)))) {
  console.error(`copy-into-package: no file matching ${required} in ${pairs[0][0]}`);
  process.exit(1);
}
for (const [from, to] of pairs) {
  const tmp = `${to}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  cpSync(from, tmp, { recursive: true });
  rmSync(to, { recursive: true, force: true });
  renameSync(tmp, to);
}
