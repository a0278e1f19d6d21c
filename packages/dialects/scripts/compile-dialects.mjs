// Build step: checks every bundled rule file and writes dist/dialects.compiled.json (see
// src/rules/catalog.ts). A broken bundled file fails the build with its file, line and column.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { bundledDialectsDir, loadDialects, readRuleFile, readSentenceFile } from '../dist/index.js';
import { catalogPath, ruleFileNames, writeCatalog } from '../dist/rules/catalog.js';
import { sentenceFileNames } from '../dist/rules/sentences.js';

// Without an old catalog, loadDialects reads and checks every bundled file, `extends` included.
rmSync(catalogPath(), { force: true });
try {
  loadDialects();
} catch (e) {
  console.error(`compile-dialects: ${e.message}`);
  process.exit(1);
}

const dir = bundledDialectsDir();
if (!dir) {
  console.error('compile-dialects: no bundled dialects folder found');
  process.exit(1);
}
const rules = new Map();
const sentences = new Map();
const problems = [];
for (const [names, read, into] of [[ruleFileNames(dir), (p) => { const f = readRuleFile(p); return { data: f.data, raw: f.raw }; }, rules], [sentenceFileNames(dir), (p) => readSentenceFile(p).data, sentences]]) {
  for (const name of names) {
    try {
      into.set(name, read(join(dir, name)));
    } catch (e) {
      problems.push(e.message);
    }
  }
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
writeCatalog(dir, { rules, sentences });
