/**
 * `dialects test [--dialects-dir DIR] [--cases DIR] [--update]`: the conformance suite for any
 * folder of rule files. The bundled cases and the caller's own cases go through every dialect
 * version defined in DIR; pins live beside the caller's cases (the bundled cases' under
 * `CASES/_bundled/`). Without DIR it runs the bundled dialects over the bundled cases.
 */
import { join, resolve } from 'node:path';
import { openDialects, type Dialect } from '@redouble/dialects/core';
import { parseCommandArgs, stringOption } from '../args.js';
import { bundledCasesDir, bundledCasesShipped } from '../bundled.js';
import { directoryOption } from '../directory-option.js';
import { runSuite, type CaseSet, type SuiteReport } from '../conformance/run-suite.js';
import { usageError } from '../errors.js';
import { HELP } from '../help.js';
import { EXIT_INPUT, EXIT_OK, type Io } from '../io.js';
import { openRegistry } from '../registry.js';
import { PLACEHOLDER_SOURCE_URL } from '../placeholder-source.js';

export async function testCommand(argv: string[], io: Io): Promise<number> {
  const args = parseCommandArgs(argv, { cases: { type: 'string' }, update: { type: 'boolean' } }, 0);
  if (args.help) {
    io.stdout.write(HELP.test!);
    return EXIT_OK;
  }
  const update = args.values.update === true;
  const registry = await openRegistry(args.dialectsDirs);
  const dirs = args.dialectsDirs.map((d) => resolve(d));
  const inDirs = (d: Dialect): boolean => dirs.some((dir) => d.file.startsWith(dir + '/') || d.file.startsWith(dir + '\\'));
  const all = registry.list().map((i) => registry.get(i.id));
  const dialects = dirs.length > 0 ? all.filter(inDirs) : all;
  if (dialects.length === 0) throw usageError(`no rule file in ${args.dialectsDirs.join(', ')}; write one with \`dialects new NAME --dir ${args.dialectsDirs[0]}\``);

  const bundled = bundledCasesDir();
  const casesOption = stringOption(args, 'cases');
  // Pinning one's own cases (--cases) against the bundled dialects touches only those cases' pins.
  const shippedPinsUntouched = update && dirs.length === 0 && casesOption !== undefined;
  if (update && dirs.length === 0 && !shippedPinsUntouched && bundled !== undefined && bundledCasesShipped(bundled)) {
    throw usageError(
      `--update without --dialects-dir would rewrite the pins shipped inside the installed package (${bundled}); ` +
        'pin your own dialects with `dialects test --dialects-dir DIR --update`, or your own cases with `dialects test --cases DIR --update`',
    );
  }
  // Named, the folder must be there; the default one (DIR/cases) may not be yet: no cases of your own.
  const userCases = casesOption !== undefined ? directoryOption('--cases', casesOption) : dirs.length > 0 ? join(dirs[0]!, 'cases') : undefined;
  const sets: CaseSet[] = [];
  if (bundled && !(shippedPinsUntouched && bundledCasesShipped(bundled))) {
    // The caller's dialects pin the bundled cases in the caller's folder; the bundled dialects pin them in place.
    const pinRoot = dirs.length > 0 && userCases ? join(userCases, '_bundled') : bundled;
    sets.push({ label: 'bundled', dir: bundled, pinDir: (name) => join(pinRoot, name), sentences: dirs.length === 0 });
  }
  if (userCases && userCases !== bundled) sets.push({ label: userCases, dir: userCases, pinDir: (name) => join(userCases, name), sentences: true });

  const rerun = ['dialects test', ...args.dialectsDirs.flatMap((d) => ['--dialects-dir', d]), ...(casesOption ? ['--cases', casesOption] : []), '--update'].join(' ');
  const report = runSuite({
    registry,
    dialects,
    caseSets: sets,
    update,
    rerun,
    ...(dirs.length > 0 ? { baseline: await openDialects() } : {}),
  });
  io.stdout.write(renderReport(report, dialects));
  // Pinned or not, a dialect that still cites the template's placeholder names no vendor page.
  for (const d of dialects) {
    for (const s of d.sources) {
      if (s.url === PLACEHOLDER_SOURCE_URL) io.stderr.write(`warning: ${d.file}: ${d.id} cites source "${s.id}", still the placeholder page <${s.url}>; name the vendor page its rules follow before freezing it\n`);
    }
  }
  return report.ok ? EXIT_OK : EXIT_INPUT;
}

function renderReport(report: SuiteReport, dialects: readonly Dialect[]): string {
  let text = '';
  for (const c of report.cases) {
    if (c.problems.length === 0) continue;
    text += `FAIL ${c.set}/${c.name}\n`;
    for (const p of c.problems) text += `  ${p}\n`;
  }
  for (const o of report.outcomes) {
    if (o.status !== 'failed') continue;
    text += `FAIL ${o.set}/${o.caseName} ${o.dialect}\n`;
    for (const p of o.problems) text += `  ${p}\n`;
    // Which side is which, ahead of the lines: "-" is the pin on disk, "+" what the dialect writes now.
    // Lines indented, not the end after the diff's last newline (the next FAIL line stayed indented).
    if (o.diff !== '') text += `    --- pinned\n    +++ now\n${o.diff.replace(/^(?=.)/gm, '    ')}${o.diff.endsWith('\n') ? '' : '\n'}`;
  }
  // Last before the counts, where they are seen: a removed version's pins are news, not a failure.
  for (const v of report.stale) text += v.removed ? `${v.message}\n` : `FAIL ${v.message}\n`;
  const count = (s: string): number => report.outcomes.filter((o) => o.status === s).length;
  text += `${report.cases.length} cases x ${dialects.length} dialect version${dialects.length === 1 ? '' : 's'} (${dialects.map((d) => d.id).join(', ')}): `;
  text += `${count('same')} as pinned, ${count('written')} pinned now, ${count('failed')} failed`;
  const broken = report.cases.filter((c) => c.problems.length > 0).length;
  if (broken > 0) text += `, ${broken} case${broken === 1 ? '' : 's'} with problems`;
  const stale = report.stale.reduce((n, v) => n + v.paths.length, 0);
  if (stale > 0) text += `, ${stale} stale pin${stale === 1 ? '' : 's'}${report.stale.every((v) => v.removed) ? ' removed' : ''}`;
  text += '\n';
  return text;
}
