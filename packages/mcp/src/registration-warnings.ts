import { lintTools, type Diagnostic } from '@redouble/dialects';
import type { Logger } from './logger.js';

/** The longest stretch of the warning-only lint between two turns of the event loop. */
export const WARNINGS_SLICE_MS = 10;

/** A registered tool awaiting the lint rules that only warn: its place in the list and its copy. */
export interface AdviceJob {
  readonly index: number;
  readonly tool: Record<string, unknown> & { name: string };
  /** The rules that can refuse it were complete: an incomplete warning-only pass is worth a line then. */
  readonly complete: boolean;
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

function advise(job: AdviceJob, logger: Logger, found: Diagnostic[]): void {
  const report = lintTools(job.tool, { rules: 'warnings' });
  for (const d of report.diagnostics) found.push(logWarning(logger, job.index, job.tool.name, d));
  if (!report.complete && job.complete) safeWarn(logger, `warning: tool "${job.tool.name}": its schemas could not be checked completely.`);
}

/** Runs the warning-only lint rules over every job now (a registration that fails anyway logs everything it found). */
export function adviseNow(jobs: readonly AdviceJob[], logger: Logger): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const job of jobs) advise(job, logger, found);
  return found;
}

/** A warning-only pass under way: what is left of it, finished at once if the process exits first. */
interface Pending {
  readonly jobs: readonly AdviceJob[];
  next: number;
  readonly logger: Logger;
  readonly found: Diagnostic[];
}

// One 'exit' listener for every pass under way (a process may register many tool sets): a server
// that ends as soon as its client leaves (`process.exit` in onclose) would otherwise drop the
// warnings not yet found. The listener runs synchronously before the process ends.
const pending = new Set<Pending>();
const finishAll = (): void => {
  for (const p of pending) while (p.next < p.jobs.length) advise(p.jobs[p.next++]!, p.logger, p.found);
  pending.clear();
};

/**
 * Runs the warning-only lint rules after registration, in slices of at most `sliceMs` with a turn
 * of the event loop between them: they cannot keep a tool from being served, so a server answers
 * requests while they run (about half of linting a large tool set). Resolves with `before` and
 * what they found; never rejects. If the process exits first, what is left runs as it exits.
 */
export function adviseLater(jobs: readonly AdviceJob[], logger: Logger, before: readonly Diagnostic[] = [], sliceMs = WARNINGS_SLICE_MS): Promise<Diagnostic[]> {
  const job: Pending = { jobs, next: 0, logger, found: [...before] };
  if (jobs.length === 0) return Promise.resolve(job.found);
  if (pending.size === 0) process.once('exit', finishAll);
  pending.add(job);
  return new Promise<Diagnostic[]>((resolve) => {
    const step = (): void => {
      const until = performance.now() + sliceMs;
      try {
        while (job.next < jobs.length) {
          advise(jobs[job.next++]!, logger, job.found);
          if (performance.now() >= until) break;
        }
      } catch (error) {
        // lintTools reports what it meets in the data; a throw here is a fault of ours, said, not a crash.
        safeWarn(logger, `warning: the warning-only checks of tool "${jobs[job.next - 1]?.tool.name}" could not be completed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (job.next < jobs.length) {
        setImmediate(step);
        return;
      }
      pending.delete(job);
      if (pending.size === 0) process.off('exit', finishAll);
      resolve(job.found);
    };
    setImmediate(step);
  });
}
