import { DialectError, openDialects, type Dialect, type DialectRegistry } from '@redouble/dialects/core';
import { directoryOption } from './directory-option.js';
import { usageError } from './errors.js';

/** The bundled dialects plus every `--dialects-dir`, checked to exist before the engine reads them. */
export async function openRegistry(dirs: readonly string[]): Promise<DialectRegistry> {
  return openDialects({ dirs: dirs.map((d) => directoryOption('--dialects-dir', d)) });
}

/**
 * Resolves `--dialect`. An unknown name is a usage error whose message lists every accepted name,
 * whatever wording the engine chose, because the person typing needs the list.
 */
export function pickDialect(registry: DialectRegistry, name: string | undefined): Dialect {
  if (name === undefined || name === '') throw usageError(`--dialect is required; accepted: ${registry.names().join(', ')}`);
  try {
    return registry.get(name);
  } catch (e) {
    if (e instanceof DialectError && e.code === 'unknown-dialect') {
      throw new DialectError('unknown-dialect', `unknown dialect '${name}'; accepted: ${registry.names().join(', ')}`);
    }
    throw e;
  }
}
