// The public API of @redouble/dialects: named exports only. Each section belongs to one module.

// diagnostics
export { DialectError, hasErrors, sortDiagnostics } from './diagnostics.js';
export type { Diagnostic, Severity } from './diagnostics.js';

// rules and registry (src/rules)

// conversion (src/convert)

// judge (src/judge)

// lint (src/lint)
export { lintTools } from './lint/run-lint.js';
export { LINT_RULES } from './lint/rule-catalog.js';
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
