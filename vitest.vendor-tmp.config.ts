import { defineConfig } from 'vitest/config';
const resolve = { conditions: ['@redouble/source'] };
export default defineConfig({
  root: '/work/main',
  resolve,
  ssr: { resolve: { conditions: ['@redouble/source'], externalConditions: ['@redouble/source'] } },
  test: { testTimeout: 600_000, include: ['conformance/**/*.test.ts'] },
});
