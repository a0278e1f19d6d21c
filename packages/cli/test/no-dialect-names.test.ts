// The CLI is generic: it learns every dialect from the rule files, so none is spelled in its source.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDialects } from '@redouble/dialects';
import { repoRoot } from './run-cli.js';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const VENDORS = /\b(openai|anthropic|claude|bedrock|nova|gemini|vertex|google|amazon)\b/i;

describe('packages/cli/src', () => {
  const names = [...new Set(loadDialects().list().map((d) => d.name))];
  it.each(sources(join(repoRoot, 'packages', 'cli', 'src')))('%s names no dialect and no vendor', (file) => {
    const text = readFileSync(file, 'utf8');
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      expect(text).not.toMatch(new RegExp(`['"\`]${name}(@[0-9-]+)?['"\`]`));
      if (name.includes('_')) expect(text).not.toContain(name);
    }
    expect(text).not.toMatch(VENDORS);
  });
});
