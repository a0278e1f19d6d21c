// Build step: dist/index.js and dist/core.js become bundles of the engine's own modules (its
// dependencies stay imports), with the code both share in dist/chunks/, so one class is one class
// whichever entry a caller imports. Node 20 spends ~3 ms per module it loads; a one-shot command
// such as `dialects convert` would otherwise pay that for ~35 modules. The rule-file reader stays a
// chunk of its own, imported only when a rule file must be read. tsc still writes the .d.ts files.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const at = (rel) => fileURLToPath(new URL(rel, import.meta.url));
// Chunks of an earlier build (their names carry a content hash) would otherwise pile up.
rmSync(at('../dist/chunks'), { recursive: true, force: true });
await build({
  entryPoints: { index: at('../src/index.ts'), core: at('../src/core.ts') },
  outdir: at('../dist'),
  // Chunks sit one folder below dist/, as src/rules/*.ts do below src/, so the paths the registry
  // and the catalog resolve from import.meta.url hold in both.
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: false,
  logLevel: 'warning',
});
