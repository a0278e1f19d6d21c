import { statSync, type Stats } from 'node:fs';
import { resolve } from 'node:path';
import { usageError } from './errors.js';

/**
 * The absolute path of a folder named by an option, or a usage error naming the option: a folder
 * that is not there is a typo to report, never an empty folder to go on with. The message says
 * which of the two it is, missing or not a folder, since the fixes differ.
 */
export function directoryOption(option: string, path: string): string {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw usageError(`${option} ${path}: ${code === 'ENOENT' || code === 'ENOTDIR' ? 'no such directory' : `cannot be read (${code ?? String(e)})`}`);
  }
  if (!stats.isDirectory()) throw usageError(`${option} ${path}: not a directory${stats.isFile() ? ' (it is a file)' : ''}`);
  return resolve(path);
}
