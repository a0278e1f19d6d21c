import { lintTools, WARNING_ONLY_RULES, type Diagnostic } from '@redouble/dialects';
import type { Logger } from './logger.js';

/** The longest stretch of the warning-only lint between two turns of the event loop. */
export const WARNINGS_SLICE_MS = 10;

/** A registered tool awaiting the lint rules that only warn: its place in the list and its copy. */
export interface AdviceJob {
  readonly index: number;
  readonly tool: Record<string, unknown> & { name: string };
  /** The rules that can refuse it were complete: an incomplete warning-only pass is worth a line then. */
  readonly complete: boolean;
  /** How many JSON values the tool holds: a large one is read one rule per slice. */
  readonly values: number;
}

/**
 * Past this many JSON values a tool's warning-only rules run one per slice: all of them over a
 * tool of 550 properties (about 9 400 values) took 25-49 ms of one turn of the event loop (round
 * 25), each alone about a third of that. Below it, one tool per call shares the rules' one walk.
 */
const ONE_RULE_PER_SLICE = 2_000;

/** One call of the warning-only pass: a tool, and which of those rules (all of them, or one). */
interface Unit {
  readonly job: AdviceJob;
  readonly rules: 'warnings' | readonly string[];
  /** The last unit of its tool: where an incomplete check of it is said, once. */
  readonly last: boolean;
}

function unitsOf(jobs: readonly AdviceJob[]): Unit[] {
  return jobs.flatMap((job): Unit[] =>
    job.values > ONE_RULE_PER_SLICE ? WARNING_ONLY_RULES.map((id, i) => ({ job, rules: [id], last: i === WARNING_ONLY_RULES.length - 1 })) : [{ job, rules: 'warnings', last: true }],
  );
}

/**
 * Writes one line to the logger. A logger that throws must neither stop registration nor lose the
 * warnings after it, nor hide the refusal it was logging beside: the line goes to stderr instead,
 * once with the logger's fault.
 */
export function safeWarn(logger: Logger, line: string): void {
  try {
    logger.warn(line);
  } catch (error) {
    process.stderr.write(`${line}\n(the logger threw on this line: ${error instanceof Error ? error.message : String(error)})\n`);
  }
}

/** Logs one registration warning as `warning: tool "x" at /path: message [code]`, and returns it as a diagnostic of the tool list. */
export function logWarning(logger: Logger, index: number, name: string, d: Diagnostic): Diagnostic {
  const where = `tool "${name}" at ${d.path || '/'}`;
  safeWarn(logger, `warning: ${where}: ${d.message} [${d.code}]`);
  return { ...d, message: `${where}: ${d.message}`, path: `/${index}${d.path}` };
}

/** A warning-only pass: its units, how far it is, what it found, and which tools were not checked in full. */
interface Pass {
  readonly units: readonly Unit[];
  next: number;
  readonly logger: Logger;
  readonly found: Diagnostic[];
  readonly incomplete: Set<AdviceJob>;
}

function advise(pass: Pass, unit: Unit): void {
  const { job } = unit;
  const report = lintTools(job.tool, { rules: unit.rules });
  for (const d of report.diagnostics) pass.found.push(logWarning(pass.logger, job.index, job.tool.name, d));
  if (!report.complete && job.complete) pass.incomplete.add(job);
  if (unit.last && pass.incomplete.delete(job)) safeWarn(pass.logger, `warning: tool "${job.tool.name}": its schemas could not be checked completely.`);
}

function newPass(jobs: readonly AdviceJob[], logger: Logger, before: readonly Diagnostic[]): Pass {
  return { units: unitsOf(jobs), next: 0, logger, found: [...before], incomplete: new Set() };
}

/** Runs the warning-only lint rules over every job now (a registration that fails anyway logs everything it found). */
export function adviseNow(jobs: readonly AdviceJob[], logger: Logger): Diagnostic[] {
  const pass = newPass(jobs, logger, []);
  while (pass.next < pass.units.length) advise(pass, pass.units[pass.next++]!);
  return pass.found;
}

// One 'exit' listener for every pass under way (a process may register many tool sets): a server
// that ends as soon as its client leaves (`process.exit` in onclose) would otherwise drop the
// warnings not yet found. The listener runs synchronously before the process ends.
const pending = new Set<Pass>();
const finishAll = (): void => {
  for (const p of pending) while (p.next < p.units.length) advise(p, p.units[p.next++]!);
  pending.clear();
};

/**
 * Runs the warning-only lint rules after registration, in slices of at most `sliceMs` with a turn
 * of the event loop between them: they cannot keep a tool from being served, so a server answers
 * requests while they run (about half of linting a large tool set). Resolves with `before` and
 * what they found; never rejects. If the process exits first, what is left runs as it exits.
 */
export function adviseLater(jobs: readonly AdviceJob[], logger: Logger, before: readonly Diagnostic[] = [], sliceMs = WARNINGS_SLICE_MS): Promise<Diagnostic[]> {
  const pass = newPass(jobs, logger, before);
  if (pass.units.length === 0) return Promise.resolve(pass.found);
  if (pending.size === 0) process.once('exit', finishAll);
  pending.add(pass);
  return new Promise<Diagnostic[]>((resolve) => {
    const step = (): void => {
      const until = performance.now() + sliceMs;
      try {
        while (pass.next < pass.units.length) {
          advise(pass, pass.units[pass.next++]!);
          if (performance.now() >= until) break;
        }
      } catch (error) {
        // lintTools reports what it meets in the data; a throw here is a fault of ours, said, not a crash.
        safeWarn(logger, `warning: the warning-only checks of tool "${pass.units[pass.next - 1]?.job.tool.name}" could not be completed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (pass.next < pass.units.length) {
        setImmediate(step);
        return;
      }
      pending.delete(pass);
      if (pending.size === 0) process.off('exit', finishAll);
      resolve(pass.found);
    };
    setImmediate(step);
  });
}
