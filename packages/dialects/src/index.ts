// The public API of @redouble/dialects: named exports only. Each section belongs to one module.

// diagnostics
export { DialectError, hasErrors, sortDiagnostics } from './diagnostics.js';
export type { Diagnostic, Severity } from './diagnostics.js';

// JSON pointers: the form of every diagnostic path and of a local `$ref`
export { escapeToken, unescapeToken, fragmentToPointer, getAt } from './json-pointer.js';
export { decodeUtf8 } from './utf8.js';
export type { Utf8Reading } from './utf8.js';
export { nameYamlKeys } from './yaml-keys.js';
export { yamlValue, YAML_MAX_ALIAS_COUNT } from './yaml-values.js';
export type { KeyPlace, KeyProblem } from './yaml-keys.js';
export { admitsNull } from './admits-null.js';
export type { NullAnswer, NullAdmissionOptions } from './admits-null.js';

// rules and registry (src/rules)
export { DialectRegistry, bundledDialectsDir } from './rules/registry.js';
export { loadDialects } from './rules/load-dialects.js';
export { openDialects } from './rules/open-dialects.js';
export type { Dialect, DialectInfo, DialectSource, LoadDialectsOptions, ResolvedRules } from './rules/registry.js';
export { parseRuleFile, readRuleFile, parseSentenceFile, readSentenceFile } from './rules/load.js';
export { RuleFileSchema, ruleFileJsonSchema, SentenceFileSchema, sentenceFileJsonSchema } from './rules/schema.js';
export type { RuleFile, Rule, Note, SentenceFile } from './rules/schema.js';

// conversion (src/convert)
export { convert, explain, inputShape, DEFAULT_MAX_DEPTH, DEFAULT_MAX_NODES } from './convert/convert.js';
export { requestLimits } from './convert/request-limits.js';
export type { ConvertOptions, ConvertResult, ConvertedTool, InputShape, SchemaObject } from './convert/convert.js';
export type { Explanation } from './convert/walk.js';

// the sentence checker (src/check): no description sentence contradicts its schema
export { checkSentences, SENTENCE_CONTRADICTION } from './check/sentences.js';

// judge (src/judge)
export { createJudge } from './judge/create-judge.js';
export { violationsToDiagnostics } from './judge/render.js';
export type { Judge, JudgeOptions, JudgeResult, JudgeTool, Violation, CheckArgumentsOptions } from './judge/types.js';

// lint (src/lint)
export { lintTools } from './lint/run-lint.js';
export { LINT_RULES, WARNING_ONLY_RULES } from './lint/rule-catalog.js';
export { readLintSource } from './lint/read-source.js';
export { formatLintText } from './lint/format/format-text.js';
export { formatLintJson } from './lint/format/format-json.js';
export { formatLintSarif } from './lint/format/format-sarif.js';
export type { LintOptions, LintResult } from './lint/types.js';
export type { LintRuleInfo } from './lint/rule-catalog.js';
export type { SourceReading } from './lint/read-source.js';
export type { Locate, SourcePosition } from './lint/format/source-location.js';
export type { TextFormatOptions } from './lint/format/format-text.js';
export type { SarifFormatOptions } from './lint/format/format-sarif.js';
