/**
 * What the CLI package carries besides its code: the conformance cases and the example tools. In
 * the repository they are read where they live (conformance/cases, examples/, and the corpus); once
 * packed, from the copies the build puts beside dist/ (scripts/build/copy-into-package.mjs).
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
// From src/ or dist/: the repository root is three levels up, the package root one.
const candidates = (inRepo: string, packed: string): string[] => [resolve(here, '../../..', inRepo), resolve(here, '..', packed)];

function first(paths: readonly string[], kind: 'dir' | 'file'): string | undefined {
  return paths.find((p) => existsSync(p) && (kind === 'dir' ? statSync(p).isDirectory() : statSync(p).isFile()));
}

/** The conformance case folders that `dialects test` runs through every dialect. */
export function bundledCasesDir(): string | undefined {
  return first(candidates('conformance/cases', 'cases'), 'dir');
}

/**
 * Whether the bundled cases are the copy shipped inside an installed package (not the repository's
 * own conformance/cases). Pins there belong to the package: rewriting them would change what an
 * upgrade replaces, and is never what a user's `--update` means.
 */
export function bundledCasesShipped(dir: string): boolean {
  return dir === resolve(here, '..', 'cases');
}

/**
 * The tools `dialects diff` compares over when none are named: the repository's corpus of real
 * tools when it is there, else the bundled example tools.
 */
export function defaultDiffTools(): string | undefined {
  return first([resolve(here, '../../..', 'corpus/tools')], 'dir') ?? first(candidates('examples/tools.json', 'examples/tools.json'), 'file');
}
