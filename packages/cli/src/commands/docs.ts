import { resolve } from 'node:path';
import { parseCommandArgs, stringOption } from '../args.js';
import { versionEntries } from '../docs/from-registry.js';
import { renderDocs } from '../docs/generate.js';
import { checkDocs, writeDocs } from '../docs/sync.js';
import { HELP } from '../help.js';
import { EXIT_INPUT, EXIT_OK, type Io } from '../io.js';
import { openRegistry } from '../registry.js';

/** `dialects docs [--out DIR] [--check]`: the reference pages, rendered from the rule files. */
export async function docsCommand(argv: string[], io: Io): Promise<number> {
  const args = parseCommandArgs(argv, { out: { type: 'string' }, check: { type: 'boolean' } }, 0);
  if (args.help) {
    io.stdout.write(HELP.docs!);
    return EXIT_OK;
  }
  const out = resolve(stringOption(args, 'out') ?? 'docs/dialects');
  const registry = await openRegistry(args.dialectsDirs);
  const pages = renderDocs(versionEntries(registry), (name) => registry.get(name).id);

  if (args.values.check === true) {
    const drift = await checkDocs(out, pages);
    const problems = [
      ...drift.missing.map((n) => `${out}/${n}: missing`),
      ...drift.stale.map((n) => `${out}/${n}: stale (differs from what the rule files give)`),
      ...drift.extra.map((n) => `${out}/${n}: generated for a dialect that is no longer loaded`),
    ];
    if (problems.length === 0) {
      io.stdout.write(`${pages.size} pages up to date in ${out}\n`);
      return EXIT_OK;
    }
    io.stderr.write(problems.join('\n') + '\nRun `dialects docs` (npm run docs) to regenerate, then review the diff.\n');
    return EXIT_INPUT;
  }
  const { written, removed } = await writeDocs(out, pages);
  io.stdout.write(`${written.length} written, ${pages.size - written.length} unchanged, ${removed.length} removed in ${out}\n`);
  return EXIT_OK;
}
