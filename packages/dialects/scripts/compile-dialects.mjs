// Build step: checks every bundled rule file and writes dist/dialects.compiled.json (see
// src/rules/catalog.ts). A broken bundled file fails the build with its file, line and column.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { bundledDialectsDir, loadDialects, readRuleFile } from '../dist/index.js';
import { catalogPath, ruleFileNames, writeCatalog } from '../dist/rules/catalog.js';

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
const files = new Map();
const problems = [];
for (const name of ruleFileNames(dir)) {
  try {
    files.set(name, readRuleFile(join(dir, name)).data);
  } catch (e) {
    problems.push(e.message);
  }
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
writeCatalog(dir, files);
