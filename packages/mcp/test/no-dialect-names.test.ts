// The MCP layer is generic: no dialect the registry knows may be spelled as a literal in its source.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDialects } from '@redouble/dialects';
import { repoRoot } from './helpers.js';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('packages/mcp/src', () => {
  const names = [...new Set(loadDialects().list().map((d) => d.name))];
  it.each(sources(join(repoRoot, 'packages', 'mcp', 'src')))('%s spells no dialect name as a string', (file) => {
    const text = readFileSync(file, 'utf8');
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      expect(text).not.toMatch(new RegExp(`['"\`]${name}(@[0-9-]+)?['"\`]`));
      // Vendor-style names (with an underscore) may not appear at all, not even in a comment.
      if (name.includes('_')) expect(text).not.toContain(name);
    }
  });
});
