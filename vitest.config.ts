import { defineConfig } from 'vitest/config';

// Tests run against TypeScript sources through the "@redouble/source" export condition,
// so a change is tested without a rebuild. Process-level tests (CLI, stdio server) use dist/.
const resolve = { conditions: ['@redouble/source'] };

export default defineConfig({
  resolve,
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { resolve, test: { name: 'dialects', include: ['packages/dialects/test/**/*.test.ts'] } },
      { resolve, test: { name: 'cli', include: ['packages/cli/test/**/*.test.ts'] } },
      { resolve, test: { name: 'mcp', include: ['packages/mcp/test/**/*.test.ts'] } },
      { resolve, test: { name: 'conformance', include: ['conformance/**/*.test.ts'] } },
    ],
  },
});
