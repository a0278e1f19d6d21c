// The build's snapshot of the bundled rule files (scripts/parse-dialects.mjs): every bundled file
// has an entry, keyed by its text's digest, holding exactly what parsing the YAML gives; the loader
// (src/rules/load.ts) trusts an entry only for that text.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PARSED_SNAPSHOT, ruleFileData, ruleFileDigest } from '../../src/rules/load.js';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const snapshot = JSON.parse(readFileSync(join(pkg, 'dist', 'rules', PARSED_SNAPSHOT), 'utf8')) as { files: Record<string, string> };
const bundled = readdirSync(join(pkg, 'dialects'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml'));

describe('parsed rule-file snapshot', () => {
  it('has one entry per bundled rule file and sentence file', () => {
    expect(bundled.length).toBeGreaterThan(0);
    expect(Object.keys(snapshot.files).length).toBe(bundled.length);
  });
  for (const name of bundled) {
    it(`${name}: the entry for its text is what the YAML parses to`, () => {
      const text = readFileSync(join(pkg, 'dialects', name), 'utf8');
      const entry = snapshot.files[ruleFileDigest(text)];
      expect(entry, 'no entry for this text: rebuild the engine').toBeDefined();
      expect(JSON.parse(entry as string)).toEqual(ruleFileData(text));
      expect(snapshot.files[ruleFileDigest(`${text}\n# edited`)]).toBeUndefined();
    });
  }
});
