// Converts the bundled example tools into every dialect and prints each schema with its
// diagnostics: the first command of the README (`npm ci && npm run demo`).
// Usage: node examples/convert-all.mjs [tools.json] [dialect ...]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { loadDialects, convert } = await import(pathToFileURL(join(root, 'packages/dialects/dist/index.js')).href);

const args = process.argv.slice(2);
const file = args[0]?.endsWith('.json') ? args.shift() : join(root, 'examples/tools.json');
const { tools } = JSON.parse(readFileSync(file, 'utf8'));
const registry = loadDialects();
const ids = args.length > 0 ? args.map((a) => registry.get(a).id) : registry.list().map((d) => d.id);

const rule = (text) => `\n${'='.repeat(4)} ${text} ${'='.repeat(Math.max(4, 90 - text.length))}\n`;
let errors = 0;
for (const tool of tools) {
  for (const id of ids) {
    const { output, diagnostics } = convert(tool, registry.get(id));
    process.stdout.write(rule(`${tool.name} in ${id}`));
    if (output === undefined) process.stdout.write('(no output)\n');
    else {
      process.stdout.write(`inputSchema: ${JSON.stringify(output.inputSchema, null, 2)}\n`);
      if (output.outputSchema !== undefined) process.stdout.write(`outputSchema: ${JSON.stringify(output.outputSchema, null, 2)}\n`);
    }
    for (const d of diagnostics) {
      if (d.severity === 'error') errors++;
      process.stdout.write(`  ${d.severity} ${d.code} at ${d.path || '/'}: ${d.message}\n`);
    }
    if (diagnostics.length === 0) process.stdout.write('  no diagnostics\n');
  }
}
process.stdout.write(`\n${tools.length} tools x ${ids.length} dialect versions; ${errors} error diagnostics.\n`);
