#!/usr/bin/env node
// The `dialects-mcp` bin (`dialects-mcp proxy ...`). A committed file rather than dist/bin.js itself, so
// that npm can link the bin when the workspace is installed before any build; it only loads the build.
try {
  await import('../dist/bin.js');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/bin.js')) {
    process.stderr.write('dialects-mcp: the package is not built yet; run `npm run build` at the repository root.\n');
    process.exit(2);
  }
  throw error;
}
