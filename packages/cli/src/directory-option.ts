import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { usageError } from './errors.js';

/**
 * The absolute path of a folder named by an option, or a usage error naming the option: a folder
 * that is not there is a typo to report, never an empty folder to go on with.
 */
export function directoryOption(option: string, path: string): string {
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) throw usageError(`${option} ${path}: no such directory`);
  return resolve(path);
}
