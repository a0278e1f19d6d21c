/**
 * Reads one case folder and says what is wrong with it: a missing or unreadable input.json, a
 * missing or malformed case.yaml, a pinned file for a dialect version the registry does not load,
 * a stray file. Pure reading, no conversion: the same checks run on a clean clone and in the tests.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as Yaml from 'yaml';
import { LineCounter, parseDocument } from 'yaml';
import { decodeUtf8, yamlOffset } from '@redouble/dialects/core';
import { jsonFault } from '../input.js';

export interface SentenceCheck {
  /** The exact sentence a dialect writes into a description. */
  text: string;
  /** A dialect "dropped" the rule when none of these keys appears anywhere in its output. */
  whenAbsent: string[];
}

/**
 * A vendor checker's refusal of a frozen version's output that is known and written down: a frozen
 * version's spelling never changes, so where a later version fixes what a vendor refuses, the
 * earlier one's refusal stays, named here with why. The suite fails if it no longer happens.
 */
export interface KnownRefusal {
  /** A frozen dialect version, name@version. */
  dialect: string;
  /** The checker's name, as its problems begin. */
  checker: string;
  why: string;
}

export interface CaseMeta {
  description: string;
  sentences: SentenceCheck[];
  knownRefusals: KnownRefusal[];
}

export interface CaseFolder {
  name: string;
  dir: string;
  input: unknown;
  /** Exactly as the file reads, so a test can show it was copied unchanged. */
  inputText: string | undefined;
  meta: CaseMeta | undefined;
  /** dialect id -> path of its pinned file, for every file in expected/. */
  pinned: Map<string, string>;
  problems: string[];
  /**
   * Pins of versions no loaded rule file defines, each also among `problems` (so a reader of the
   * whole folder still fails on them); the runner tells them apart because they stop no comparison.
   */
  stalePins: StalePin[];
}

/** A pinned output of a dialect version no loaded rule file defines: renamed or removed since. */
export interface StalePin {
  id: string;
  path: string;
}

export const EXPECTED_DIR = 'expected';

/** Folder names starting with `_` are not cases (`_bundled/` holds a user's pins of the bundled cases). */
export function listCases(casesDir: string): string[] {
  if (!existsSync(casesDir)) return [];
  return readdirSync(casesDir).filter((n) => !n.startsWith('_') && statSync(join(casesDir, n)).isDirectory()).sort();
}

export function pinnedPath(dir: string, dialectId: string): string {
  return join(dir, EXPECTED_DIR, `${dialectId}.json`);
}

export function readCaseFolder(casesDir: string, name: string, knownIds: ReadonlySet<string>): CaseFolder {
  const dir = join(casesDir, name);
  const problems: string[] = [];
  const folder: CaseFolder = { name, dir, input: undefined, inputText: undefined, meta: undefined, pinned: new Map(), problems, stalePins: [] };

  const inputPath = join(dir, 'input.json');
  if (!existsSync(inputPath)) problems.push(`${inputPath}: missing (every case needs its canonical input)`);
  else {
    folder.inputText = readText(inputPath, problems);
    if (folder.inputText !== undefined) {
      try {
        folder.input = JSON.parse(folder.inputText) as unknown;
      } catch (e) {
        const fault = jsonFault(folder.inputText, inputPath, e);
        problems.push(`${fault.where}: ${fault.message}`);
      }
    }
  }

  const metaPath = join(dir, 'case.yaml');
  if (!existsSync(metaPath)) problems.push(`${metaPath}: missing (say in one line what the case exercises)`);
  else folder.meta = readMeta(metaPath, problems);

  for (const f of readdirSync(dir).sort()) {
    if (f !== 'input.json' && f !== 'case.yaml' && f !== EXPECTED_DIR) problems.push(`${join(dir, f)}: unexpected file (a case holds input.json, case.yaml and ${EXPECTED_DIR}/)`);
  }
  for (const [id, path] of readPins(dir, knownIds, problems, folder.stalePins)) folder.pinned.set(id, path);
  return folder;
}

/**
 * The pinned outputs in `dir/expected/` by dialect id; a file that is no pin, or pins a version no
 * loaded rule file defines (renamed or removed since), is a problem, the latter also listed in
 * `stale`. Read for a case folder, and for the folder where a caller's dialects pin a bundled case
 * (`CASES/_bundled/<case>`).
 */
export function readPins(dir: string, knownIds: ReadonlySet<string>, problems: string[], stale: StalePin[]): Map<string, string> {
  const pins = new Map<string, string>();
  const expectedDir = join(dir, EXPECTED_DIR);
  if (!existsSync(expectedDir)) return pins;
  for (const f of readdirSync(expectedDir).sort()) {
    const id = f.endsWith('.json') ? f.slice(0, -5) : undefined;
    if (id === undefined) problems.push(`${join(expectedDir, f)}: not a pinned output (<dialect>@<version>.json)`);
    else if (!knownIds.has(id)) {
      const pin = { id, path: join(expectedDir, f) };
      stale.push(pin);
      problems.push(stalePinProblem(pin));
    }
    else pins.set(id, join(expectedDir, f));
  }
  return pins;
}

export function stalePinProblem(pin: StalePin): string {
  return `${pin.path}: pinned for ${pin.id}, which no loaded rule file defines (delete it, or restore the dialect version)`;
}

/**
 * Where one version's pins lie, short enough for one line: per folder of case pins, the one file,
 * or a shell pattern that matches them all, with a `*` for the case folder.
 */
export function pinPlaces(id: string, paths: readonly string[]): string[] {
  const byRoot = new Map<string, string[]>();
  for (const p of paths) {
    const root = dirname(dirname(dirname(p)));
    byRoot.set(root, [...(byRoot.get(root) ?? []), p]);
  }
  return [...byRoot].map(([root, files]) => (files.length === 1 ? files[0]! : join(root, '*', EXPECTED_DIR, `${id}.json`)));
}

/** The file's text, or undefined with a problem at its first bad byte when it is not UTF-8. */
function readText(path: string, problems: string[]): string | undefined {
  const read = decodeUtf8(readFileSync(path));
  if (read.ok) return read.text;
  problems.push(`${path}:${read.line}:${read.column}: ${read.message}; a case file is UTF-8 text`);
  return undefined;
}

function readMeta(path: string, problems: string[]): CaseMeta | undefined {
  const text = readText(path, problems);
  if (text === undefined) return undefined;
  // Every problem at file:line:column, as a rule file's are: the place of the value (or key) at fault.
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  const pos = (offset: number): string => {
    const { line, col } = lines.linePos(offset);
    return `${path}:${line}:${col}`;
  };
  const where = (segments: readonly (string | number)[], atKey = false): string => pos(yamlOffset(Yaml, doc, segments, atKey));
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    problems.push(`${pos(e.pos[0])}: not valid YAML (${e.message.split('\n')[0]})`);
    return undefined;
  }
  const raw: unknown = doc.toJS();
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push(`${pos(0)}: must be a mapping with a description`);
    return undefined;
  }
  const rec = raw as Record<string, unknown>;
  for (const k of Object.keys(rec)) if (k !== 'description' && k !== 'sentences' && k !== 'knownRefusals') problems.push(`${where([k], true)}: unknown key "${k}" (a case.yaml holds description, sentences and knownRefusals)`);
  const description = rec.description;
  if (description === undefined) {
    problems.push(`${pos(0)}: missing description (one line saying what the case exercises)`);
    return undefined;
  }
  if (typeof description !== 'string' || description.trim() === '' || description.includes('\n')) {
    problems.push(`${where(['description'])}: description must be one non-empty line`);
    return undefined;
  }
  const sentences: SentenceCheck[] = [];
  const list = rec.sentences ?? [];
  if (!Array.isArray(list)) problems.push(`${where(['sentences'])}: sentences must be a list`);
  else {
    list.forEach((s: unknown, i) => {
      const r = s as Record<string, unknown> | null;
      const ok = r !== null && typeof r === 'object' && typeof r.text === 'string' && Array.isArray(r.whenAbsent) && r.whenAbsent.every((k) => typeof k === 'string');
      if (!ok) problems.push(`${where(['sentences', i])}: sentences[${i}] needs text (string) and whenAbsent (list of keywords)`);
      else sentences.push({ text: r.text as string, whenAbsent: r.whenAbsent as string[] });
    });
  }
  const knownRefusals: KnownRefusal[] = [];
  const refusals = rec.knownRefusals ?? [];
  if (!Array.isArray(refusals)) problems.push(`${where(['knownRefusals'])}: knownRefusals must be a list`);
  else {
    refusals.forEach((r: unknown, i) => {
      const o = r as Record<string, unknown> | null;
      const ok = o !== null && typeof o === 'object' && !Array.isArray(o) && Object.keys(o).every((k) => k === 'dialect' || k === 'checker' || k === 'why');
      if (!ok || typeof o.dialect !== 'string' || !o.dialect.includes('@') || typeof o.checker !== 'string' || typeof o.why !== 'string' || o.why.trim() === '') {
        problems.push(`${where(['knownRefusals', i])}: knownRefusals[${i}] needs dialect (name@version), checker and why, and nothing else`);
      } else knownRefusals.push({ dialect: o.dialect, checker: o.checker, why: o.why });
    });
  }
  return { description, sentences, knownRefusals };
}
