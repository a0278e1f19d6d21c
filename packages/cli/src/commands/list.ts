import { parseCommandArgs } from '../args.js';
import { HELP } from '../help.js';
import { EXIT_OK, type Io } from '../io.js';
import { toJsonText } from '../format.js';
import { openRegistry } from '../registry.js';

/** `dialects list`: every dialect version with status, summary, rule file, sentence file and sources. */
export async function listCommand(argv: string[], io: Io): Promise<number> {
  const args = parseCommandArgs(argv, { json: { type: 'boolean' } }, 0);
  if (args.help) {
    io.stdout.write(HELP.list!);
    return EXIT_OK;
  }
  const registry = await openRegistry(args.dialectsDirs);
  const infos = registry.list();
  const plainNames = [...new Set(infos.map((d) => d.name))];
  const resolved = new Map(plainNames.map((n) => [n, registry.get(n).id]));

  if (args.values.json === true) {
    io.stdout.write(toJsonText(infos.map((d) => ({ ...d, plainNameResolvesHere: resolved.get(d.name) === d.id }))));
    return EXIT_OK;
  }
  let text = '';
  for (const name of plainNames) {
    text += `${name}  (means ${resolved.get(name)})\n`;
    for (const d of infos.filter((x) => x.name === name)) {
      text += `  ${d.id}  ${d.status}  ${d.summary}\n`;
      text += `    file: ${d.file}\n`;
      // The shared wording it reads, which its file names only where it does not inherit it.
      const sentences = registry.get(d.id).resolved.sentences;
      if (sentences !== undefined) text += `    sentences: ${sentences}\n`;
      for (const s of d.sources) text += `    source ${s.id}: ${s.title} <${s.url}> (read ${s.read})\n`;
    }
  }
  io.stdout.write(text);
  return EXIT_OK;
}
