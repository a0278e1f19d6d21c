import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { DialectError, openDialects, type Dialect, type DialectRegistry } from '@redouble/dialects/core';
import { usageError } from './errors.js';

/** The bundled dialects plus every `--dialects-dir`, checked to exist before the engine reads them. */
export async function openRegistry(dirs: readonly string[]): Promise<DialectRegistry> {
  const absolute = dirs.map((d) => {
    let isDir = false;
    try {
      isDir = statSync(d).isDirectory();
    } catch {
      isDir = false;
    }
    if (!isDir) throw usageError(`--dialects-dir ${d}: no such directory`);
    return resolve(d);
  });
  return openDialects({ dirs: absolute });
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
