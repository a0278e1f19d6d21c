/**
 * Everything the rules need to know about one embedded schema, computed once per lint run:
 * the dialect it declares, its meta-schema problems, its references and its patterns.
 */
import { metaProblems } from './meta-check.js';
import { readDialect, type DialectReading, type SchemaDialect } from './dialect.js';
import { findLegacyIdioms, type Idiom } from './legacy-idioms.js';
import { checkSize } from './measure.js';
import { checkRefs, type RefFinding } from './refs.js';
import { patternProblems } from './pattern-check.js';
import type { WalkProblem } from './schema-walk.js';
import type { Located } from './types.js';

export interface Problem {
  path: string;
  severity: 'error' | 'warning';
  message: string;
}

export interface SchemaAnalysis {
  reading: DialectReading;
  /** The dialect the schema was checked under; undefined when its `$schema` is unsupported. */
  dialect: SchemaDialect | undefined;
  /** The schema as checked (older-draft idioms translated in legacy mode). */
  checked: unknown;
  metaProblems: Problem[];
  patternProblems: Problem[];
  refs: RefFinding[];
  idioms: Idiom[];
  walkProblem: WalkProblem | undefined;
  /** Past the judge's bound on the work of judging one value, references written out (judge-work.ts). */
  judgeWork?: { path: string; message: string };
}

export function analyseSchema(located: Located, mode: 'dialect' | 'legacy'): SchemaAnalysis {
  const reading = readDialect(located.value);
  const tooBig = checkSize(located.value, located.path);
  if (tooBig) {
    const dialect = reading.kind === 'unsupported' ? undefined : reading.dialect;
    const walkProblem = { kind: 'too-big' as const, ...tooBig };
    return { reading, dialect, checked: located.value, metaProblems: [], patternProblems: [], refs: [], idioms: [], walkProblem };
  }
  const legacy = mode === 'legacy' ? findLegacyIdioms(located.value, located.path) : undefined;
  // Revisions without a dialect were read by draft-07 validators in practice (the 2025-06-18
  // protocol schema itself is draft-07); with a dialect, the declared one or 2020-12.
  const dialect: SchemaDialect | undefined = legacy ? 'draft-07' : reading.kind === 'unsupported' ? undefined : reading.dialect;
  const checked = legacy ? legacy.normalised : located.value;
  const refs = checkRefs(checked, located.path, dialect ?? '2020-12');
  const walkProblem = legacy?.walkProblem ?? refs.walkProblem;
  const analysis: SchemaAnalysis = {
    reading,
    dialect,
    checked,
    metaProblems: [],
    patternProblems: [],
    refs: refs.findings,
    idioms: legacy?.idioms ?? [],
    walkProblem,
    ...(refs.judgeWork ? { judgeWork: refs.judgeWork } : {}),
  };
  // Past the depth guard or on a cycle, the meta-schema check would recurse without bound.
  if (!walkProblem && dialect) {
    analysis.metaProblems = metaProblems(checked, located.path, dialect).map((p) => ({ ...p, severity: 'error' as const }));
    analysis.patternProblems = patternProblems(checked, located.path);
  }
  return analysis;
}

/** True when nothing stops a validator from compiling the schema (external refs aside). */
export function isCompilable(a: SchemaAnalysis): boolean {
  return (
    a.dialect !== undefined &&
    !a.walkProblem &&
    a.metaProblems.length === 0 &&
    !a.patternProblems.some((p) => p.severity === 'error') &&
    !a.refs.some((r) => r.kind !== 'external')
  );
}
