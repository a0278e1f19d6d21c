// Writes dialects/rule-file.schema.json and dialects/sentence-file.schema.json from the zod schemas
// (the one definition of each format).
// Run: npx tsx packages/dialects/scripts/export-rule-schema.ts   (a test fails when a file is stale)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ruleFileJsonSchemaText, sentenceFileJsonSchemaText } from '../src/rules/schema.js';

for (const [name, text] of [['rule-file.schema.json', ruleFileJsonSchemaText()], ['sentence-file.schema.json', sentenceFileJsonSchemaText()]] as const) {
  const target = fileURLToPath(new URL(`../../../dialects/${name}`, import.meta.url));
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
}
