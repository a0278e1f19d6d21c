#!/usr/bin/env node
// After tsc: parses the bundled rule files' and sentence files' YAML once, into dist/rules/parsed-rule-files.json, so
// loading the registry skips the YAML parser (about half of a cold start). Each entry is keyed by
// the digest of the file's text, so the loader trusts it only for that exact text (src/rules/load.ts);
// the data still goes through every check at load. A file whose data does not survive JSON exactly
// is left out and parsed at load as before.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { PARSED_SNAPSHOT, ruleFileData, ruleFileDigest } from '../dist/rules/load.js';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(pkg, 'dialects');
const files = {};
const yamlFiles = readdirSync(dir, { recursive: true }).filter((f) => /\.ya?ml$/.test(f)).sort();
for (const name of yamlFiles) {
  const text = readFileSync(join(dir, name), 'utf8');
  const data = ruleFileData(text);
  if (data === undefined) continue;
  const json = JSON.stringify(data);
  if (isDeepStrictEqual(JSON.parse(json), data)) files[ruleFileDigest(text)] = json;
}
writeFileSync(join(pkg, 'dist', 'rules', PARSED_SNAPSHOT), JSON.stringify({ files }) + '\n');
