import { defineConfig } from 'vitest/config';
const conditions = ['@redouble/source'];
export default defineConfig({
  resolve: { conditions: [...conditions, 'module', 'node', 'import', 'default'] },
  ssr: { resolve: { conditions: [...conditions, 'module', 'node', 'import', 'default'], externalConditions: conditions } },
  test: { testTimeout: 60_000, hookTimeout: 60_000, include: ['packages/mcp/test/**/*.test.ts'] },
});
