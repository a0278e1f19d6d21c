/**
 * lintTools: reads the input, runs every rule on every tool, and says whether the check was
 * complete. Rules report facts about the data; only a wrong option throws.
 */
import { DialectError, type Diagnostic, type Severity } from '../diagnostics.js';
import { analyseSchema, type SchemaAnalysis } from './analyse-schema.js';
import { parseProtocolOption } from './protocol.js';
import { readInput } from './read-input.js';
import { LINT_RULES, RULE, WARNING_ONLY_RULES } from './rule-catalog.js';
import type { LintRule, RuleContext } from './rule-context.js';
import { examplesShape } from './rules/examples-shape.js';
import { examplesValid } from './rules/examples-valid.js';
import { inputSchemaObjectRoot } from './rules/input-schema-object-root.js';
import { inputSchemaPresent } from './rules/input-schema-present.js';
import { legacySchemaShape } from './rules/legacy-schema-shape.js';
import { outputSchemaObjectRoot } from './rules/output-schema-object-root.js';
import { openapiNullable } from './rules/openapi-nullable.js';
import { judgeSize } from './rules/judge-size.js';
import { judgeReads } from './rules/judge-reads.js';
import { requiredRefused } from './rules/required-refused.js';
import { acceptsNothing } from './rules/accepts-nothing.js';
import { branchPropertyRefused } from './rules/branch-property-refused.js';
import { keywordMisspelt } from './rules/keyword-misspelt.js';
import { constrainsNothing } from './rules/constrains-nothing.js';
import { toolSchemaValid } from './rules/tool-schema-valid.js';
import { toolName } from './rules/tool-name.js';
import { toolNamesUnique } from './rules/tool-name-unique.js';
import type { LintOptions, LintResult } from './types.js';
import { withWalkCache } from './schema-walk.js';
import { hasUndefinedMember, withoutUndefinedMembers } from '../undefined-members.js';

/** In this order for every tool; the order only decides the order of the output. */
const RULES: readonly { id: string; run: LintRule }[] = [
  { id: RULE.toolName, run: toolName },
  { id: RULE.inputSchemaPresent, run: inputSchemaPresent },
  { id: RULE.inputSchemaObjectRoot, run: inputSchemaObjectRoot },
  { id: RULE.outputSchemaObjectRoot, run: outputSchemaObjectRoot },
  { id: RULE.toolSchemaValid, run: toolSchemaValid },
  { id: RULE.openapiNullable, run: openapiNullable },
  { id: RULE.judgeSize, run: judgeSize },
  { id: RULE.judgeReads, run: judgeReads },
  { id: RULE.requiredRefused, run: requiredRefused },
  { id: RULE.acceptsNothing, run: acceptsNothing },
  { id: RULE.branchPropertyRefused, run: branchPropertyRefused },
  { id: RULE.keywordMisspelt, run: keywordMisspelt },
  { id: RULE.constrainsNothing, run: constrainsNothing },
  { id: RULE.legacySchemaShape, run: legacySchemaShape },
  { id: RULE.examplesShape, run: examplesShape },
  { id: RULE.examplesValid, run: examplesValid },
];

export function lintTools(input: unknown, options: LintOptions = {}): LintResult {
  const result = withWalkCache(() => lintAll(input, options));
  // A member set to undefined is absent (undefined-members.ts): asked only where lint found something.
  if (result.diagnostics.length === 0 || !hasUndefinedMember(input)) return result;
  const cleaned = withoutUndefinedMembers(input);
  return withWalkCache(() => lintAll(cleaned, options));
}

/** Rule ids that only ever warn (rule-catalog.ts): what `rules: 'warnings'` runs and `errors` leaves out. */
const WARNING_ONLY: ReadonlySet<string> = new Set(WARNING_ONLY_RULES);
const RULE_IDS = new Set(LINT_RULES.map((r) => r.id));

function ruleFilter(rules: unknown): (code: string) => boolean {
  if (rules === undefined || rules === 'all') return () => true;
  if (rules === 'errors') return (code) => !WARNING_ONLY.has(code);
  if (rules === 'warnings') return (code) => WARNING_ONLY.has(code);
  if (Array.isArray(rules) && rules.every((id) => RULE_IDS.has(id))) {
    const only = new Set<string>(rules);
    return (code) => only.has(code);
  }
  const unknown = Array.isArray(rules) ? rules.find((id) => !RULE_IDS.has(id)) : undefined;
  throw new DialectError(
    'invalid-option',
    Array.isArray(rules)
      ? `lintTools option rules names no rule ${JSON.stringify(unknown)}; the rule ids are those of LINT_RULES.`
      : `lintTools option rules must be "all", "errors", "warnings" or a list of rule ids, not ${JSON.stringify(rules)}.`,
  );
}

function lintAll(input: unknown, options: LintOptions): LintResult {
  if (typeof options !== 'object' || options === null) {
    throw new DialectError('invalid-option', 'lintTools options must be an object such as {protocol: "2025-11-25"}.');
  }
  const optionScope = parseProtocolOption(options.protocol);
  const wanted = ruleFilter(options.rules);
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  let complete = true;
  const report = (code: string, severity: Severity, message: string, path: string) => {
    if (!wanted(code)) return;
    // A component shared by several tools is found once per tool; say it once.
    const key = `${code}\u0000${path}\u0000${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    diagnostics.push({ code, severity, message, path });
  };
  const incomplete = () => {
    complete = false;
  };

  const { tools, deref } = readInput(input, optionScope, { report, incomplete });
  if (wanted(RULE.toolNameUnique)) toolNamesUnique(tools, { report, incomplete });
  const analyses = new Map<string, SchemaAnalysis>();
  const context: RuleContext = {
    report,
    incomplete,
    deref,
    analysis(schema, mode) {
      const key = `${mode}\u0000${schema.path}`;
      let a = analyses.get(key);
      if (!a) analyses.set(key, (a = analyseSchema(schema, mode)));
      return a;
    },
  };

  const rules = RULES.filter((rule) => wanted(rule.id));
  for (const tool of tools) {
    for (const rule of rules) {
      try {
        rule.run(tool, context);
      } catch (e) {
        // A value no rule foresaw must not take the whole run down; it is still never silent.
        report(rule.id, 'warning', `This check could not be carried out: ${(e as Error).message}`, tool.path);
        incomplete();
      }
    }
  }
  return { diagnostics, complete };
}
