import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS } from './test-timeouts.js';

// Tests import the workspace packages by name and run against their TypeScript sources, so a change
// is tested without a rebuild. This is an alias of the test runner only: the published package.json
// files name nothing but dist/, so no consumer can ever resolve to a source file that is not shipped.
// Process-level tests (CLI, stdio server, the consumer test) run the built dist/.
const source = (pkg: string): string => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));
const alias = [
  { find: /^@redouble\/dialects$/, replacement: source('dialects') },
  { find: /^@redouble\/dialects\/core$/, replacement: fileURLToPath(new URL('./packages/dialects/src/core.ts', import.meta.url)) },
  { find: /^@redouble\/dialects-cli$/, replacement: source('cli') },
  { find: /^@redouble\/dialects-mcp$/, replacement: source('mcp') },
];

// `isolate: false`: the files of a project share one module graph per worker instead of importing
// the engine afresh for each of 84 files (the import cost was about 50 s of a 200 s suite). Tests
// therefore must not depend on fresh module state: spies are restored in afterAll, servers closed,
// and registries are read-only.
// Every project extends this root config (`extends: true`), so the one timeout setting below reaches
// every test of every project (see test-timeouts.ts).
export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: HOOK_TIMEOUT_MS,
    teardownTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'dialects', include: ['packages/dialects/test/**/*.test.ts'], isolate: false } },
      { extends: true, test: { name: 'cli', include: ['packages/cli/test/**/*.test.ts'], isolate: false } },
      { extends: true, test: { name: 'mcp', include: ['packages/mcp/test/**/*.test.ts'], isolate: false } },
      { extends: true, test: { name: 'conformance', include: ['conformance/**/*.test.ts'], isolate: false } },
    ],
  },
});
