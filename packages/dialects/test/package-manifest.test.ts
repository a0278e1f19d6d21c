// The published manifest: every subpath export is found by TypeScript's older `node10` resolution
// too, which reads `typesVersions` and never `exports` (a CommonJS project on `moduleResolution:
// node` met TS2307 for @redouble/dialects/core, and so did the CLI's own .d.ts files, which import it).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, { types?: string } | string>;
  typesVersions?: Record<string, Record<string, string[]>>;
  types: string;
};

describe('package.json of @redouble/dialects', () => {
  it('maps each subpath export with types to the same declaration file in typesVersions', () => {
    const subpaths = Object.entries(manifest.exports).filter(([key, value]) => key !== '.' && typeof value === 'object' && value.types !== undefined);
    expect(subpaths.length).toBeGreaterThan(0);
    for (const [key, value] of subpaths) {
      expect(manifest.typesVersions?.['*']?.[key.replace(/^\.\//, '')], key).toEqual([(value as { types: string }).types]);
    }
  });

  it('maps nothing that is not exported, and leaves the root to "types"', () => {
    const mapped = Object.keys(manifest.typesVersions?.['*'] ?? {});
    for (const key of mapped) expect(Object.keys(manifest.exports)).toContain(`./${key}`);
    expect(manifest.types).toBe((manifest.exports['.'] as { types: string }).types);
  });
});
