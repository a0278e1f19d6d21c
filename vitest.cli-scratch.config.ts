import { defineConfig } from 'vitest/config';
const resolve = { conditions: ['@redouble/source'] };
const ssr = { resolve: { conditions: ['@redouble/source'], externalConditions: ['@redouble/source'] } };
export default defineConfig({
  root: '/work/main',
  resolve, ssr,
  test: {
    testTimeout: 60_000,
    projects: [
      { resolve, ssr, test: { name: 'cli', root: '/work/main', include: ['packages/cli/test/**/*.test.ts'] } },
      { resolve, ssr, test: { name: 'conformance', root: '/work/main', include: ['conformance/**/*.test.ts'] } },
    ],
  },
});
