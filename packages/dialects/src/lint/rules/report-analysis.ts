/** Reports what an analysis found, under the rule that asked for it. */
import type { SchemaAnalysis } from '../analyse-schema.js';
import { MAX_DEPTH } from '../schema-walk.js';
import type { Reporter } from '../types.js';

/** `skip`: paths the caller already reported a more specific problem for. */
export function reportStructure(code: string, a: SchemaAnalysis, ctx: Reporter, skip: ReadonlySet<string> = new Set()): void {
  if (a.walkProblem?.kind === 'too-deep') {
    ctx.report(code, 'warning', `The schema nests deeper than ${MAX_DEPTH} levels; nothing below this point was checked.`, a.walkProblem.path);
    ctx.incomplete();
  } else if (a.walkProblem?.kind === 'too-big') {
    ctx.report(code, 'error', a.walkProblem.message ?? 'The schema is too large to check.', a.walkProblem.path);
    ctx.incomplete();
  } else if (a.walkProblem?.kind === 'cycle') {
    ctx.report(code, 'error', 'The schema is not JSON data: this object contains itself.', a.walkProblem.path);
    ctx.incomplete();
  }
  for (const p of a.metaProblems) if (!skip.has(p.path)) ctx.report(code, p.severity, p.message, p.path);
  for (const p of a.patternProblems) ctx.report(code, p.severity, p.message, p.path);
}

export function reportRefs(code: string, a: SchemaAnalysis, ctx: Reporter): void {
  for (const r of a.refs) {
    if (r.kind !== 'external') {
      ctx.report(code, 'error', `${r.keyword} ${JSON.stringify(r.ref)} ${r.reason}.`, r.path);
    } else {
      ctx.report(
        code,
        'warning',
        `${r.keyword} ${JSON.stringify(r.ref)} ${r.reason}; external references are never fetched, so what it stands for is not checked.`,
        r.path,
      );
      ctx.incomplete();
    }
  }
}
