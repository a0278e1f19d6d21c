#!/usr/bin/env node
// Build step shared by the packages: their entry points become esbuild bundles of the package's own
// modules (dependencies, the workspace's other packages included, stay imports), with the code the
// entries share in dist/chunks/, so one class is one class whichever entry a caller imports. Node 20
// spends about half a millisecond to 3 ms on each module it loads: @redouble/dialects-mcp's 45
// modules took 30 ms of a server's start, bundled 8. tsc still writes the .d.ts files (and
// per-module JavaScript, which prune-dist.mjs removes once no build step needs it).
//
//   node scripts/build/bundle-package.mjs PACKAGE_DIR NAME=src/entry.ts ...
//
// NAME is the entry's path under dist/ without .js (index, core, bin, demo/server).
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const [packageDir, ...rest] = process.argv.slice(2);
const entryPoints = Object.fromEntries(rest.map((a) => a.split('=')));
const dir = resolve(packageDir);
const dist = join(dir, 'dist');
const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
// A workspace package is linked, not under node_modules: named external, as an installed one is.
const workspace = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }).flatMap((n) => [n, `${n}/*`]);

// Chunks of an earlier build (their names carry a content hash) would otherwise pile up.
rmSync(join(dist, 'chunks'), { recursive: true, force: true });
await build({
  entryPoints: Object.fromEntries(Object.entries(entryPoints).map(([name, src]) => [name, join(dir, src)])),
  outdir: dist,
  // Chunks sit one folder below dist/, as src/rules/*.ts do below src/, so paths resolved from
  // import.meta.url by code that lands in a chunk hold as they do in the source tree.
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  external: workspace,
  sourcemap: false,
  logLevel: 'warning',
});

