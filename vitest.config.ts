import { defineConfig } from 'vitest/config';

// Tests run against TypeScript sources through the "@redouble/source" export condition,
// so a change is tested without a rebuild. Process-level tests (CLI, stdio server) use dist/.
// Vitest resolves imports for the server-side (SSR) graph, so the condition is set there too.
const resolve = { conditions: ['@redouble/source'] };
const ssr = { resolve: { conditions: ['@redouble/source'], externalConditions: ['@redouble/source'] } };

export default defineConfig({
  resolve,
  ssr,
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { resolve, ssr, test: { name: 'dialects', include: ['packages/dialects/test/**/*.test.ts'] } },
      { resolve, ssr, test: { name: 'cli', include: ['packages/cli/test/**/*.test.ts'] } },
      { resolve, ssr, test: { name: 'mcp', include: ['packages/mcp/test/**/*.test.ts'] } },
      { resolve, ssr, test: { name: 'conformance', include: ['conformance/**/*.test.ts'] } },
    ],
  },
});
