/**
 * json-schema.tool-schema.valid: an embedded inputSchema / outputSchema is valid under its
 * declared or default dialect, and a declared dialect is 2020-12 or draft-07. Applies to the
 * revisions that define an embedded dialect; before them a declared `$schema` is itself an error.
 */
import { unsupportedDialectMessage } from '../meta-check.js';
import { dialectRevisions, legacyRevisions, listRevisions } from '../protocol.js';
import { RULE } from '../rule-catalog.js';
import { isRecord, schemasOf, type LintRule } from '../rule-context.js';
import { reportRefs, reportStructure } from './report-analysis.js';

const CODE = RULE.toolSchemaValid;

export const toolSchemaValid: LintRule = (tool, ctx) => {
  const modern = dialectRevisions(tool.scope);
  const legacy = legacyRevisions(tool.scope);
  for (const { key, schema } of schemasOf(tool)) {
    if (legacy.length > 0 && isRecord(schema.value) && '$schema' in schema.value) {
      ctx.report(
        CODE,
        'error',
        `${listRevisions(legacy)} define${legacy.length === 1 ? 's' : ''} no embedded schema dialect, so ${key} may not declare "$schema" there.`,
        `${schema.path}/$schema`,
      );
    }
    if (modern.length === 0) continue;
    const a = ctx.analysis(schema, 'dialect');
    if (a.reading.kind === 'unsupported') {
      ctx.report(
        CODE,
        'error',
        unsupportedDialectMessage(a.reading.value),
        `${schema.path}/$schema`,
      );
      // Nothing else can be judged against a dialect the linter does not know.
      ctx.incomplete();
      continue;
    }
    reportStructure(CODE, a, ctx);
    reportRefs(CODE, a, ctx);
  }
};
