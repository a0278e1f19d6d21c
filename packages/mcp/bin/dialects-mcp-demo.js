#!/usr/bin/env node
// The `dialects-mcp-demo` bin. A committed file rather than dist/demo/server.js itself, so that npm can
// link the bin when the workspace is installed before any build; it only loads the build.
try {
  await import('../dist/demo/server.js');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/demo/server.js')) {
    process.stderr.write('dialects-mcp-demo: the package is not built yet; run `npm run build` at the repository root.\n');
    process.exit(2);
  }
  throw error;
}
