/** The README's first command ends in `node examples/convert-all.mjs`: it must run on the built engine. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadDialects } from '@redouble/dialects';
import { repoRoot } from './run-cli.js';
import { CHILD_TIMEOUT_MS } from '../../../test-timeouts.js';

it('prints every example tool in every dialect version with its diagnostics', () => {
  const r = spawnSync(process.execPath, [join(repoRoot, 'examples/convert-all.mjs')], { encoding: 'utf8', cwd: repoRoot, timeout: CHILD_TIMEOUT_MS });
  expect(r.status, r.stderr).toBe(0);
  const { tools } = JSON.parse(readFileSync(join(repoRoot, 'examples/tools.json'), 'utf8')) as { tools: { name: string }[] };
  const ids = loadDialects().list().map((d) => d.id);
  for (const t of tools) for (const id of ids) expect(r.stdout).toContain(`==== ${t.name} in ${id} `);
  expect(r.stdout).toContain(`${tools.length} tools x ${ids.length} dialect versions;`);
  // The laws the examples exist to show, each visible somewhere in the output.
  for (const sentence of ['Accepted range: -2147483648 to 2147483647.', 'Must be an ISO-8601 date.', 'No other properties are accepted.', 'Repeats the structure of Node, to any depth.']) {
    expect(r.stdout).toContain(sentence);
  }
});
