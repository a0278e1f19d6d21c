/**
 * The tools `dialects diff` compares over: one file (a schema, a Tool or a tools/list result, JSON
 * or YAML) or every such file under a folder, in a stable order; a tools/list is taken tool by tool.
 * A folder of conformance cases gives the `input.json` of each case.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { inputError, unreadableReason } from '../errors.js';
import { decodeInput, parseText } from '../input.js';

export interface NamedInput {
  /** The file (relative to the folder given), and the tool's name within a tools/list. */
  label: string;
  value: unknown;
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else if (/\.(json|ya?ml)$/i.test(name)) out.push(path);
  }
  return out;
}

export async function readTools(path: string): Promise<NamedInput[]> {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch (e) {
    throw inputError(path, unreadableReason(e));
  }
  let files = isDir ? filesUnder(path) : [path];
  // A folder of conformance cases: its tools are the inputs, not the pins or the case.yaml notes.
  if (isDir && files.some((f) => basename(f) === 'input.json')) files = files.filter((f) => basename(f) === 'input.json' && !relative(path, f).split(sep).includes('_bundled'));
  const out: NamedInput[] = [];
  for (const file of files) {
    const label = isDir ? relative(path, file) : file;
    const value = await parseText(decodeInput(readFileSync(file), file), file);
    const tools = (value as { tools?: unknown } | null)?.tools;
    if (Array.isArray(tools)) {
      tools.forEach((t, i) => out.push({ label: `${label} ${String((t as { name?: unknown } | null)?.name ?? `#${i}`)}`, value: t }));
    } else out.push({ label, value });
  }
  return out;
}
