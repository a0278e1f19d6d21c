// @redouble/dialects/core: the registry and the converter alone, for a process that starts, converts
// and exits (the CLI). It leaves out the judge, lint, Ajv, and (until a rule file must be read) the
// YAML parser and zod; `@redouble/dialects` exports all of this too.
export { DialectError, hasErrors, sortDiagnostics } from './diagnostics.js';
export type { Diagnostic, Severity } from './diagnostics.js';
export { escapeToken, unescapeToken, fragmentToPointer, getAt } from './json-pointer.js';
export { decodeUtf8 } from './utf8.js';
export { nameYamlKeys } from './yaml-keys.js';
export { yamlOffset } from './yaml-offset.js';
export { yamlValue, YAML_MAX_ALIAS_COUNT } from './yaml-values.js';
export type { KeyPlace, KeyProblem } from './yaml-keys.js';
export type { Utf8Reading } from './utf8.js';
export { DialectRegistry, bundledDialectsDir } from './rules/registry.js';
export type { Dialect, DialectInfo, DialectSource, LoadDialectsOptions, ResolvedRules } from './rules/registry.js';
export { openDialects } from './rules/open-dialects.js';
export type { RuleFile, Rule, Note } from './rules/schema.js';
export { convert, explain, inputShape } from './convert/convert.js';
export type { ConvertOptions, ConvertResult, ConvertedTool, InputShape, SchemaObject } from './convert/convert.js';
export type { Explanation } from './convert/walk.js';
export { checkSentences } from './check/sentences.js';
export { constrainsNoValueHere } from './convert/keywords.js';
