#!/usr/bin/env node
// Last build step of a bundled package: it runs from its esbuild bundles (the entries and
// dist/chunks/, bundle-package.mjs), so the per-module JavaScript tsc also wrote (needed only by
// the build's own scripts) is removed: the tarball ships one copy of the code, plus the .d.ts files.
//
//   node scripts/build/prune-dist.mjs PACKAGE_DIR ENTRY ...     (ENTRY: index, core, bin, demo/server)
import { readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const [packageDir, ...entries] = process.argv.slice(2);
const dist = join(resolve(packageDir), 'dist');
const keep = new Set(entries.map((e) => `${e}.js`));
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const rel = relative(dist, join(entry.parentPath ?? entry.path, entry.name)).split('\\').join('/');
  if (rel.endsWith('.js') && !keep.has(rel) && !rel.startsWith('chunks/')) rmSync(join(dist, rel));
}
