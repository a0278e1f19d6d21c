/**
 * `dialects new NAME [--from BASE@VERSION] [--dir DIR] [--version YYYY-MM]`: writes a draft rule file that loads as it
 * is (an identity dialect, or BASE's rules through `extends`), with the editor's `$schema` line and a
 * `sources` entry to fill in, and prints the two commands that come next.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledDialectsDir } from '@redouble/dialects/core';
import { parseCommandArgs, stringOption } from '../args.js';
import { inputError, usageError } from '../errors.js';
import { HELP } from '../help.js';
import { EXIT_OK, type Io } from '../io.js';
import { openRegistry, pickDialect } from '../registry.js';
import { makeDirectories } from '../make-directories.js';
import { PLACEHOLDER_SOURCE_URL } from '../placeholder-source.js';

const NAME = /^[a-z][a-z0-9_]*$/;

/** This month, as the version a new rule file takes (UTC, so it does not depend on where it runs). */
function thisMonth(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** The day after a YYYY-MM-DD version, or the first day of the month after a YYYY-MM one. */
function dayAfter(version: string): string {
  const day = version.length === 7 ? new Date(`${version}-01T00:00:00Z`) : new Date(`${version}T00:00:00Z`);
  if (version.length === 7) day.setUTCMonth(day.getUTCMonth() + 1);
  else day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

export async function newCommand(argv: string[], io: Io): Promise<number> {
  const args = parseCommandArgs(argv, { from: { type: 'string' }, dir: { type: 'string' }, version: { type: 'string' } }, 1);
  if (args.help) {
    io.stdout.write(HELP.new!);
    return EXIT_OK;
  }
  const name = args.positionals[0];
  if (name === undefined) throw usageError('NAME is required: dialects new NAME [--from BASE@VERSION] [--dir DIR]');
  if (!NAME.test(name)) throw usageError(`'${name}' is not a dialect name: lower case, starting with a letter, then letters, digits or _`);
  const from = stringOption(args, 'from');
  // The base is resolved before anything is written, so a typo writes nothing.
  // The folder it writes to is read too: a version already there is the one the new one follows,
  // whether or not --dialects-dir also names that folder.
  const dirOption = stringOption(args, 'dir') ?? '.';
  const dir = resolve(dirOption);
  const registry = await openRegistry(hasRuleFiles(dir) ? [...args.dialectsDirs, dirOption] : args.dialectsDirs);
  // A new version of a dialect that exists starts from its current one: an empty draft under the
  // same name would become what the plain name means where it is the newest, with no rule at all.
  // It extends the newest version, a draft included: the plain name may still mean an older frozen
  // one, but the next version continues from the work already done.
  const versions = registry.list().filter((d) => d.name === name).map((d) => d.version).sort();
  const newest = versions[versions.length - 1];
  const base = from !== undefined ? pickDialect(registry, from) : newest !== undefined ? registry.get(`${name}@${newest}`) : undefined;

  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  // This month; where a version of this month exists already, today; where one of today (or later)
  // exists, the day after the newest (versions sort as strings).
  const version = stringOption(args, 'version') ?? (newest === undefined || thisMonth(now) > newest ? thisMonth(now) : today > newest ? today : dayAfter(newest));
  if (!/^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/.test(version)) throw usageError(`--version ${version}: a version is YYYY-MM or YYYY-MM-DD`);
  if (registry.has(`${name}@${version}`)) throw usageError(`${name}@${version} is already defined (${registry.get(`${name}@${version}`).file}); give the new version a later one with --version (YYYY-MM or YYYY-MM-DD)`);
  if (newest !== undefined && version < newest) throw usageError(`--version ${version} comes before ${name}@${newest}; a new version sorts after the newest one (YYYY-MM or YYYY-MM-DD)`);
  const fileName = `${name}@${version}.yaml`;
  const file = join(dir, fileName);
  if (existsSync(file)) throw inputError(file, 'already exists; edit it, or give the new version another --version');

  const sourceId = freshSourceId(base?.sources.map((s) => s.id) ?? [], version);
  const text = ruleFileText({ name, version, base: base?.id, sourceId, today: now.toISOString().slice(0, 10), schemaRef: schemaReference(dir) });
  makeDirectories(dir);
  writeFileSync(file, text, { flag: 'wx' });

  const shown = join(dirOption, fileName);
  const dirArg = quoteArg(dirOption);
  io.stdout.write(
    `wrote ${shown} (draft${base ? `, extends ${base.id}${base.status === 'draft' ? ', itself a draft: freeze it before this one' : ''}` : ''})\n` +
      `Edit its rules and sources (the format: ${docsPath('rule-format.md')}), then pin and review it:\n` +
      `  dialects test --dialects-dir ${dirArg} --update\n` +
      `  dialects diff ${base?.id ?? 'BASE'} ${name}@${version} --dialects-dir ${dirArg}${base ? '' : '   (BASE: the dialect yours departs from; see dialects list)'}\n`,
  );
  return EXIT_OK;
}

/**
 * Where this package's copy of a docs page is (shipped in docs/ beside dist/), from the working
 * folder: node_modules/@redouble/dialects-cli/docs/PAGE in a project that installed the CLI.
 */
function docsPath(page: string): string {
  const shipped = fileURLToPath(new URL(`../../docs/${page}`, import.meta.url));
  if (!existsSync(shipped)) return `docs/${page}`;
  const rel = relative(process.cwd(), shipped);
  return rel.startsWith('..') ? shipped : rel.split(sep).join('/');
}

/** The editor schema of the installed engine, relative to the new file's folder (posix separators). */
function schemaReference(dir: string): string | undefined {
  const bundled = bundledDialectsDir();
  if (!bundled) return undefined;
  const path = join(bundled, 'rule-file.schema.json');
  if (!existsSync(path)) return undefined;
  const rel = relative(dir, path).split(sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

function quoteArg(s: string): string {
  return /^[\w./@:-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The id of the template's source: \`vendor-page\`, or, where the base declares that id already, one
 * it does not declare. A source the new file declares under a base's id replaces the base's for
 * every inherited rule, so the placeholder would have replaced the real page each one cites.
 */
function freshSourceId(baseIds: readonly string[], version: string): string {
  if (!baseIds.includes('vendor-page')) return 'vendor-page';
  const id = `vendor-page-${version}`;
  let n = 2;
  let candidate = id;
  while (baseIds.includes(candidate)) candidate = `${id}-${n++}`;
  return candidate;
}

/** Whether `dir` holds a rule file (a folder that does not exist yet holds none). */
function hasRuleFiles(dir: string): boolean {
  try {
    return readdirSync(dir).some((f) => /^[a-z][a-z0-9_]*@\d{4}-\d{2}(-\d{2})?\.yaml$/.test(f));
  } catch {
    return false;
  }
}

function ruleFileText(o: { name: string; version: string; base: string | undefined; sourceId: string; today: string; schemaRef: string | undefined }): string {
  const lines = [
    ...(o.schemaRef ? [`# yaml-language-server: $schema=${o.schemaRef}`] : []),
    `dialect: ${o.name}`,
    `version: "${o.version}"`,
    'status: draft                 # freeze it once its pins are reviewed; a frozen version never changes',
    `summary: ${o.base ? `${o.base}, as ${o.name} reads it.` : `What ${o.name}'s reader accepts.`}`,
    ...(o.base ? [`extends: ${o.base}          # its rules, notes and sources are inherited; a rule with the same id replaces one`] : []),
    o.base ? `sources:                      # every rule of this file names one of these by id (${o.base}'s stay with its rules)` : 'sources:                      # every rule names one of these by id',
    `  ${o.sourceId}:`,
    `    url: ${PLACEHOLDER_SOURCE_URL}`,
    '    title: The vendor page this dialect follows',
    `    read: ${o.today}`,
    ...(o.base ? [] : ['otherKeywords: keep            # keep what no rule mentions (drop: only what rules keep)']),
    'rules: []                     # the actions: node_modules/@redouble/dialects-cli/docs/rule-format.md',
    '',
  ];
  return lines.join('\n');
}
