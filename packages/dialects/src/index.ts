// The public API of @redouble/dialects: named exports only. Each section belongs to one module.

// diagnostics
export { DialectError, hasErrors, sortDiagnostics } from './diagnostics.js';
export type { Diagnostic, Severity } from './diagnostics.js';

// rules and registry (src/rules)

// conversion (src/convert)

// judge (src/judge)

// lint (src/lint)
