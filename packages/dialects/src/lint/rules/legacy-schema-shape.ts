/**
 * mcp.tool.legacy-schema.shape: revisions before 2025-11-25 name no dialect; their schema.ts types
 * `inputSchema` as {type: "object", properties?: {[name]: object}, required?: string[]}, and
 * `outputSchema` appears only in 2025-06-18. A malformed schema is an error; an older-draft idiom a
 * warning. When the tool is also checked for a dialect revision, json-schema.tool-schema.valid
 * reports meta-schema and reference problems, so they are not repeated here.
 */
import { dialectRevisions, legacyRevisions, listRevisions, revisionsWithoutOutputSchema } from '../protocol.js';
import { RULE } from '../rule-catalog.js';
import { isRecord, schemasOf, type LintRule } from '../rule-context.js';
import type { Located, Reporter } from '../types.js';
import { join } from '../../json-pointer.js';
import { reportRefs, reportStructure } from './report-analysis.js';

const CODE = RULE.legacySchemaShape;

/** Returns the paths it reported, so the meta-schema check does not repeat them. */
function checkRootShape(key: string, schema: Located, revisions: string, ctx: Reporter): Set<string> {
  const reported = new Set<string>();
  const report = (message: string, path: string) => {
    reported.add(path);
    ctx.report(CODE, 'error', message, path);
  };
  if (!isRecord(schema.value)) return reported;
  const { properties, required } = schema.value;
  if (properties !== undefined) {
    if (!isRecord(properties)) {
      report(`Under ${revisions}, ${key}.properties must be an object of property schemas.`, `${schema.path}/properties`);
    } else {
      for (const name of Object.keys(properties)) {
        if (!isRecord(properties[name])) {
          report(`Under ${revisions}, each property schema must be a JSON object.`, join(`${schema.path}/properties`, name));
        }
      }
    }
  }
  if (required !== undefined && !(Array.isArray(required) && required.every((r) => typeof r === 'string'))) {
    report(`Under ${revisions}, ${key}.required must be a list of property names.`, `${schema.path}/required`);
  }
  return reported;
}

export const legacySchemaShape: LintRule = (tool, ctx) => {
  const legacy = legacyRevisions(tool.scope);
  if (legacy.length === 0) return;
  const alsoModern = dialectRevisions(tool.scope).length > 0;
  for (const { key, schema } of schemasOf(tool)) {
    let revisions = legacy;
    if (key === 'outputSchema') {
      const without = revisionsWithoutOutputSchema(tool.scope);
      if (without.length > 0) {
        ctx.report(CODE, 'error', `${listRevisions(without)} define${without.length === 1 ? 's' : ''} no outputSchema.`, schema.path);
      }
      revisions = legacy.filter((r) => !without.includes(r));
      if (revisions.length === 0) continue;
    }
    const reported = checkRootShape(key, schema, listRevisions(revisions), ctx);
    const a = ctx.analysis(schema, 'legacy');
    for (const idiom of a.idioms) ctx.report(CODE, 'warning', idiom.message, idiom.path);
    if (!alsoModern) {
      reportStructure(CODE, a, ctx, reported);
      reportRefs(CODE, a, ctx);
    }
  }
};
