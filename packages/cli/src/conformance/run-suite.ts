/**
 * The conformance runner: every case through every dialect under test, compared with its pinned
 * `expected/<dialect>@<version>.json`, re-pinned with `update` (never a frozen version's existing
 * pin), with the invariants and any vendor checkers applied to each output. Pins of a version no
 * loaded rule file defines are reported once per version (removed by `update`), and stop no
 * comparison of the versions that are loaded. `dialects test` and the
 * repository's own suite (conformance/conformance.test.ts) both run on these functions.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { convert, type ConvertResult, type Dialect, type DialectRegistry } from '@redouble/dialects/core';
import { listCases, pinnedPath, pinPlaces, readCaseFolder, readPins, stalePinProblem, type CaseFolder, type StalePin } from './case-folder.js';
import { checkInvariants, INVARIANTS, spelledSchemasIn, type InvariantCheck } from './invariants.js';
import { descriptions, hasKeyAnywhere } from './output-walk.js';
import { decidePin, pinnedText } from './pin.js';
import { lineDiff } from './text-diff.js';
import { makeDirectories } from '../make-directories.js';

/** A folder of cases and where each case's pins live. */
export interface CaseSet {
  /** How reports name the set: "bundled" or the folder. */
  label: string;
  dir: string;
  /** The folder whose `expected/` holds a case's pins (the case folder itself, or one in the user's cases). */
  pinDir(caseName: string): string;
  /** Check the case's `sentences` (their wording belongs to the dialects the case was written for). */
  sentences: boolean;
}

export interface SuiteOptions {
  registry: DialectRegistry;
  /** The dialect versions under test. */
  dialects: readonly Dialect[];
  caseSets: readonly CaseSet[];
  update: boolean;
  /** The command that re-pins, named in failure messages. */
  rerun?: string;
  /** Further per-schema checks of an output (the repository's vendor checkers), of each schema the dialect spells. */
  /** `at`: where the schema stands in the output ("/outputSchema", "" for a bare schema). */
  outputChecks?: (dialectId: string, schema: unknown, at: string) => string[];
  invariants?: readonly InvariantCheck[];
  /** The registry without the caller's folders: a frozen version must convert byte for byte alike in both. */
  baseline?: DialectRegistry;
}

export interface PinOutcome {
  set: string;
  caseName: string;
  dialect: string;
  status: 'same' | 'written' | 'failed';
  problems: string[];
  /** Pinned vs now, when they differ. */
  diff: string;
  /** Parsed for a structured comparison in tests: the pinned and the actual file. */
  pinned: string | undefined;
  actual: string;
}

export interface CaseReport {
  set: string;
  name: string;
  dir: string;
  problems: string[];
}

/** Every pin of one dialect version no loaded rule file defines, over all cases. */
export interface StaleVersion {
  id: string;
  paths: string[];
  /** Deleted by this run (`update`): a version that does not exist can never be re-pinned. */
  removed: boolean;
  /** One line: how many, where, and how to be rid of them (or that they are gone). */
  message: string;
}

export interface SuiteReport {
  cases: CaseReport[];
  outcomes: PinOutcome[];
  stale: StaleVersion[];
  ok: boolean;
}

/** One case folder, read; results are converted once per dialect and shared by every check. */
export class CaseRun {
  readonly folder: CaseFolder;
  readonly #results = new Map<string, ConvertResult>();

  constructor(
    readonly set: CaseSet,
    name: string,
    private readonly options: SuiteOptions,
  ) {
    const known = new Set(options.registry.list().map((d) => d.id));
    this.folder = readCaseFolder(set.dir, name, known);
    // Pinned elsewhere (a caller's pins of a bundled case): stale pins there are problems too.
    const pinDir = set.pinDir(name);
    if (resolve(pinDir) !== resolve(this.folder.dir)) readPins(pinDir, known, this.folder.problems, this.folder.stalePins);
  }

  /** The folder's problems that leave nothing to compare; a stale pin is not one of them. */
  caseProblems(): string[] {
    const stale = new Set(this.folder.stalePins.map(stalePinProblem));
    return this.folder.problems.filter((p) => !stale.has(p));
  }

  result(dialect: Dialect): ConvertResult {
    let r = this.#results.get(dialect.id);
    if (!r) {
      r = convert(this.folder.input, dialect);
      this.#results.set(dialect.id, r);
    }
    return r;
  }

  /** Compares (or re-pins) one dialect's output and applies every check to it. */
  checkPin(dialect: Dialect): PinOutcome {
    const { folder, set, options } = this;
    const base = { set: set.label, caseName: folder.name, dialect: dialect.id };
    if (folder.inputText === undefined || folder.input === undefined) {
      return { ...base, status: 'failed', problems: [`${folder.dir}/input.json is missing or not JSON`], diff: '', pinned: undefined, actual: '' };
    }
    const problems: string[] = [];
    const before = JSON.stringify(folder.input);
    const result = this.result(dialect);
    if (JSON.stringify(folder.input) !== before) problems.push("the caller's input was mutated");
    const actual = pinnedText(result.output, result.diagnostics);
    const again = convert(folder.input, dialect);
    if (pinnedText(again.output, again.diagnostics) !== actual) problems.push('two conversions of the same input differ');

    const path = pinnedPath(set.pinDir(folder.name), dialect.id);
    const current = readOrUndefined(path);
    const decision = decidePin({ path, id: dialect.id, current, actual, frozen: dialect.status === 'frozen', update: options.update, ...(options.rerun ? { rerun: options.rerun } : {}) });
    let status: PinOutcome['status'] = 'same';
    if (decision.action === 'write') {
      writeAtomically(path, actual);
      status = 'written';
    }
    if (decision.action === 'fail') problems.push(decision.message);

    // A clean result must be readable by its vendor; an error diagnostic already says it is not. An
    // outputSchema published as authored is the author's schema (an invariant checks it), judged by
    // no checker, as the canonical dialect's output is not.
    // A frozen version's refusal written down in case.yaml (knownRefusals) is expected, and must still happen.
    if (options.outputChecks && result.ok && result.output !== undefined) {
      const known = (folder.meta?.knownRefusals ?? []).filter((k) => k.dialect === dialect.id);
      const seen = new Set<string>();
      for (const { at, schema } of spelledSchemasIn(dialect, result.output)) {
        for (const p of options.outputChecks(dialect.id, schema, at)) {
          const expected = dialect.status === 'frozen' ? known.find((k) => p.startsWith(`${k.checker} `)) : undefined;
          if (expected !== undefined) seen.add(expected.checker);
          else problems.push(`${at} refused by a checker of ${dialect.id}: ${p}`);
        }
      }
      for (const k of known) {
        if (dialect.status !== 'frozen') problems.push(`case.yaml lists a known refusal by ${k.checker} for ${k.dialect}, which is not frozen: fix the draft instead`);
        else if (!seen.has(k.checker)) problems.push(`case.yaml lists a known refusal by ${k.checker} for ${k.dialect}, but the checker accepts the output now: take it out`);
      }
    }
    problems.push(...checkInvariants({ dialect, input: folder.input, result }, options.invariants ?? INVARIANTS));
    if (problems.length > 0) status = 'failed';
    const diff = decision.action === 'fail' && current !== undefined ? lineDiff(current, actual) : '';
    return { ...base, status, problems, diff, pinned: current, actual };
  }

  /** Every frozen version of the baseline gives the same bytes whether or not the caller's folders are loaded. */
  frozenUnchanged(): string[] {
    const { baseline, registry } = this.options;
    if (!baseline || this.folder.input === undefined) return [];
    const problems: string[] = [];
    for (const info of baseline.list()) {
      if (info.status !== 'frozen') continue;
      const alone = convert(this.folder.input, baseline.get(info.id));
      const loaded = this.result(registry.get(info.id));
      if (pinnedText(alone.output, alone.diagnostics) !== pinnedText(loaded.output, loaded.diagnostics)) {
        problems.push(`${info.id} is frozen but converts differently with the extra dialect folders loaded`);
      }
    }
    return problems;
  }

  /** `sentences` of case.yaml: a dialect that drops the keywords writes the exact sentence. */
  sentenceProblems(dialects: readonly Dialect[]): string[] {
    const problems: string[] = [];
    for (const s of this.folder.meta?.sentences ?? []) {
      let exercised = 0;
      for (const d of dialects) {
        const out = this.result(d).output;
        if (out === undefined || hasKeyAnywhere(out, s.whenAbsent)) continue;
        exercised++;
        if (!descriptions(out).some((text) => text.includes(s.text))) problems.push(`${d.id} dropped ${s.whenAbsent.join('/')} without "${s.text}"`);
      }
      if (exercised === 0) problems.push(`no dialect under test drops ${s.whenAbsent.join('/')}, so "${s.text}" is never exercised`);
    }
    return problems;
  }
}

/** Runs every case of every set through every dialect under test. */
export function runSuite(options: SuiteOptions): SuiteReport {
  const cases: CaseReport[] = [];
  const outcomes: PinOutcome[] = [];
  const stalePins: StalePin[] = [];
  for (const set of options.caseSets) {
    for (const name of listCases(set.dir)) {
      const run = new CaseRun(set, name, options);
      // Reported once per version below: in each case they would bury the real differences.
      stalePins.push(...run.folder.stalePins);
      const problems = run.caseProblems();
      if (problems.length === 0) {
        for (const d of options.dialects) outcomes.push(run.checkPin(d));
        if (set.sentences) problems.push(...run.sentenceProblems(options.dialects));
        problems.push(...run.frozenUnchanged());
      }
      cases.push({ set: set.label, name, dir: run.folder.dir, problems });
    }
  }
  const stale = staleVersions(stalePins, options);
  const ok = cases.every((c) => c.problems.length === 0) && outcomes.every((o) => o.status !== 'failed') && stale.every((v) => v.removed);
  return { cases, outcomes, stale, ok };
}

/** Groups the stale pins by version; `update` deletes them, as nothing could ever compare with them again. */
function staleVersions(pins: readonly StalePin[], options: SuiteOptions): StaleVersion[] {
  const byId = new Map<string, string[]>();
  for (const p of pins) byId.set(p.id, [...(byId.get(p.id) ?? []), p.path]);
  const rerun = options.rerun ?? 'dialects test --update';
  return [...byId].sort(([a], [b]) => a.localeCompare(b)).map(([id, paths]) => {
    const count = `${paths.length} pinned output${paths.length === 1 ? '' : 's'}`;
    const where = pinPlaces(id, paths).join(', ');
    if (!options.update) {
      return { id, paths, removed: false, message: `${id}: ${count} of a version no loaded rule file defines (renamed or removed since): ${where}; restore its rule file, or run \`${rerun}\` to remove ${paths.length === 1 ? 'it' : 'them'}` };
    }
    for (const p of paths) rmSync(p);
    return { id, paths, removed: true, message: `removed ${count} of ${id}, which no loaded rule file defines: ${where}` };
  });
}

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Write-then-rename, so an interrupted run never leaves half a pin. */
function writeAtomically(path: string, text: string): void {
  makeDirectories(dirname(path));
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text, 'utf8');
  renameSync(tmp, path);
}
