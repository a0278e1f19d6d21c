import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * `mkdir -p`, one level at a time. Why not `mkdirSync(dir, { recursive: true })`: where mkdir
 * answers ENOENT under a parent that exists (procfs: `dialects docs --out /proc/x`), Node 20's
 * recursive mkdir tries the same two paths again forever, and the command never ends. Here the
 * level that cannot be made throws its own error, which the command reports.
 */
export function makeDirectories(dir: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); !exists(d); d = dirname(d)) {
    missing.push(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (error) {
      // Made meanwhile by another process: what was asked for is there.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}
