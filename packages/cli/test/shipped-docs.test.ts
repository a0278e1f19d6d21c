/**
 * The rule-format pages ship in the CLI tarball: `dialects new` and the README point a user at them,
 * and a user with the installed packages alone (no repository, no network) must be able to read
 * them. Runs on the build, as the tarball is made from it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './run-cli.js';
import { CHILD_TIMEOUT_MS } from '../../../test-timeouts.js';

const pkg = join(repoRoot, 'packages/cli');
const PAGES = ['docs/rule-format.md', 'docs/your-own-dialect.md'];

describe('the rule-format pages in the CLI package', () => {
  it('are in the file list of its tarball', () => {
    const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: pkg, encoding: 'utf8', timeout: CHILD_TIMEOUT_MS });
    expect(r.status, r.stderr).toBe(0);
    const [info] = JSON.parse(r.stdout) as { files: { path: string }[] }[];
    expect(info!.files.map((f) => f.path)).toEqual(expect.arrayContaining(PAGES));
  });

  it.each(PAGES)('%s is the current copy of the repository page', (page) => {
    expect(readFileSync(join(pkg, page), 'utf8')).toBe(readFileSync(join(repoRoot, page), 'utf8'));
  });

  // A relative link that leaves the shipped folder (../packages/...) would be broken offline.
  it.each(PAGES)('%s links only to pages shipped beside it', (page) => {
    const file = join(pkg, page);
    const targets = [...readFileSync(file, 'utf8').matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:|^#/.test(t));
    const broken = targets.filter((t) => !existsSync(resolve(dirname(file), t.replace(/#.*$/, ''))));
    expect(broken).toEqual([]);
  });
});
