// The one law of the architecture: a generic interpreter applies rule files. No dialect and no
// vendor is named in any package's source; dialect behaviour lives in dialects/*.yaml.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDialects } from '@redouble/dialects';

const packagesDir = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|mts|js|mjs)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

const VENDORS = ['openai', 'anthropic', 'claude', 'bedrock', 'nova', 'gemini', 'vertex', 'google', 'amazon', 'aws'];

const files = readdirSync(packagesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .flatMap((e) => {
    try {
      return sources(join(packagesDir, e.name, 'src'));
    } catch {
      return [];
    }
  });

describe('packages/*/src name no dialect and no vendor', () => {
  const allNames = [...new Set(loadDialects().list().map((d) => d.name))];
  // "canonical" is also a plain English word in prose ("the canonical schema"), so it is only
  // refused where it is spelled as a string literal naming a dialect.
  const dialectNames = allNames.filter((n) => n !== 'canonical');

  it('finds the sources and the dialect names to look for', () => {
    expect(files.some((f) => f.endsWith(join('dialects', 'src', 'convert', 'walk.ts')))).toBe(true);
    expect(dialectNames).toEqual(expect.arrayContaining(['flat', 'nova']));
  });

  it.each(files)('%s', (file) => {
    const text = readFileSync(file, 'utf8');
    const hits: string[] = [];
    for (const word of [...new Set([...VENDORS, ...dialectNames])]) {
      const re = new RegExp(`(?<![A-Za-z0-9])${word.replace(/_/g, '[_-]?')}(?![A-Za-z0-9])`, 'i');
      const m = re.exec(text);
      if (m) hits.push(`${word} at offset ${m.index}: ${text.slice(Math.max(0, m.index - 30), m.index + 30).replace(/\n/g, ' ')}`);
    }
    for (const name of allNames) {
      const m = new RegExp(`['"\`]${name}(@[0-9-]+)?['"\`]`).exec(text);
      if (m) hits.push(`${name} as a string literal at offset ${m.index}`);
    }
    expect(hits).toEqual([]);
  });
});
