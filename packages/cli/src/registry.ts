import { DialectError, openDialects, type Dialect, type DialectRegistry } from '@redouble/dialects/core';
import { directoryOption } from './directory-option.js';
import { usageError } from './errors.js';

/** The bundled dialects plus every `--dialects-dir`, checked to exist before the engine reads them. */
export async function openRegistry(dirs: readonly string[]): Promise<DialectRegistry> {
  const resolved = dirs.map((d) => directoryOption('--dialects-dir', d));
  try {
    // One folder named twice is one folder: read twice, each of its dialects would be "defined twice".
    return await openDialects({ dirs: [...new Set(resolved)] });
  } catch (e) {
    // A --dialects-dir that defines nothing: a usage error, with how to start one in that very folder.
    if (e instanceof DialectError && e.code === 'no-dialects' && dirs.length > 0) {
      const empty = e.diagnostics.find((d) => d.code === 'no-dialects')?.path;
      const at = resolved.indexOf(empty ?? '');
      throw usageError(`${e.message}; write one with \`dialects new NAME --dir ${at >= 0 ? dirs[at] : dirs[0]}\``);
    }
    throw e;
  }
}

/**
 * Resolves `--dialect`. An unknown name is a usage error whose message lists every accepted name,
 * whatever wording the engine chose, because the person typing needs the list.
 */
export function pickDialect(registry: DialectRegistry, name: string | undefined): Dialect {
  if (name === undefined) throw usageError(`--dialect is required; accepted: ${registry.names().join(', ')}`);
  if (name === '') throw usageError(`--dialect is empty: give a dialect name; accepted: ${registry.names().join(', ')}`);
  try {
    return registry.get(name);
  } catch (e) {
    if (e instanceof DialectError && e.code === 'unknown-dialect') {
      throw new DialectError('unknown-dialect', `unknown dialect '${name}'; accepted: ${registry.names().join(', ')}`);
    }
    throw e;
  }
}
