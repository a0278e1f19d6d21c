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

/** Logs one registration warning as `warning: tool "x" at /path: message [code]`, and returns it as a diagnostic of the tool list. */
export function logWarning(logger: Logger, index: number, name: string, d: Diagnostic): Diagnostic {
  const where = `tool "${name}" at ${d.path || '/'}`;
  logger.warn(`warning: ${where}: ${d.message} [${d.code}]`);
  return { ...d, message: `${where}: ${d.message}`, path: `/${index}${d.path}` };
}

function advise(job: AdviceJob, logger: Logger, found: Diagnostic[]): void {
  const report = lintTools(job.tool, { rules: 'warnings' });
  for (const d of report.diagnostics) found.push(logWarning(logger, job.index, job.tool.name, d));
  if (!report.complete && job.complete) logger.warn(`warning: tool "${job.tool.name}": its schemas could not be checked completely.`);
}

/** Runs the warning-only lint rules over every job now (a registration that fails anyway logs everything it found). */
export function adviseNow(jobs: readonly AdviceJob[], logger: Logger): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const job of jobs) advise(job, logger, found);
  return found;
}

/**
 * Runs the warning-only lint rules after registration, in slices of at most `sliceMs` with a turn
 * of the event loop between them: they cannot keep a tool from being served, so a server answers
 * requests while they run (about half of linting a large tool set). Resolves with `before` and what they found;
 * rejects only when the logger throws (and that rejection is never left unhandled here).
 */
export function adviseLater(jobs: readonly AdviceJob[], logger: Logger, before: readonly Diagnostic[] = [], sliceMs = WARNINGS_SLICE_MS): Promise<Diagnostic[]> {
  const found = [...before];
  let next = 0;
  const done = new Promise<Diagnostic[]>((resolve, reject) => {
    const step = (): void => {
      try {
        const until = performance.now() + sliceMs;
        while (next < jobs.length) {
          advise(jobs[next++]!, logger, found);
          if (performance.now() >= until) break;
        }
      } catch (error) {
        reject(error);
        return;
      }
      if (next < jobs.length) setImmediate(step);
      else resolve(found);
    };
    setImmediate(step);
  });
  done.catch(() => {
    // Whoever awaits the promise hears of a throwing logger; nobody awaiting it is no crash.
  });
  return done;
}
