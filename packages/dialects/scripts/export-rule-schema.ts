// Writes dialects/rule-file.schema.json from the zod schema (the one definition of the format).
// Run: npx tsx packages/dialects/scripts/export-rule-schema.ts   (a test fails when the file is stale)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ruleFileJsonSchemaText } from '../src/rules/schema.js';

const target = fileURLToPath(new URL('../../../dialects/rule-file.schema.json', import.meta.url));
writeFileSync(target, ruleFileJsonSchemaText());
console.log(`wrote ${target}`);
