// Last build step: the package runs from the esbuild bundles (dist/index.js, dist/core.js and
// dist/chunks/), so the per-module JavaScript tsc also wrote (needed only by the build's own
// scripts) is removed: the tarball ships one copy of the code, plus the .d.ts files for types.
import { readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const keep = (rel) => rel === 'index.js' || rel === 'core.js' || rel.startsWith('chunks/') || !rel.endsWith('.js');
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const rel = relative(dist, join(entry.parentPath ?? entry.path, entry.name)).split('\\').join('/');
  if (!keep(rel)) rmSync(join(dist, rel));
}
