#!/usr/bin/env node
// Copies the repository's rule files (the one source of truth, `dialects/` at the root) into this
// package, so the tarball ships them and an installed engine finds them beside its own dist/.
// The copy is built in a temporary folder and swapped in whole: a failed build never leaves a
// half-copied set that would load as fewer dialects.
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const from = join(pkg, '..', '..', 'dialects');
const to = join(pkg, 'dialects');
const tmp = `${to}.tmp-${process.pid}`;

const files = readdirSync(from).filter((f) => /\.ya?ml$/.test(f) || f.endsWith('.schema.json'));
if (!files.some((f) => f.endsWith('.yaml'))) {
  console.error(`bundle-dialects: no rule files in ${from}`);
  process.exit(1);
}
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
for (const f of files) cpSync(join(from, f), join(tmp, f));
// The shared sentence files (dialects/sentences/) that rule files name with `sentences:`.
if (existsSync(join(from, 'sentences'))) cpSync(join(from, 'sentences'), join(tmp, 'sentences'), { recursive: true });
if (existsSync(to)) rmSync(to, { recursive: true, force: true });
renameSync(tmp, to);
